import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import type { GatedAction } from "@/hooks/use-gated-action";
import { t } from "@/i18n/uk";
import type { api } from "@/lib/backend";
import styles from "./admin.module.css";

/** Spec §5 limits of the free command box and the chat message. */
export const COMMAND_MAX = 330;
export const CHAT_MAX = 100;

export function CharCount({ value, max }: { value: string; max: number }) {
  return <span>{t("admin.counter", { n: value.length, max })}</span>;
}

/** The free console command (required, at most 330 characters) and the server's last answer. */
export function CommandSection({
  runCommand,
}: {
  runCommand: GatedAction<typeof api.serverControl.runCommand>;
}) {
  const [command, setCommand] = useState("");
  const [output, setOutput] = useState<string | null>(null);
  const [missing, setMissing] = useState<string>();
  return (
    <Card title={t("admin.command.title")}>
      <form
        className={styles.form}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!command.trim()) return setMissing(t("form.commandRequired"));
          const result = await runCommand.run({ command: command.trim() });
          if (result) setOutput(result.output);
        }}
      >
        <TextField
          label={t("admin.command.label")}
          placeholder={t("admin.command.placeholder")}
          value={command}
          error={missing}
          required
          maxLength={COMMAND_MAX}
          autoComplete="off"
          spellCheck={false}
          hint={
            <>
              <span>{t("admin.command.hint")}</span>
              <CharCount value={command} max={COMMAND_MAX} />
            </>
          }
          onChange={(e) => {
            setCommand(e.target.value);
            setMissing(undefined);
          }}
        />
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" loading={runCommand.pending}>
            {t("admin.command.run")}
          </Button>
        </div>
      </form>
      {output !== null ? (
        <div className={styles.outputBlock}>
          <span className={styles.outputLabel}>{t("admin.command.output")}</span>
          <pre className={styles.output} aria-live="polite" data-testid="command-output">
            {output || t("admin.command.noOutput")}
          </pre>
        </div>
      ) : null}
    </Card>
  );
}

/** A chat message to every player (required, at most 100 characters). */
export function ChatSection({ say }: { say: GatedAction<typeof api.serverControl.say> }) {
  const [message, setMessage] = useState("");
  const [missing, setMissing] = useState<string>();
  return (
    <Card title={t("admin.chat.title")}>
      <form
        className={styles.form}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!message.trim()) return setMissing(t("form.messageRequired"));
          if (await say.run({ message: message.trim() })) setMessage("");
        }}
      >
        <TextField
          label={t("admin.chat.label")}
          placeholder={t("admin.chat.placeholder")}
          value={message}
          error={missing}
          required
          maxLength={CHAT_MAX}
          autoComplete="off"
          hint={
            <>
              <span />
              <CharCount value={message} max={CHAT_MAX} />
            </>
          }
          onChange={(e) => {
            setMessage(e.target.value);
            setMissing(undefined);
          }}
        />
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" loading={say.pending}>
            {t("admin.chat.send")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
