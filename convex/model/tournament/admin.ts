/**
 * The admin side of the map ban/pick as declared capabilities (model/capability/define.ts): creating a
 * tournament in any format; starting without every "Готові", pausing or resuming the clock,
 * archiving; freeing or replacing a seat; naming the tournament and its teams. Rules live in
 * `roster.ts` and `veto.ts`.
 */
import { v } from "convex/values";
import type { MutationCtx } from "../../_generated/server";
import { cryptoChance, randomSlug } from "../../lib/random";
import { fail } from "../../lib/errors";
import { parseSteamId } from "../../lib/steamId";
import { TOURNAMENT_TEXTS } from "../../lib/texts/tournament";
import { vTournamentFormat, vTournamentTeamKey } from "../../lib/tournamentFields";
import { vSide } from "../../lib/side";
import { defineCapability } from "../capability/define";
import { clearNamesAfter } from "./serverNames";
import { archive, createTournament, unarchive } from "./state";
import { checkRosterOpen, removeSeat, rename, replaceSeat } from "./roster";
import { forceStart, pause, pickSide, resume } from "./veto";
import { validateFormat } from "./formats";
import { seatActivity, withoutIdleSeats } from "./seats";
import { entrantByNickname, requireTournament, save, seatForSteamId, stateOf } from "./store";

/** A slug no tournament has yet: 32^6 codes, so a clash is rare and each retry one lookup. */
async function freshSlug(ctx: MutationCtx): Promise<string> {
  let slug = randomSlug();
  while (
    await ctx.db
      .query("tournaments")
      .withIndex("by_slug", (q) => q.eq("slug", slug))
      .first()
  ) {
    slug = randomSlug();
  }
  return slug;
}

const vAdminOp = v.union(
  v.literal("forceStart"),
  v.literal("pause"),
  v.literal("resume"),
  v.literal("archive"),
  v.literal("unarchive"),
);

const vSeatOp = v.union(v.literal("remove"), v.literal("replace"));

const REPLACEMENT_STEAM_ID = TOURNAMENT_TEXTS["refusal.tournament.replacementSteamId"];

