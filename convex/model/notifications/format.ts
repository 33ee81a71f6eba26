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
import { fillText as fill } from "../../lib/wording";
import { LOG_SILENCE_TEXTS, type LogSilenceKey } from "../../lib/texts/serverState";

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
      sanction: string;
      text: string;
      admin?: string;
      byModerator?: boolean;
    };

export type NotifyEventKind = NotifyEvent["kind"];

/** The sanction kinds as the moderation records name them, and how a message says them. */
const SANCTION_WORDS = {
  kick: "кік",
  ban: "бан",
  unban: "розбан",
  mute: "мут",
  gag: "гег",
  silence: "мовчання",
  unmute: "зняття муту",
  ungag: "зняття гегу",
  unsilence: "зняття мовчання",
} as const;
export type SanctionKindName = keyof typeof SANCTION_WORDS;

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

/** What ended a live map without a result, as a message says it. */
const INTERRUPT_WORDS: Record<InterruptReason, string> = {
  offline: "сервер перестав відповідати",
  warmup: "сервер повернувся до розминки (перезапуск)",
  map: "на сервері інша карта",
  reset: "рахунок скинуто до 0:0",
};

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

const CUP_STAGE_TITLES = {
  ready: "Матч кубка призначено",
  checkIn: "Відкрито чек-ін",
  started: "Матч кубка почався",
  walkover: "Технічна перемога",
  result: "Результат матчу кубка",
} as const;

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

export const BOT_NAME = "CS2 Панель";

function playerLine(steamId: string, playerName: string | undefined, panelUrl?: string): string {
  const who = name(playerName ?? steamId);
  const link = playerUrl(panelUrl, steamId);
  return link ? `[${who}](${link})` : who;
}

/** Who acted, by the role they acted with. */
function staffField(event: { admin: string; byModerator?: boolean }): EmbedField {
  return {
    name: event.byModerator ? "Модератор" : "Адміністратор",
    value: name(event.admin),
    inline: true,
  };
}

