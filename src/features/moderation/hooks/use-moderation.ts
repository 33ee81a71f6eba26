import type { FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

export type BanEntry = FunctionReturnType<typeof api.moderation.banList>[number];
export type { CommsKind } from "@/lib/backend";

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

/** Mute, gag and silence (CS2-SimpleAdmin) and their removal, on one server. */
export function useComms(serverId: Id<"servers"> | undefined) {
  return {
    mute: useGatedAction(api.moderation.mute, { serverId }),
    gag: useGatedAction(api.moderation.gag, { serverId }),
    silence: useGatedAction(api.moderation.silence, { serverId }),
    unmute: useGatedAction(api.moderation.unmute, { serverId }),
    ungag: useGatedAction(api.moderation.ungag, { serverId }),
    unsilence: useGatedAction(api.moderation.unsilence, { serverId }),
  };
}
