import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import type { ConfirmRequest } from "@/hooks/use-confirmation";
import { actionWarning } from "@/hooks/use-gated-action";
import { useServerAction } from "@/hooks/use-server-action";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/common";
import { COMMAND_MAX, SAY_MAX } from "@/lib/backend";
import { commandQuestion } from "../utils/command-question";
import styles from "@/styles/admin.module.css";

export function CharCount({ value, max }: { value: string; max: number }) {
  return <span>{t("admin.counter", { n: value.length, max })}</span>;
}

/**
 * The field's error: required, or too long. The field takes a longer paste whole (rather than
 * cutting it silently at the limit) and says by how much it is over.
 */
function lengthError(value: string, max: number, required: string): string | undefined {
  if (!value.trim()) return required;
  if (value.length > max) return t("form.tooLong", { max, n: value.length });
  return undefined;
}

/** The free console command (required, at most 330 characters) and the server's last answer. */
export function CommandSection({
  confirm,
  serverName,
}: {
  confirm: (request: ConfirmRequest) => void;
  serverName: string;
}) {
  const runCommand = useServerAction("command");
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
          const invalid = lengthError(command, COMMAND_MAX, t("form.commandRequired"));
          if (invalid) return setMissing(invalid);
          const send = async () => {
            const result = await runCommand.run({ command: command.trim() });
            // An unknown command: the panel's warning rather than the console's English.
            if (result) setOutput((await actionWarning(result)) ?? result.output);
          };
          const question = commandQuestion(command, serverName);
          if (question) confirm({ ...question, run: send });
          else await send();
        }}
      >
        <TextField
          label={t("admin.command.label")}
          placeholder={t("admin.command.placeholder")}
          value={command}
          error={missing}
          required
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
            setMissing(
              e.target.value.length > COMMAND_MAX
                ? t("form.tooLong", { max: COMMAND_MAX, n: e.target.value.length })
                : undefined,
            );
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
export function ChatSection() {
  const say = useServerAction("say");
  const [message, setMessage] = useState("");
  const [missing, setMissing] = useState<string>();
  return (
    <Card title={t("admin.chat.title")}>
      <form
        className={styles.form}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const invalid = lengthError(message, SAY_MAX, t("form.messageRequired"));
          if (invalid) return setMissing(invalid);
          if (await say.run({ message: message.trim() })) setMessage("");
        }}
      >
        <TextField
          label={t("admin.chat.label")}
          placeholder={t("admin.chat.placeholder")}
          value={message}
          error={missing}
          required
          autoComplete="off"
          hint={
            <>
              <span />
              <CharCount value={message} max={SAY_MAX} />
            </>
          }
          onChange={(e) => {
            setMessage(e.target.value);
            setMissing(
              e.target.value.length > SAY_MAX
                ? t("form.tooLong", { max: SAY_MAX, n: e.target.value.length })
                : undefined,
            );
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