function body(event: NotifyEvent, panelUrl: string | undefined, at: number) {
  const when = relativeTime(at);
  switch (event.kind) {
    case "ban":
      return {
        title: "Гравця забанено",
        description: `${playerLine(event.steamId, event.playerName, panelUrl)} — ${durationText(event.durationMinutes)}, ${when}`,
        fields: [
          staffField(event),
          { name: "Сервер", value: name(event.serverName), inline: true },
          ...(event.reason?.trim()
            ? [{ name: "Причина", value: name(event.reason, 200), inline: false }]
            : []),
        ],
        url: playerUrl(panelUrl, event.steamId),
      };
    case "kick":
    case "unban":
      return {
        title: event.kind === "kick" ? "Гравця кікнуто" : "Гравця розбанено",
        description: `${playerLine(event.steamId, event.playerName, panelUrl)}, ${when}`,
        fields: [
          staffField(event),
          { name: "Сервер", value: name(event.serverName), inline: true },
        ],
        url: playerUrl(panelUrl, event.steamId),
      };
    case "sanctionedJoined": {
      const active = event.active.map((k) => SANCTION_WORDS[k]).join(", ");
      const what = active
        ? `Діє: ${active}.`
        : `Остання санкція: ${SANCTION_WORDS[event.latestKind]}, ${relativeTime(event.latestAt)}.`;
      return {
        title: "На сервер зайшов гравець із санкцією",
        description: `${playerLine(event.steamId, event.playerName, panelUrl)}, ${when}. ${what}`,
        fields: [
          { name: "Сервер", value: name(event.serverName), inline: true },
          ...(event.latestReason?.trim()
            ? [{ name: "Причина", value: name(event.latestReason, 200), inline: false }]
            : []),
        ],
        url: playerUrl(panelUrl, event.steamId),
      };
    }
    case "matchRecorded":
      return {
        title: "Матч завершено",
        description: `${name(event.teamA)} **${event.scoreA} : ${event.scoreB}** ${name(event.teamB)}, ${when}`,
        fields: [
          { name: "Мапа", value: name(event.map), inline: true },
          { name: "Сервер", value: name(event.serverName), inline: true },
        ],
        url: matchUrl(panelUrl, event.matchId),
      };
    case "demoReady":
      return {
        title: "Демо матчу готове",
        description: `${name(event.map)} **${event.scoreA} : ${event.scoreB}**, ${(event.sizeBytes / 1024 ** 2).toFixed(1)} МБ${event.partial ? " (запис неповний)" : ""}`,
        fields: [{ name: "Сервер", value: name(event.serverName), inline: true }],
        url: matchUrl(panelUrl, event.matchId),
      };
    case "tournamentFinished":
      return {
        title: event.tournament
          ? `Вибір мап завершено: ${name(event.tournament)}`
          : "Вибір мап турніру завершено",
        description: `Мапа: ${name(event.finalMap)}, ${when}`,
        fields: [
          {
            name: name(event.teamAName ?? "Команда A"),
            value: event.teamA.map((n) => name(n)).join(", ") || "—",
          },
          {
            name: name(event.teamBName ?? "Команда B"),
            value: event.teamB.map((n) => name(n)).join(", ") || "—",
          },
        ],
      };
    case "tournamentLaunched":
      return {
        title: "Турнірний матч запущено",
        description: `${name(event.map)}, ${name(event.mode)}, ${when}`,
        fields: [
          { name: "Адміністратор", value: name(event.admin), inline: true },
          { name: "Сервер", value: name(event.serverName), inline: true },
          ...(event.teams ? [{ name: "Команди", value: name(event.teams, 120) }] : []),
        ],
      };
    case "seriesFinished":
      return {
        title: event.tournament ? `Серію завершено: ${name(event.tournament)}` : "Серію завершено",
        description: `${name(event.teamA)} **${event.scoreA} : ${event.scoreB}** ${name(event.teamB)}. Переможець: **${name(event.winner)}**, ${when}`,
        fields: event.maps.slice(0, 9).map((m, i) => ({
          name: `Мапа ${i + 1}`,
          value: `${name(m.map)} ${m.scoreA}:${m.scoreB}`,
          inline: true,
        })),
      };
    case "cupMatch":
      return {
        title: `${CUP_STAGE_TITLES[event.stage]}: ${name(event.cup)}`,
        description: `${name(event.teamA)} — ${name(event.teamB)}${
          event.scoreA !== undefined ? ` **${event.scoreA} : ${event.scoreB}**` : ""
        }${event.winner ? `. Переможець: **${name(event.winner)}**` : ""}`,
        fields: event.at
          ? [{ name: "Початок", value: `<t:${Math.floor(event.at / 1000)}:f>`, inline: true }]
          : [],
      };
    case "cupFinished":
      return {
        title: `Кубок завершено: ${name(event.cup)}`,
        description: `Переможець: **${name(event.champion)}**, ${when}`,
        fields: [],
      };
    case "serverOffline":
    case "serverOnline":
      return {
        title: event.kind === "serverOffline" ? "Сервер недоступний" : "Сервер знову онлайн",
        description: `${name(event.serverName)}, ${when}`,
        fields: [],
      };
    case "matchInterrupted":
      return {
        title: `Матч перервано на раунді ${event.round} (${event.scoreCT}:${event.scoreT})`,
        description: `${name(event.serverName)}, ${relativeTime(event.at)}`,
        fields: [
          { name: "Карта", value: name(event.map), inline: true },
          { name: "Що сталося", value: INTERRUPT_WORDS[event.reason], inline: true },
        ],
      };
    case "logSilent":
    case "logBack": {
      const text = (key: LogSilenceKey) =>
        fill(LOG_SILENCE_TEXTS.uk[key], {
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
        title: event.kind === "pushEnabled" ? "Події MatchZy увімкнено" : "Події MatchZy вимкнено",
        description: `${name(event.serverName)}, ${when}`,
        fields: [{ name: "Адміністратор", value: name(event.admin), inline: true }],
      };
    case "report": {
      const target = event.targetSteamId
        ? playerLine(event.targetSteamId, event.targetName, panelUrl)
        : null;
      const where =
        event.round !== undefined
          ? [
              {
                name: "Раунд",
                value: `${event.round} (${event.scoreCT ?? 0}:${event.scoreT ?? 0})`,
                inline: true,
              },
            ]
          : [];
      return {
        title: event.calladmin ? "Виклик адміністратора" : "Нова скарга",
        description: `${target ?? "Гравця не вказано"}, ${when}`,
        fields: [
          { name: "Від", value: name(event.reporterName), inline: true },
          { name: "Джерело", value: event.source === "game" ? "гра" : "сайт", inline: true },
          ...(event.serverName
            ? [{ name: "Сервер", value: name(event.serverName), inline: true }]
            : []),
          ...where,
          { name: "Причина", value: name(event.reason, 200), inline: false },
        ],
        url: event.targetSteamId ? playerUrl(panelUrl, event.targetSteamId) : null,
      };
    }
    case "appeal":
      return {
        title:
          event.stage === "submitted"
            ? "Нова апеляція"
            : event.stage === "accepted"
              ? "Апеляцію задоволено"
              : "Апеляцію відхилено",
        description: `${playerLine(event.steamId, event.playerName, panelUrl)}: ${name(event.sanction, 120)}, ${when}`,
        fields: [
          ...(event.admin
            ? [staffField({ admin: event.admin, byModerator: event.byModerator })]
            : []),
          { name: event.stage === "submitted" ? "Текст" : "Рішення", value: name(event.text, 300) },
        ],
        url: playerUrl(panelUrl, event.steamId),
      };
  }
}

/** The execute-webhook body for `event`, which happened at `at` (ms). */
export function formatMessage(
  event: NotifyEvent,
  opts: { panelUrl?: string; at: number },
): DiscordMessage {
  const { url, ...rest } = body(event, opts.panelUrl, opts.at);
  return {
    username: BOT_NAME,
    embeds: [
      {
        ...rest,
        ...(url ? { url } : {}),
        color: COLORS[event.kind],
        timestamp: new Date(opts.at).toISOString(),
        footer: { text: BOT_NAME },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The message the "Надіслати тест" button sends. */
export function testMessage(kind: WebhookKind, at: number): DiscordMessage {
  return {
    username: BOT_NAME,
    embeds: [
      {
        title: "Тестове повідомлення",
        description: `Вебхук «${WEBHOOK_LABELS[kind]}» працює, ${relativeTime(at)}`,
        color: 0x90a4ae,
        fields: [],
        timestamp: new Date(at).toISOString(),
        footer: { text: BOT_NAME },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

export const WEBHOOK_LABELS: Record<WebhookKind, string> = {
  moderation: "Бани, кіки, розбани",
  match: "Записані матчі",
  tournament: "Турнір: вибір завершено, матч запущено",
  serverState: "Сервер офлайн / онлайн",
  push: "Події MatchZy увімкнено / вимкнено",
};
