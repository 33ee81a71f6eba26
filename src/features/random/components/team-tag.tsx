import { Badge } from "@/components/ui/badge";
import { t } from "@/i18n";
import "@/i18n/load/match";

/** T / CT badge of a picked player (the backend sends the team name as a string). */
export function TeamTag({ team }: { team: string }) {
  if (team === "Terrorist") {
    return (
      <Badge tone="t" title={t("teamName.Terrorist")}>
        {t("team.Terrorist")}
      </Badge>
    );
  }
  if (team === "Counter-Terrorist") {
    return (
      <Badge tone="ct" title={t("teamName.Counter-Terrorist")}>
        {t("team.Counter-Terrorist")}
      </Badge>
    );
  }
  return <Badge>{team}</Badge>;
}
