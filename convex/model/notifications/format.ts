/**
 * Discord webhook messages as pure functions: which events exist and the execute-webhook body for
 * each event (which webhook URLs are accepted is `webhookUrl.ts`). No database, no network;
 * table-tested.
 *
 * Every message is an embed (colour per kind) with `allowed_mentions: { parse: [] }`: a player
 * or admin named `@everyone` or `<@&role>` never pings anyone. Names are markdown-escaped so they
 * show literally. A message never carries a secret, an IP, a connect address or RCON detail; it
 * names servers by their display name only.
 */
import { isSteamId64 } from "../../lib/steamId";
import type { WebhookKind } from "../../lib/discord";
import type { InterruptReason } from "../../lib/history";
import { originOf } from "./webhookUrl";
import { durationText } from "../../lib/durationText";
import { LOG_SILENCE_TEXTS, type LogSilenceKey } from "../../lib/texts/serverState";
import { DEFAULT_LANGUAGE, type Language } from "../../lib/languages";
import { DISCORD_TEXTS, type DiscordTextKey } from "../../lib/texts/discord";
import { fillText, type TextParams } from "../../lib/wording";
import { parseSanctionCode, sanctionWords } from "../../lib/sanctionWords";

/** An appeal's sanction in the webhook's language; text stored before codes, as it was. */
function sanctionOfCode(code: string, language: Language): string {
  const sanction = parseSanctionCode(code);
  return sanction ? sanctionWords(sanction, language) : code;
}

export type NotifyEvent =
  | {
      kind: "ban";
      admin: string;
      /** Given by a moderator: the message names the role it was given with. */
      byModerator?: boolean;
      steamId: string;
      playerName?: string;
      durationMinutes: number;
      reason?: string;
      serverName: string;
    }
  | {
      kind: "kick" | "unban";
      admin: string;
      byModerator?: boolean;
      steamId: string;
      playerName?: string;
      serverName: string;
    }
  | {
      kind: "matchRecorded";
      /** The record's id: the message links to its scoreboard. */
      matchId?: string;
      serverName: string;
      map: string;
      teamA: string;
      teamB: string;
      scoreA: number;
      scoreB: number;
    }
  | {
      /** A recorded map's demo is stored and can be downloaded from its match page. */
      kind: "demoReady";
      matchId: string;
      serverName: string;
      map: string;
      scoreA: number;
      scoreB: number;
      sizeBytes: number;
      /** The recording was never closed: it may stop before the map's end. */
      partial: boolean;
    }
  | {
      kind: "tournamentFinished";
      finalMap?: string;
      teamA: string[];
      teamB: string[];
      /** The admin's names for the tournament and the teams, when given. */
      tournament?: string;
      teamAName?: string;
      teamBName?: string;
    }
  | {
      kind: "tournamentLaunched";
      admin: string;
      mode: string;
      map: string;
      serverName: string;
      /** "Team A — Team B", with the tournament's name when it has one. */
      teams?: string;
    }
  | {
      kind: "seriesFinished";
      tournament?: string;
      teamA: string;
      teamB: string;
      winner: string;
      scoreA: number;
      scoreB: number;
      /** Each map with its score, team A first. */
      maps: { map: string; scoreA: number; scoreB: number }[];
    }
  | {
      /** A player with an active or recent sanction connected (the «⚑» flag). */
      kind: "sanctionedJoined";
      serverName: string;
      steamId: string;
      playerName?: string;
      /** Sanction kinds still in force (ban, mute, gag, silence). */
      active: SanctionKindName[];
      latestKind: SanctionKindName;
      latestAt: number;
      latestReason?: string;
    }
  | {
      /** A cup match: playable with its start time, check-in open, started, walkover, result. */
      kind: "cupMatch";
      stage: "ready" | "checkIn" | "started" | "walkover" | "result";
      cup: string;
      teamA: string;
      teamB: string;
      at?: number;
      winner?: string;
      scoreA?: number;
      scoreB?: number;
    }
  | { kind: "cupFinished"; cup: string; champion: string }
  | { kind: "serverOffline" | "serverOnline"; serverName: string }
  | {
      /** A live map ended without a result (model/history/interruptions.ts). */
      kind: "matchInterrupted";
      serverName: string;
      map: string;
      round: number;
      scoreCT: number;
      scoreT: number;
      reason: InterruptReason;
      at: number;
    }
  | {
      /** A server's CS2 log stopped arriving while players are on, or came back after that. */
      kind: "logSilent" | "logBack";
      serverName: string;
      minutes: number;
      players?: number;
    }
  | { kind: "pushEnabled" | "pushDisabled"; admin: string; serverName: string }
  | {
      /** A new report from the game (`!report`, `!calladmin`) or the web. */
      kind: "report";
      calladmin: boolean;
      source: "game" | "web";
      serverName?: string;
      reporterName: string;
      targetSteamId?: string;
      targetName?: string;
      reason: string;
      round?: number;
      scoreCT?: number;
      scoreT?: number;
    }
  | {
      /** A player appealed a sanction, or staff decided an appeal. */
      kind: "appeal";
      stage: "submitted" | "accepted" | "rejected";
      steamId: string;
      playerName?: string;
      /** The sanction's code (`lib/sanctionWords.ts` sanctionCode), worded in the webhook's language. */
      sanction: string;
      text: string;
      admin?: string;
      byModerator?: boolean;
    };

