import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/tournament";
import { toastError } from "@/lib/errors";
import { useTournamentMoves, type TeamKey } from "../hooks/use-tournament";
import type { Id } from "@/lib/backend";
import { NICKNAME_MAX } from "@/lib/catalog";
import { teamLetter } from "../utils/veto";
import seatFormStyles from "./seat-form.module.css";
import textStyles from "./text.module.css";

/** Asks for the Steam nickname the player joins `team` with; null keeps it closed. */
export function JoinDialog({
  tournamentId,
  team,
  onClose,
}: {
  tournamentId: Id<"tournaments">;
  team: TeamKey | null;
  onClose: () => void;
}) {
  return team ? (
    <JoinForm key={team} tournamentId={tournamentId} team={team} onClose={onClose} />
  ) : null;
}

function JoinForm({
  tournamentId,
  team,
  onClose,
}: {
  tournamentId: Id<"tournaments">;
  team: TeamKey;
  onClose: () => void;
}) {
  const { join } = useTournamentMoves(tournamentId);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [nickname, setNickname] = useState("");
  const [pending, setPending] = useState(false);
  const trimmed = nickname.trim();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // Checked here as well as on the server, so the message shows next to the field at once.
    if (!trimmed) {
      setError(t("tournament.nicknameBlank"));
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      await join({ team, nickname: trimmed });
      onClose();
    } catch (error) {
      toastError(error);
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("tournament.joinTitle", { team: teamLetter(team) })}
      initialFocus={inputRef}
      footer={
        <>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" form={formId} variant="primary" loading={pending}>
            {t("tournament.joinSubmit")}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={seatFormStyles.seatForm}
        onSubmit={(e) => void onSubmit(e)}
      >
        <p className={textStyles.muted}>{t("tournament.joinIntro")}</p>
        <TextField
          ref={inputRef}
          label={t("tournament.nickname")}
          placeholder={t("tournament.nicknamePlaceholder")}
          value={nickname}
          maxLength={NICKNAME_MAX}
          autoComplete="nickname"
          spellCheck={false}
          hint={
            <>
              <span>{t("tournament.nicknameHint")}</span>
              <span>
                {[...nickname].length}/{NICKNAME_MAX}
              </span>
            </>
          }
          error={error ?? undefined}
          onChange={(e) => {
            setNickname(e.target.value);
            setError(null);
          }}
        />
      </form>
    </Dialog>
  );
}
