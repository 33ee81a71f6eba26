import { useId, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/tournament";
import type { Id } from "@/lib/backend";
import { useTournamentAdmin, type TeamKey } from "../hooks/use-tournament";
import seatFormStyles from "./seat-form.module.css";
import textStyles from "./text.module.css";

/** Admin: gives a seat to the player with another Steam account (audited on the backend). */
export function ReplaceSeatDialog({
  tournamentId,
  team,
  teamName,
  nickname,
  onClose,
}: {
  tournamentId: Id<"tournaments">;
  team: TeamKey;
  teamName: string;
  nickname: string;
  onClose: () => void;
}) {
  const { seatOp } = useTournamentAdmin();
  const [steamId, setSteamId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const done = await seatOp.run(
      { tournamentId, team, nickname, op: "replace", steamId: steamId.trim() },
      { onError: setError },
    );
    if (done === undefined) return;
    toast.success(t("tournament.seatChanged"));
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("tournament.seatReplaceTitle", { name: nickname })}
      initialFocus={inputRef}
      footer={
        <>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" form={formId} variant="primary" loading={seatOp.pending}>
            {t("tournament.seatReplaceSubmit")}
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
        <p className={textStyles.muted}>{t("tournament.seatReplaceIntro", { team: teamName })}</p>
        <TextField
          ref={inputRef}
          label={t("tournament.seatReplaceField")}
          value={steamId}
          maxLength={200}
          spellCheck={false}
          error={error ?? undefined}
          onChange={(e) => {
            setSteamId(e.target.value);
            setError(null);
          }}
        />
      </form>
    </Dialog>
  );
}
