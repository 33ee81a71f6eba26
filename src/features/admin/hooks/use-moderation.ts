import type { FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

export type BanEntry = FunctionReturnType<typeof api.moderation.banList>[number];

/** Kick, ban, unban and the ban list of one server (admin only). */
export function useModeration(serverId: Id<"servers"> | undefined) {
  return {
    kick: useGatedAction(api.moderation.kick, { serverId }),
    ban: useGatedAction(api.moderation.ban, { serverId }),
    unban: useGatedAction(api.moderation.unban, { serverId }),
    // The backend already words its failures 'Помилка завантаження списку банів: {message}'.
    banList: useGatedAction(api.moderation.banList, { serverId }),
  };
}
