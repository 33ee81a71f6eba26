/**
 * Steam avatars and workshop map titles, cached in Convex for a day: Steam's Web API is asked
 * once per player or map a day at most, never per viewer. Avatars come from GetPlayerSummaries
 * (up to 100 SteamIDs a call, needs STEAM_WEB_API_KEY; without a key nothing is asked and the
 * panel draws initials); workshop titles from GetPublishedFileDetails (no key needed).
 * `STEAM_WEB_API_BASE` points both at a local stand-in in the demo and the tests (dev/steam).
 */
import { v, type Infer } from "convex/values";
import { env, type ActionCtx, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { isSteamId64 } from "../../lib/steamId";
import { vSteamProfile, type SteamProfile } from "../../lib/validators";
import { timedFetch } from "../../lib/timedFetch";

export const STEAM_DATA_TTL_MS = 24 * 60 * 60 * 1000;
/** A lookup asked for and not answered (Steam down, the action lost) is asked again after this. */
export const STEAM_RETRY_MS = 10 * 60 * 1000;
/** GetPlayerSummaries takes at most 100 SteamIDs a call. */
export const SUMMARIES_BATCH = 100;
const TIMEOUT_MS = 5000;
const DEFAULT_BASE = "https://api.steampowered.com";

/** The workshop file id of a map loaded from the workshop (`workshop/<id>/<name>`), else null. */
export function workshopIdOf(mapName: string): string | null {
  return /^workshop\/(\d{1,20})\//.exec(mapName.trim())?.[1] ?? null;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** An image address the panel may show: http(s) only, no credentials, bounded. */
function imageUrl(x: unknown): string | undefined {
  if (typeof x !== "string" || x.length > 512) return undefined;
  try {
    const url = new URL(x);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username) return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

/** GetPlayerSummaries' answer, for the asked ids only (a player Steam does not list is absent). */
export function parseSummaries(body: unknown, asked: readonly string[]): SteamProfile[] {
  const players = isObject(body) && isObject(body.response) ? body.response.players : undefined;
  if (!Array.isArray(players)) return [];
  const wanted = new Set(asked);
  const out: SteamProfile[] = [];
  for (const p of players.slice(0, SUMMARIES_BATCH)) {
    if (!isObject(p) || typeof p.steamid !== "string" || !wanted.has(p.steamid)) continue;
    const name = typeof p.personaname === "string" ? p.personaname.trim().slice(0, 64) : "";
    const avatarUrl = imageUrl(p.avatarmedium) ?? imageUrl(p.avatar);
    out.push({
      steamId: p.steamid,
      ...(name ? { personaName: name } : {}),
      ...(avatarUrl ? { avatarUrl } : {}),
    });
  }
  return out;
}

/** GetPublishedFileDetails' answer: file id → title, for the asked files Steam found. */
export function parseFileDetails(body: unknown, asked: readonly string[]): Map<string, string> {
  const details =
    isObject(body) && isObject(body.response) ? body.response.publishedfiledetails : undefined;
  const titles = new Map<string, string>();
  if (!Array.isArray(details)) return titles;
  const wanted = new Set(asked);
  for (const d of details.slice(0, asked.length)) {
    if (!isObject(d) || typeof d.publishedfileid !== "string" || !wanted.has(d.publishedfileid)) {
      continue;
    }
    // result 1 is Steam's k_EResultOK; a removed or hidden file answers 9 with no title.
    const title = d.result === 1 && typeof d.title === "string" ? d.title.trim().slice(0, 128) : "";
    if (title) titles.set(d.publishedfileid, title);
  }
  return titles;
}

function apiBase(): string {
  return (env.STEAM_WEB_API_BASE ?? DEFAULT_BASE).replace(/\/+$/, "");
}

export function hasSteamKey(): boolean {
  return !!env.STEAM_WEB_API_KEY;
}

/** Asks Steam for up to 100 players' summaries; throws when Steam does not answer. */
export async function fetchSummaries(steamIds: readonly string[]): Promise<SteamProfile[]> {
  const key = env.STEAM_WEB_API_KEY;
  if (!key || steamIds.length === 0) return [];
  const ids = steamIds.slice(0, SUMMARIES_BATCH);
  const url = `${apiBase()}/ISteamUser/GetPlayerSummaries/v2/?key=${encodeURIComponent(key)}&steamids=${ids.join(",")}`;
  const body = await timedFetch(url, { method: "GET" }, TIMEOUT_MS, async (res) => {
    // Never put the URL in the error: it carries the key.
    if (!res.ok) throw new Error(`Steam Web API answered ${res.status}`);
    return (await res.json()) as unknown;
  });
  return parseSummaries(body, ids);
}

/** Asks Steam for the workshop files' titles; throws when Steam does not answer. */
export async function fetchWorkshopTitles(
  fileIds: readonly string[],
): Promise<Map<string, string>> {
  if (fileIds.length === 0) return new Map();
  const form = new URLSearchParams({ itemcount: String(fileIds.length) });
  fileIds.forEach((id, i) => form.set(`publishedfileids[${i}]`, id));
  const body = await timedFetch(
    `${apiBase()}/ISteamRemoteStorage/GetPublishedFileDetails/v1/`,
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    },
    TIMEOUT_MS,
    async (res) => {
      if (!res.ok) throw new Error(`Steam Web API answered ${res.status}`);
      return (await res.json()) as unknown;
    },
  );
  return parseFileDetails(body, fileIds);
}

/** Whether a cached row must be asked for (never asked, stale, or an old ask that never came back). */
export function lookupDue(
  row: { fetchedAt?: number; requestedAt?: number } | null,
  now: number,
): boolean {
  if (row?.fetchedAt !== undefined && now - row.fetchedAt < STEAM_DATA_TTL_MS) return false;
  return row?.requestedAt === undefined || now - row.requestedAt >= STEAM_RETRY_MS;
}

async function profileRow(ctx: QueryCtx, steamId: string) {
  return await ctx.db
    .query("steamProfiles")
    .withIndex("by_steamId", (q) => q.eq("steamId", steamId))
    .unique();
}

async function workshopRow(ctx: QueryCtx, fileId: string) {
  return await ctx.db
    .query("workshopMaps")
    .withIndex("by_fileId", (q) => q.eq("fileId", fileId))
    .unique();
}

/**
 * Schedules one lookup for the players (humans with a SteamID64) and workshop maps whose cache
 * is missing or older than a day, and marks them asked so the next polls do not ask again.
 * Players are skipped without STEAM_WEB_API_KEY.
 */
export async function requestSteamData(
  ctx: MutationCtx,
  wanted: { steamIds?: readonly string[]; mapNames?: readonly string[] },
  now: number,
): Promise<void> {
  const steamIds: string[] = [];
  if (hasSteamKey()) {
    for (const id of new Set(wanted.steamIds ?? [])) {
      if (!isSteamId64(id) || steamIds.length >= SUMMARIES_BATCH) continue;
      const row = await profileRow(ctx, id);
      if (!lookupDue(row, now)) continue;
      if (row) await ctx.db.patch("steamProfiles", row._id, { requestedAt: now });
      else await ctx.db.insert("steamProfiles", { steamId: id, requestedAt: now });
      steamIds.push(id);
    }
  }
  const fileIds: string[] = [];
  for (const mapName of new Set(wanted.mapNames ?? [])) {
    const id = workshopIdOf(mapName);
    if (!id || fileIds.includes(id)) continue;
    const row = await workshopRow(ctx, id);
    if (!lookupDue(row, now)) continue;
    if (row) await ctx.db.patch("workshopMaps", row._id, { requestedAt: now });
    else await ctx.db.insert("workshopMaps", { fileId: id, requestedAt: now });
    fileIds.push(id);
  }
  if (steamIds.length > 0 || fileIds.length > 0) {
    await ctx.scheduler.runAfter(0, internal.steamData.lookUp, { steamIds, fileIds });
  }
}

export const vSteamAnswer = v.object({
  steamIds: v.array(v.string()),
  profiles: v.array(vSteamProfile),
  fileIds: v.array(v.string()),
  titles: v.array(v.object({ fileId: v.string(), title: v.string() })),
});

/**
 * Asks Steam for these players and workshop files, then stores the answers; a part that failed
 * leaves its cache as it was (asked again after `STEAM_RETRY_MS`).
 */
export async function lookUpSteam(
  ctx: ActionCtx,
  steamIds: readonly string[],
  fileIds: readonly string[],
): Promise<void> {
  const [summaries, titles] = await Promise.allSettled([
    fetchSummaries(steamIds),
    fetchWorkshopTitles(fileIds),
  ]);
  if (summaries.status === "rejected") console.warn("Steam avatars:", String(summaries.reason));
  if (titles.status === "rejected") console.warn("Workshop titles:", String(titles.reason));
  const answered: Infer<typeof vSteamAnswer> = {
    steamIds: summaries.status === "fulfilled" ? [...steamIds] : [],
    profiles: summaries.status === "fulfilled" ? summaries.value : [],
    fileIds: titles.status === "fulfilled" ? [...fileIds] : [],
    titles:
      titles.status === "fulfilled"
        ? [...titles.value].map(([fileId, title]) => ({ fileId, title }))
        : [],
  };
  if (answered.steamIds.length > 0 || answered.fileIds.length > 0) {
    await ctx.runMutation(internal.steamData.store, answered);
  }
}

/** Stores what Steam answered; asked-for ids Steam did not list are stored empty (asked again in a day). */
export async function storeSteamData(
  ctx: MutationCtx,
  answer: Infer<typeof vSteamAnswer>,
  now: number,
): Promise<void> {
  const profiles = new Map(answer.profiles.map((p) => [p.steamId, p]));
  for (const steamId of answer.steamIds) {
    const p = profiles.get(steamId);
    const fields = {
      steamId,
      fetchedAt: now,
      ...(p?.personaName ? { personaName: p.personaName } : {}),
      ...(p?.avatarUrl ? { avatarUrl: p.avatarUrl } : {}),
    };
    const row = await profileRow(ctx, steamId);
    if (row) await ctx.db.replace("steamProfiles", row._id, fields);
    else await ctx.db.insert("steamProfiles", fields);
  }
  const titles = new Map(answer.titles.map((t) => [t.fileId, t.title]));
  for (const fileId of answer.fileIds) {
    const title = titles.get(fileId);
    const fields = { fileId, fetchedAt: now, ...(title ? { title } : {}) };
    const row = await workshopRow(ctx, fileId);
    if (row) await ctx.db.replace("workshopMaps", row._id, fields);
    else await ctx.db.insert("workshopMaps", fields);
  }
}

/** Cached avatars and Steam names of these players (those Steam answered for). */
export async function cachedProfiles(ctx: QueryCtx, steamIds: readonly string[]) {
  const out: SteamProfile[] = [];
  for (const steamId of new Set(steamIds)) {
    if (!isSteamId64(steamId)) continue;
    const row = await profileRow(ctx, steamId);
    if (!row?.avatarUrl && !row?.personaName) continue;
    out.push({
      steamId,
      ...(row.personaName ? { personaName: row.personaName } : {}),
      ...(row.avatarUrl ? { avatarUrl: row.avatarUrl } : {}),
    });
  }
  return out;
}

/** The cached workshop title of a map, or null (not a workshop map, or not known yet). */
export async function workshopTitleOf(ctx: QueryCtx, mapName: string): Promise<string | null> {
  const id = workshopIdOf(mapName);
  if (!id) return null;
  return (await workshopRow(ctx, id))?.title ?? null;
}