export type NotifyEventKind = NotifyEvent["kind"];

/** The sanction kinds as the moderation records name them (a message says them as `sanction.<kind>`). */
export type SanctionKindName =
  "kick" | "ban" | "unban" | "mute" | "gag" | "silence" | "unmute" | "ungag" | "unsilence";

const KIND_OF_EVENT: Record<NotifyEventKind, WebhookKind> = {
  ban: "moderation",
  kick: "moderation",
  unban: "moderation",
  sanctionedJoined: "moderation",
  matchRecorded: "match",
  demoReady: "match",
  tournamentFinished: "tournament",
  tournamentLaunched: "tournament",
  seriesFinished: "tournament",
  cupMatch: "tournament",
  cupFinished: "tournament",
  serverOffline: "serverState",
  serverOnline: "serverState",
  matchInterrupted: "serverState",
  logSilent: "serverState",
  logBack: "serverState",
  pushEnabled: "push",
  pushDisabled: "push",
  report: "moderation",
  appeal: "moderation",
};

export function webhookKindOf(event: NotifyEvent): WebhookKind {
  return KIND_OF_EVENT[event.kind];
}

// ---- Text ----

/** Shows `text` literally in Discord: markdown, mention and link syntax are escaped. */
export function escapeMarkdown(text: string): string {
  return (
    text
      // Control characters and newlines could forge extra lines in a field.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/[\\`*_~|>#[\]()<@:-]/g, "\\$&")
  );
}

/** A name for a message: escaped, bounded, never empty. */
function name(text: string | undefined, max = 64): string {
  const trimmed = (text ?? "").trim();
  if (!trimmed) return "—";
  const cut = [...trimmed].length > max ? `${[...trimmed].slice(0, max).join("")}…` : trimmed;
  return escapeMarkdown(cut);
}

export function relativeTime(at: number): string {
  return `<t:${Math.floor(at / 1000)}:R>`;
}

export function playerUrl(panelUrl: string | undefined, steamId: string): string | null {
  const base = panelUrl ? originOf(panelUrl) : null;
  if (!base || !isSteamId64(steamId)) return null;
  return `${base}/players/${steamId}`;
}

/** The panel's page of a recorded match; ids are Convex ids (letters and digits only). */
export function matchUrl(panelUrl: string | undefined, matchId: string | undefined): string | null {
  const base = panelUrl ? originOf(panelUrl) : null;
  if (!base || !matchId || !/^[a-z0-9]+$/i.test(matchId)) return null;
  return `${base}/matches/${matchId}`;
}

