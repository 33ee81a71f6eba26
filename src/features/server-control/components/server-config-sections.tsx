import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useServerAction } from "@/hooks/use-server-action";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/common";
import { CONFIGS } from "@/lib/catalog";
import { showError } from "@/lib/errors";
import styles from "@/styles/admin.module.css";

/** sv_password: set a new one or clear it. */
export function PasswordSection() {
  const setPassword = useServerAction("setPassword");
  const removePassword = useServerAction("removePassword");
  const [password, setValue] = useState("");
  const [missing, setMissing] = useState<string>();
  return (
    <Card title={t("admin.password.title")}>
      <form
        className={styles.form}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!password.trim()) return setMissing(t("form.passwordRequired"));
          if (await setPassword.run({ password: password.trim() })) setValue("");
        }}
      >
        <TextField
          label={t("admin.password.label")}
          value={password}
          error={missing}
          required
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setValue(e.target.value);
            setMissing(undefined);
          }}
        />
        <div className={styles.buttons}>
          <Button type="submit" variant="primary" loading={setPassword.pending}>
            {t("admin.password.set")}
          </Button>
          <Button loading={removePassword.pending} onClick={() => void removePassword.run({})}>
            {t("admin.password.clear")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** `exec <config>` from the 13 allowed configs, and a single cvar. */
export function ConfigSection() {
  const execConfig = useServerAction("execConfig");
  const setCvar = useServerAction("cvar");
  const [config, setConfig] = useState("");
  const [cvar, setCvarName] = useState("");
  const [value, setValue] = useState("");
  const [cvarMissing, setCvarMissing] = useState<string>();
  return (
    <Card title={t("admin.config.title")}>
      <div className={styles.cardBody}>
        <form
          className={styles.row}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (config) void execConfig.run({ config });
            else showError(t("form.configRequired"));
          }}
        >
          <Select
            label={t("admin.config.label")}
            value={config}
            placeholder={t("admin.config.placeholder")}
            options={CONFIGS.map((c) => ({ value: c, label: `${c}.cfg` }))}
            onChange={setConfig}
          />
          <Button type="submit" loading={execConfig.pending}>
            {t("admin.config.exec")}
          </Button>
        </form>
        <form
          className={styles.row}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (cvar.trim() && value.trim()) {
              void setCvar.run({ cvar: cvar.trim(), value: value.trim() });
            } else setCvarMissing(t("form.cvarRequired"));
          }}
        >
          <TextField
            label={t("admin.cvar.name")}
            placeholder="mp_roundtime"
            value={cvar}
            required
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            error={cvarMissing}
            onChange={(e) => {
              setCvarName(e.target.value);
              setCvarMissing(undefined);
            }}
          />
          <TextField
            label={t("admin.cvar.value")}
            placeholder="2"
            value={value}
            required
            maxLength={128}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setValue(e.target.value);
              setCvarMissing(undefined);
            }}
          />
          <Button type="submit" loading={setCvar.pending}>
            {t("admin.cvar.apply")}
          </Button>
        </form>
      </div>
    </Card>
  );
}
