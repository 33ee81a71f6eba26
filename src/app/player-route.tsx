import type { ReactNode } from "react";
import { SanctionHistory } from "@/features/moderation/components/sanction-history";
import { PlayerConduct } from "@/features/conduct/components/player-conduct";
import { ReportPlayerButton } from "@/features/conduct/components/report-player";
import { useCurrentUser } from "@/hooks/use-current-user";
import { PlayerPage } from "@/features/history/components/player-page";

/**
 * The career page, with the player's sanction history, warnings and chat for admins and
 * moderators, and «Поскаржитися» for a Steam-linked visitor looking at someone else.
 */
export function PlayerRoute({ steamId, above }: { steamId?: string; above?: ReactNode } = {}) {
  const user = useCurrentUser();
  const staff = user.isAdmin || user.isModerator;
  const own = user.user?.steamId;
  return (
    <PlayerPage
      steamId={steamId}
      above={above}
      renderReport={
        own && !staff
          ? (id, name) => (id === own ? null : <ReportPlayerButton steamId={id} name={name} />)
          : undefined
      }
      renderModeration={
        staff
          ? (id) => (
              <>
                <SanctionHistory steamId={id} />
                <PlayerConduct steamId={id} />
              </>
            )
          : undefined
      }
    />
  );
}
