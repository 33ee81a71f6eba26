import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/spinner";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { isMessageKey, t, type MessageKey } from "@/i18n";
import "@/i18n/load/admin";
import { useDiscordWebhooks, type WebhookStatus } from "../hooks/use-discord-webhooks";
import styles from "./discord-settings.module.css";
import admin from "@/styles/admin.module.css";
import { formatDateTime } from "@/i18n/format";
import { LANGUAGES } from "@/i18n/languages";
import { DISCORD_LANGUAGES } from "@/lib/backend";

/** The languages a webhook may write in, by their own names. */
const LANGUAGE_OPTIONS = DISCORD_LANGUAGES.map((code) => ({
  value: code,
  label: LANGUAGES[code]?.name ?? code,
}));

const STATE: Record<
  NonNullable<WebhookStatus["lastState"]>,
  { key: MessageKey; tone: BadgeTone }
> = {
  ok: { key: "admin.discord.state.ok", tone: "success" },
  retrying: { key: "admin.discord.state.retrying", tone: "warning" },
  failed: { key: "admin.discord.state.failed", tone: "danger" },
};

/** Discord webhooks per event kind: write-only URL, test button, last delivery status. */
export default function DiscordSettings() {
  const { webhooks, save, test, setLanguage } = useDiscordWebhooks();
  return (
    <section className={admin.settingsSection} aria-labelledby="settings-discord">
      <div className={admin.sectionHeader}>
        <h3 id="settings-discord">{t("admin.discord.title")}</h3>
      </div>
      <p className={admin.muted}>{t("admin.discord.hint")}</p>
      {webhooks === undefined ? (
        <Skeleton height="10rem" />
      ) : (
        <ul className={styles.list}>
          {webhooks.map((w) => (
            <WebhookItem
              key={w.kind}
              webhook={w}
              save={save}
              test={test}
              setLanguage={setLanguage}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type Hooks = ReturnType<typeof useDiscordWebhooks>;

/** Why the last delivery failed: a key worded here; a status stored before keys as written. */
function deliveryError(webhook: WebhookStatus): string | null {
  const error = webhook.lastError;
  if (!error || !error.startsWith("admin.discord.error.") || !isMessageKey(error)) return error;
  return t(error, { status: webhook.lastHttpStatus ?? "" });
}

function WebhookItem({
  webhook,
  save,
  test,
  setLanguage,
}: {
  webhook: WebhookStatus;
  save: Hooks["save"];
  test: Hooks["test"];
  setLanguage: Hooks["setLanguage"];
}) {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const label = t(`admin.discord.kind.${webhook.kind}`);
  const busy = save.pending || test.pending || setLanguage.pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      setError(t("admin.discord.urlRequired"));
      return;
    }
    setError(undefined);
    const done = await save.run({ kind: webhook.kind, url }, { onError: setError });
    if (done !== undefined) {
      setUrl("");
      toast.success(t("admin.discord.saved"));
    }
  };

  return (
    <li className={styles.item} data-kind={webhook.kind}>
      <div className={styles.head}>
        <strong>{label}</strong>
        <Badge tone={webhook.configured ? "accent" : "neutral"}>
          {webhook.configured ? t("admin.discord.configured") : t("admin.discord.notConfigured")}
        </Badge>
      </div>
      {webhook.configured ? (
        <Select
          className={styles.language}
          label={t("admin.discord.language")}
          value={webhook.language}
          options={LANGUAGE_OPTIONS}
          disabled={busy}
          onChange={async (value) => {
            const language = DISCORD_LANGUAGES.find((code) => code === value);
            if (!language) return;
            const done = await setLanguage.run({ kind: webhook.kind, language });
            if (done !== undefined) toast.success(t("admin.discord.languageSaved"));
          }}
        />
      ) : null}
      <div className={styles.status} role="status" aria-label={t("admin.discord.lastDelivery")}>
        {webhook.lastState && webhook.lastAt !== null ? (
          <>
            <span>{t("admin.discord.lastDelivery")}:</span>
            <Badge tone={STATE[webhook.lastState].tone}>{t(STATE[webhook.lastState].key)}</Badge>
            <span>{formatDateTime(webhook.lastAt, { seconds: true })}</span>
            {webhook.lastHttpStatus !== null ? <span>HTTP {webhook.lastHttpStatus}</span> : null}
            {webhook.lastError ? <span>{deliveryError(webhook)}</span> : null}
          </>
        ) : (
          <span>{t("admin.discord.noDeliveries")}</span>
        )}
      </div>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          className={styles.url}
          label={t("admin.discord.url", { kind: label })}
          hideLabel
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
          placeholder={
            webhook.configured ? t("admin.discord.urlReplace") : t("admin.discord.urlPlaceholder")
          }
          value={url}
          error={error}
          onChange={(e) => setUrl(e.target.value)}
        />
        <div className={styles.buttons}>
          <Button type="submit" size="sm" disabled={busy}>
            {t("admin.discord.save")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={busy || !webhook.configured}
            onClick={async () => {
              const done = await test.run({ kind: webhook.kind });
              if (done !== undefined) toast.success(t("admin.discord.testQueued"));
            }}
          >
            {t("admin.discord.test")}
          </Button>
          {webhook.configured ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={async () => {
                const done = await save.run({ kind: webhook.kind, url: "" });
                if (done !== undefined) toast.success(t("admin.discord.removed"));
              }}
            >
              {t("admin.discord.remove")}
            </Button>
          ) : null}
        </div>
      </form>
    </li>
  );
}