// ---- Messages ----

export const COLORS: Record<NotifyEventKind, number> = {
  ban: 0xe53935,
  kick: 0xfb8c00,
  unban: 0x43a047,
  sanctionedJoined: 0xf4511e,
  matchRecorded: 0x1e88e5,
  demoReady: 0x43a047,
  tournamentFinished: 0x8e24aa,
  tournamentLaunched: 0x5e35b1,
  seriesFinished: 0xfdd835,
  cupMatch: 0x26a69a,
  cupFinished: 0xffb300,
  serverOffline: 0x757575,
  serverOnline: 0x00897b,
  matchInterrupted: 0xef6c00,
  logSilent: 0xf9a825,
  logBack: 0x00897b,
  pushEnabled: 0x3949ab,
  pushDisabled: 0x546e7a,
  report: 0xd81b60,
  appeal: 0x6d4c41,
};

interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface DiscordEmbed {
  title: string;
  description: string;
  color: number;
  url?: string;
  fields: EmbedField[];
  timestamp: string;
  footer: { text: string };
}

export interface DiscordMessage {
  username: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: never[] };
}

/** The texts of one language, parameters filled. */
type Words = (key: DiscordTextKey, params?: TextParams) => string;

function wordsOf(language: Language): Words {
  const texts = DISCORD_TEXTS[language];
  return (key, params) => (params ? fillText(texts[key], params) : texts[key]);
}

function playerLine(steamId: string, playerName: string | undefined, panelUrl?: string): string {
  const who = name(playerName ?? steamId);
  const link = playerUrl(panelUrl, steamId);
  return link ? `[${who}](${link})` : who;
}

/** Who acted, by the role they acted with. */
function staffField(w: Words, event: { admin: string; byModerator?: boolean }): EmbedField {
  return {
    name: w(event.byModerator ? "field.moderator" : "field.admin"),
    value: name(event.admin),
    inline: true,
  };
}

