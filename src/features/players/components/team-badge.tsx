import { Badge, type BadgeTone } from "@/components/ui/badge";
import { t } from "@/i18n";
import "@/i18n/load/match";
import type { Team } from "@/lib/backend";

const TONE: Record<Team, BadgeTone> = {
  "Counter-Terrorist": "ct",
  Terrorist: "t",
  Spectator: "neutral",
  Offline: "neutral",
  Unknown: "neutral",
};

export function TeamBadge({ team, long = false }: { team: Team; long?: boolean }) {
  return (
    <Badge tone={TONE[team]} title={t(`teamName.${team}`)}>
      {long ? t(`teamName.${team}`) : t(`team.${team}`)}
    </Badge>
  );
}