export const TOURNAMENT_CAPABILITIES = {
  /**
   * Picks the side for the team in turn (its players absent or stuck): the one veto move an admin
   * makes for a team, audited with the team it decided for. `expectedStep` as in a team's own pick.
   */
  pickSide: defineCapability({
    name: "tournament_pick_side",
    access: "admin",
    args: { tournamentId: v.id("tournaments"), side: vSide, expectedStep: v.number() },
    returns: v.null(),
    commit: async (ctx, { tournamentId, side, expectedStep }) => {
      const doc = await requireTournament(ctx, tournamentId);
      const state = stateOf(doc);
      const next = pickSide(state, { team: null, isAdmin: true }, side, expectedStep, Date.now());
      await save(ctx, doc._id, state, next);
      return { details: `${state.slug} ${state.turn}: ${side}` };
    },
  }),

  /** Creates a tournament in the given format (a preset or a validated custom one). */
  create: defineCapability({
    name: "tournament_create",
    access: "admin",
    args: { format: vTournamentFormat },
    returns: v.object({ id: v.id("tournaments"), slug: v.string() }),
    resolve: ({ format }) => ({ format: validateFormat(format) }),
    commit: async (ctx, { format }, { actor }) => {
      const slug = await freshSlug(ctx);
      const id = await ctx.db.insert(
        "tournaments",
        createTournament({ createdBy: actor.username, now: Date.now(), format, slug }),
      );
      return { result: { id, slug }, details: `${slug}: ${format.preset}` };
    },
  }),

  /**
   * Start without every "Готові", pause or resume the clock, archive a tournament or bring it back
   * from the archive (archived by mistake: it goes on where it stopped).
   */
  adminOp: defineCapability({
    name: "tournament_admin",
    access: "admin",
    args: { tournamentId: v.id("tournaments"), op: vAdminOp },
    returns: v.null(),
    auditName: ({ op }) => `tournament_${op}` as const,
    commit: async (ctx, { tournamentId, op }) => {
      const doc = await requireTournament(ctx, tournamentId);
      const state = stateOf(doc);
      const now = Date.now();
      const next =
        op === "forceStart"
          ? forceStart(state, now, cryptoChance)
          : op === "pause"
            ? pause(state, now)
            : op === "resume"
              ? resume(state, now)
              : op === "archive"
                ? archive(state, (t) => pause(t, now))
                : unarchive(state);
      await save(ctx, doc._id, state, next);
      // Archived: the tournament is over; its team names leave the server.
      if (op === "archive" && !doc.archived) await clearNamesAfter(ctx, doc);
      return { details: doc.slug };
    },
  }),
  /**
   * Frees a seat, or gives it to another player by SteamID64 (any form a ban form takes, resolved
   * offline), at any time before the first launch.
   */
  seatOp: defineCapability({
    name: "tournament_seat",
    access: "admin",
    args: {
      tournamentId: v.id("tournaments"),
      team: vTournamentTeamKey,
      nickname: v.string(),
      op: vSeatOp,
      steamId: v.optional(v.string()),
    },
    returns: v.null(),
    resolve: ({ steamId, nickname, ...rest }) => {
      let id: string | undefined;
      if (rest.op === "replace") {
        const parsed = parseSteamId(steamId ?? "");
        if (parsed.kind !== "id64") fail("INVALID_INPUT", REPLACEMENT_STEAM_ID);
        id = parsed.steamId;
      }
      return { ...rest, nickname: nickname.slice(0, 64), steamId: id };
    },
    auditName: ({ op }) => (op === "remove" ? "tournament_seat_remove" : "tournament_seat_replace"),
    load: async (ctx, { tournamentId }) => {
      const doc = await ctx.db.get("tournaments", tournamentId);
      return { archived: doc?.archived ?? false, launchedMaps: doc?.launchedMaps ?? 0 };
    },
    loaded: v.object({ archived: v.boolean(), launchedMaps: v.number() }),
    // Judged here as well as in the commit, so a seat change refused after the launch is audited.
    check: (_input, roster) => checkRosterOpen(roster),
    commit: async (ctx, { tournamentId, team, nickname, op, steamId }) => {
      const doc = await requireTournament(ctx, tournamentId);
      const state = stateOf(doc);
      const now = Date.now();
      const next =
        op === "remove"
          ? removeSeat(state, team, nickname, now)
          : replaceSeat(state, team, nickname, await seatForSteamId(ctx, steamId!), now);
      await save(ctx, doc._id, state, next);
      // A browser session's seat: that browser no longer holds it.
      const entrant = await entrantByNickname(ctx, doc._id, nickname);
      if (entrant) await ctx.db.delete("tournamentEntrants", entrant._id);
      const seat = next[team].players.find((p) => p.steamId === steamId);
      return {
        details: `${doc.slug} ${doc[team].name}: ${nickname}${seat ? ` → ${seat.nickname} (${steamId})` : ""}`,
      };
    },
  }),

  /**
   * Frees every seat whose holder has not been seen for SEAT_IDLE_MS (model/tournament/seats.ts),
   * before the veto starts: the seats of players who went away can be taken again.
   */
  freeIdleSeats: defineCapability({
    name: "tournament_seat_free_idle",
    access: "admin",
    args: { tournamentId: v.id("tournaments") },
    returns: v.object({ freed: v.array(v.string()) }),
    commit: async (ctx, { tournamentId }) => {
      const doc = await requireTournament(ctx, tournamentId);
      const state = stateOf(doc);
      const now = Date.now();
      const { next, freed } = withoutIdleSeats(state, await seatActivity(ctx, doc), now);
      await save(ctx, doc._id, state, next);
      for (const seat of freed) {
        const entrant = await entrantByNickname(ctx, doc._id, seat.nickname);
        if (entrant) await ctx.db.delete("tournamentEntrants", entrant._id);
      }
      const names = freed.map((s) => `${doc[s.team].name}: ${s.nickname}`).join(", ");
      return { result: { freed: freed.map((s) => s.nickname) }, details: `${doc.slug} ${names}` };
    },
  }),

  /** Names the tournament and its teams; they show on its page, match pages, Discord and launch. */
  rename: defineCapability({
    name: "tournament_rename",
    access: "admin",
    args: {
      tournamentId: v.id("tournaments"),
      name: v.string(),
      teamA: v.string(),
      teamB: v.string(),
    },
    returns: v.null(),
    resolve: ({ tournamentId, name, teamA, teamB }) => ({
      tournamentId,
      name: name.slice(0, 200),
      teamA: teamA.slice(0, 200),
      teamB: teamB.slice(0, 200),
    }),
    commit: async (ctx, { tournamentId, ...names }) => {
      const doc = await requireTournament(ctx, tournamentId);
      const state = stateOf(doc);
      const next = rename(state, names);
      await save(ctx, doc._id, state, next);
      return {
        details: `${doc.slug}: ${next.name ?? "—"} (${next.teamA.name} — ${next.teamB.name})`,
      };
    },
  }),
};