function body(language: Language, event: NotifyEvent, panelUrl: string | undefined, at: number) {
  const w = wordsOf(language);
  const when = relativeTime(at);
  const serverField = (serverName: string) => ({
    name: w("field.server"),
    value: name(serverName),
    inline: true,
  });
  switch (event.kind) {
    case "ban":
      return {
        title: w("title.ban"),
        description: `${playerLine(event.steamId, event.playerName, panelUrl)} — ${durationText(event.durationMinutes, language)}, ${when}`,
        fields: [
          staffField(w, event),
          serverField(event.serverName),
          ...(event.reason?.trim()
            ? [{ name: w("field.reason"), value: name(event.reason, 200), inline: false }]
            : []),
        ],
        url: playerUrl(panelUrl, event.steamId),
      };
    case "kick":
    case "unban":
      return {
        title: w(event.kind === "kick" ? "title.kick" : "title.unban"),
        description: `${playerLine(event.steamId, event.playerName, panelUrl)}, ${when}`,
        fields: [staffField(w, event), serverField(event.serverName)],
        url: playerUrl(panelUrl, event.steamId),
      };
    case "sanctionedJoined": {
      const active = event.active.map((k) => w(`sanction.${k}`)).join(", ");
      const what = active
        ? w("sanctionActive", { list: active })
        : w("sanctionLatest", {
            kind: w(`sanction.${event.latestKind}`),
            when: relativeTime(event.latestAt),
          });
      return {
        title: w("title.sanctionedJoined"),
        description: `${playerLine(event.steamId, event.playerName, panelUrl)}, ${when}. ${what}`,
        fields: [
          serverField(event.serverName),
          ...(event.latestReason?.trim()
            ? [{ name: w("field.reason"), value: name(event.latestReason, 200), inline: false }]
            : []),
        ],
        url: playerUrl(panelUrl, event.steamId),
      };
    }
    case "matchRecorded":
      return {
        title: w("title.matchRecorded"),
        description: `${name(event.teamA)} **${event.scoreA} : ${event.scoreB}** ${name(event.teamB)}, ${when}`,
        fields: [
          { name: w("field.map"), value: name(event.map), inline: true },
          serverField(event.serverName),
        ],
        url: matchUrl(panelUrl, event.matchId),
      };
    case "demoReady":
      return {
        title: w("title.demoReady"),
        description: `${name(event.map)} **${event.scoreA} : ${event.scoreB}**, ${w("demoSize", { mb: (event.sizeBytes / 1024 ** 2).toFixed(1) })}${event.partial ? w("demoPartial") : ""}`,
        fields: [serverField(event.serverName)],
        url: matchUrl(panelUrl, event.matchId),
      };
    case "tournamentFinished":
      return {
        title: event.tournament
          ? w("title.vetoFinishedNamed", { tournament: name(event.tournament) })
          : w("title.vetoFinished"),
        description: w("finalMap", { map: name(event.finalMap), when }),
        fields: [
          {
            name: name(event.teamAName ?? w("teamA")),
            value: event.teamA.map((n) => name(n)).join(", ") || "—",
          },
          {
            name: name(event.teamBName ?? w("teamB")),
            value: event.teamB.map((n) => name(n)).join(", ") || "—",
          },
        ],
      };
    case "tournamentLaunched":
      return {
        title: w("title.tournamentLaunched"),
        description: `${name(event.map)}, ${name(event.mode)}, ${when}`,
        fields: [
          { name: w("field.admin"), value: name(event.admin), inline: true },
          serverField(event.serverName),
          ...(event.teams ? [{ name: w("field.teams"), value: name(event.teams, 120) }] : []),
        ],
      };
    case "seriesFinished":
      return {
        title: event.tournament
          ? w("title.seriesFinishedNamed", { tournament: name(event.tournament) })
          : w("title.seriesFinished"),
        description: `${name(event.teamA)} **${event.scoreA} : ${event.scoreB}** ${name(event.teamB)}. ${w("winner", { winner: name(event.winner) })}, ${when}`,
        fields: event.maps.slice(0, 9).map((m, i) => ({
          name: w("field.mapN", { n: i + 1 }),
          value: `${name(m.map)} ${m.scoreA}:${m.scoreB}`,
          inline: true,
        })),
      };
    case "cupMatch":
      return {
        title: w("title.cupMatch", { stage: w(`cupStage.${event.stage}`), cup: name(event.cup) }),
        description: `${name(event.teamA)} — ${name(event.teamB)}${
          event.scoreA !== undefined ? ` **${event.scoreA} : ${event.scoreB}**` : ""
        }${event.winner ? `. ${w("winner", { winner: name(event.winner) })}` : ""}`,
        fields: event.at
          ? [
              {
                name: w("field.start"),
                value: `<t:${Math.floor(event.at / 1000)}:f>`,
                inline: true,
              },
            ]
          : [],
      };
    case "cupFinished":
      return {
        title: w("title.cupFinished", { cup: name(event.cup) }),
        description: `${w("winner", { winner: name(event.champion) })}, ${when}`,
        fields: [],
      };
    case "serverOffline":
    case "serverOnline":
      return {
        title: w(event.kind === "serverOffline" ? "title.serverOffline" : "title.serverOnline"),
        description: `${name(event.serverName)}, ${when}`,
        fields: [],
      };
    case "matchInterrupted":
      return {
        title: w("title.matchInterrupted", {
          round: event.round,
          ct: event.scoreCT,
          t: event.scoreT,
        }),
        description: `${name(event.serverName)}, ${relativeTime(event.at)}`,
        fields: [
          { name: w("field.interruptedMap"), value: name(event.map), inline: true },
          { name: w("field.whatHappened"), value: w(`interrupt.${event.reason}`), inline: true },
        ],
      };
    case "logSilent":
    case "logBack": {
      const text = (key: LogSilenceKey) =>
        fillText(LOG_SILENCE_TEXTS[language][key], {
          server: name(event.serverName),
          minutes: event.minutes,
          players: event.players ?? 0,
        });
      return {
        title: text(
          event.kind === "logSilent" ? "discord.logSilent.title" : "discord.logBack.title",
        ),
        description: `${text(
          event.kind === "logSilent"
            ? "discord.logSilent.description"
            : "discord.logBack.description",
        )} ${when}`,
        fields: [],
      };
    }
    case "pushEnabled":
    case "pushDisabled":
      return {
        title: w(event.kind === "pushEnabled" ? "title.pushEnabled" : "title.pushDisabled"),
        description: `${name(event.serverName)}, ${when}`,
        fields: [{ name: w("field.admin"), value: name(event.admin), inline: true }],
      };
    case "report": {
      const target = event.targetSteamId
        ? playerLine(event.targetSteamId, event.targetName, panelUrl)
        : null;
      const where =
        event.round !== undefined
          ? [
              {
                name: w("field.round"),
                value: `${event.round} (${event.scoreCT ?? 0}:${event.scoreT ?? 0})`,
                inline: true,
              },
            ]
          : [];
      return {
        title: w(event.calladmin ? "title.calladmin" : "title.report"),
        description: `${target ?? w("noTarget")}, ${when}`,
        fields: [
          { name: w("field.from"), value: name(event.reporterName), inline: true },
          { name: w("field.source"), value: w(`source.${event.source}`), inline: true },
          ...(event.serverName ? [serverField(event.serverName)] : []),
          ...where,
          { name: w("field.reason"), value: name(event.reason, 200), inline: false },
        ],
        url: event.targetSteamId ? playerUrl(panelUrl, event.targetSteamId) : null,
      };
    }
    case "appeal":
      return {
        title:
          event.stage === "submitted"
            ? w("title.appealSubmitted")
            : event.stage === "accepted"
              ? w("title.appealAccepted")
              : w("title.appealRejected"),
        description: `${playerLine(event.steamId, event.playerName, panelUrl)}: ${name(sanctionOfCode(event.sanction, language), 120)}, ${when}`,
        fields: [
          ...(event.admin
            ? [staffField(w, { admin: event.admin, byModerator: event.byModerator })]
            : []),
          {
            name: w(event.stage === "submitted" ? "field.text" : "field.decision"),
            value: name(event.text, 300),
          },
        ],
        url: playerUrl(panelUrl, event.steamId),
      };
  }
}

/** The execute-webhook body for `event`, which happened at `at` (ms). */
export function formatMessage(
  event: NotifyEvent,
  opts: { panelUrl?: string; at: number; language?: Language },
): DiscordMessage {
  const language = opts.language ?? DEFAULT_LANGUAGE;
  const { url, ...rest } = body(language, event, opts.panelUrl, opts.at);
  const botName = DISCORD_TEXTS[language].botName;
  return {
    username: botName,
    embeds: [
      {
        ...rest,
        ...(url ? { url } : {}),
        color: COLORS[event.kind],
        timestamp: new Date(opts.at).toISOString(),
        footer: { text: botName },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The message the settings' test button sends, in the webhook's language. */
export function testMessage(
  kind: WebhookKind,
  at: number,
  language: Language = DEFAULT_LANGUAGE,
): DiscordMessage {
  const w = wordsOf(language);
  return {
    username: w("botName"),
    embeds: [
      {
        title: w("title.test"),
        description: w("testWorks", { label: w(`kind.${kind}`), when: relativeTime(at) }),
        color: 0x90a4ae,
        fields: [],
        timestamp: new Date(at).toISOString(),
        footer: { text: w("botName") },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
