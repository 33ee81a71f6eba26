import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/auth";
import "@/i18n/load/moderation";
import { useAuthActions, WrongCredentialsError, type SignInOptions } from "@/lib/auth-actions";
import styles from "./auth.module.css";

type FieldErrors = Partial<Record<"username" | "email" | "password", string>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own checks, in Ukrainian (the browser's bubbles would speak its UI language). */
function validate(username: string, email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!username.trim()) errors.username = t("auth.usernameRequired");
  if (!email.trim()) errors.email = t("auth.emailRequired");
  else if (!EMAIL_RE.test(email.trim())) errors.email = t("auth.emailInvalid");
  if (!password) errors.password = t("auth.passwordRequired");
  return errors;
}

/** Sign-in form (username, e-mail, password) plus "continue without authorization". */
export function AuthTab({ onDone }: { onDone: () => void }) {
  const { provider, signIn } = useAuthActions();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState<"form" | "admin" | "moderator" | "visitor" | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const run = async (options: SignInOptions, which: "form" | "admin" | "moderator" | "visitor") => {
    setPending(which);
    try {
      await signIn(options);
      toast.success(t("auth.success"));
      onDone();
    } catch (error) {
      // A wrong password is the form's answer, not a fault: one plain line, no stack trace.
      if (error instanceof WrongCredentialsError) {
        console.info("Sign-in refused: wrong credentials");
      } else {
        console.warn("Sign-in failed", error);
      }
      toast.error(t("auth.failed"));
    } finally {
      setPending(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(username, email, password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(
      { kind: "credentials", username: username.trim(), email: email.trim(), password },
      "form",
    );
  };

  const continueButton = (
    <Button variant="ghost" block onClick={onDone}>
      {t("auth.continueAnon")}
    </Button>
  );

  if (provider === "none") {
    return (
      <div className={styles.layout}>
        <Card title={t("auth.disabledTitle")}>
          <p className={styles.intro}>{t("auth.disabledText")}</p>
          {continueButton}
        </Card>
      </div>
    );
  }

  return (
    <div className={styles.layout}>
      {provider === "demo" ? (
        <Card title={t("auth.demoTitle")}>
          <div className={styles.demo}>
            <p className={styles.hint}>{t("auth.demoIntro")}</p>
            <Button
              variant="primary"
              block
              loading={pending === "admin"}
              disabled={pending !== null}
              onClick={() => void run({ kind: "demo", role: "admin" }, "admin")}
            >
              {t("auth.demoAdmin")}
            </Button>
            <Button
              block
              loading={pending === "moderator"}
              disabled={pending !== null}
              onClick={() => void run({ kind: "demo", role: "moderator" }, "moderator")}
            >
              {t("moderation.demoModerator")}
            </Button>
            <Button
              block
              loading={pending === "visitor"}
              disabled={pending !== null}
              onClick={() => void run({ kind: "demo", role: "visitor" }, "visitor")}
            >
              {t("auth.demoVisitor")}
            </Button>
            <p className={styles.hint}>{t("auth.demoAccounts")}</p>
          </div>
        </Card>
      ) : null}
      <Card title={t("auth.title")}>
        <p className={styles.intro}>{t("auth.intro")}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={t("auth.username")}
            name="username"
            autoComplete="username"
            required
            value={username}
            error={errors.username}
            onChange={(e) => {
              setUsername(e.target.value);
              setErrors(({ username: _, ...rest }) => rest);
            }}
          />
          <TextField
            label={t("auth.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors(({ email: _, ...rest }) => rest);
            }}
          />
          <TextField
            label={t("auth.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors(({ password: _, ...rest }) => rest);
            }}
          />
          <div className={styles.actions}>
            <Button
              type="submit"
              variant="primary"
              block
              loading={pending === "form"}
              disabled={pending !== null}
            >
              {pending === "form" ? t("auth.submitting") : t("auth.submit")}
            </Button>
            {continueButton}
          </div>
        </form>
      </Card>
    </div>
  );
}
