import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { useTournamentAdmin, type Tournament } from "../hooks/use-tournament";
import styles from "./form-grid.module.css";

/** Longest name the backend keeps (model/tournament/state.ts NAME_MAX). */
const NAME_MAX = 40;

/** Admin: the tournament's and the teams' names (shown on match pages, in Discord and launch). */
export function NamesForm({ tournament }: { tournament: Tournament }) {
  const { rename } = useTournamentAdmin();
  const [name, setName] = useState(tournament.name ?? "");
  const [teamA, setTeamA] = useState(tournament.teamA.name);
  const [teamB, setTeamB] = useState(tournament.teamB.name);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const done = await rename.run({ tournamentId: tournament.id, name, teamA, teamB });
    if (done !== undefined) toast.success(t("tournament.namesSaved"));
  };
  return (
    <form className={styles.formGrid} onSubmit={(e) => void onSubmit(e)}>
      <TextField
        label={t("tournament.nameField")}
        value={name}
        maxLength={NAME_MAX}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t("tournament.teamAName")}
        value={teamA}
        maxLength={NAME_MAX}
        onChange={(e) => setTeamA(e.target.value)}
      />
      <TextField
        label={t("tournament.teamBName")}
        value={teamB}
        maxLength={NAME_MAX}
        onChange={(e) => setTeamB(e.target.value)}
      />
      <Button type="submit" loading={rename.pending}>
        {t("tournament.namesSave")}
      </Button>
    </form>
  );
}
