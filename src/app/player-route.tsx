import type { ReactNode } from "react";
import { SanctionHistory } from "@/features/moderation/components/sanction-history";
import { useCurrentUser } from "@/hooks/use-current-user";
import { PlayerPage } from "@/features/history/components/player-page";

/** The career page, with the player's sanction history for admins and moderators. */
export function PlayerRoute({ steamId, above }: { steamId?: string; above?: ReactNode } = {}) {
  const user = useCurrentUser();
  const staff = user.isAdmin || user.isModerator;
  return (
    <PlayerPage
      steamId={steamId}
      above={above}
      renderModeration={staff ? (id) => <SanctionHistory steamId={id} /> : undefined}
    />
  );
}
