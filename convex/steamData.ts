/**
 * Steam avatars and workshop titles: the cached answers viewers read, and the lookup a poll
 * schedules when a player or a workshop map is new or a day old (model/steam/data.ts).
 */
import { v } from "convex/values";
import { internalAction, internalMutation } from "./_generated/server";
import { publicQuery } from "./lib/functions";
import { MAX_PROFILE_IDS } from "./lib/profileIds";
import { vSteamProfile } from "./lib/validators";
import {
  cachedProfiles,
  lookUpSteam,
  storeSteamData,
  vSteamAnswer,
  workshopTitleOf,
} from "./model/steam/data";

/** Cached Steam avatars and names of the given players; players without one are left out. */
export const profiles = publicQuery({
  args: { steamIds: v.array(v.string()) },
  returns: v.array(vSteamProfile),
  handler: async (ctx, { steamIds }) =>
    await cachedProfiles(ctx, steamIds.slice(0, MAX_PROFILE_IDS)),
});

/** The Steam Workshop title of a workshop map (`workshop/<id>/<name>`), null until known. */
export const workshopTitle = publicQuery({
  args: { mapName: v.string() },
  returns: v.union(v.string(), v.null()),
  handler: async (ctx, { mapName }) => await workshopTitleOf(ctx, mapName.slice(0, 256)),
});

/** Asks Steam, then stores the answers; a failure leaves the cache as it was (asked again later). */
export const lookUp = internalAction({
  args: { steamIds: v.array(v.string()), fileIds: v.array(v.string()) },
  returns: v.null(),
  handler: async (ctx, { steamIds, fileIds }) => {
    await lookUpSteam(ctx, steamIds, fileIds);
    return null;
  },
});

export const store = internalMutation({
  args: vSteamAnswer.fields,
  returns: v.null(),
  handler: async (ctx, answer) => {
    await storeSteamData(ctx, answer, Date.now());
    return null;
  },
});
