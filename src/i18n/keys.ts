// The key of every text: the union of the Ukrainian files' keys (type-only, nothing is bundled).
import type account from "./uk/account";
import type admin from "./uk/admin";
import type audit from "./uk/audit";
import type auth from "./uk/auth";
import type bans from "./uk/bans";
import type common from "./uk/common";
import type conduct from "./uk/conduct";
import type connect from "./uk/connect";
import type cup from "./uk/cup";
import type dashboard from "./uk/dashboard";
import type docs from "./uk/docs";
import type history from "./uk/history";
import type match from "./uk/match";
import type moderation from "./uk/moderation";
import type players from "./uk/players";
import type random from "./uk/random";
import type refusals from "./uk/refusals";
import type tournament from "./uk/tournament";

interface Dictionaries {
  account: typeof account;
  admin: typeof admin;
  audit: typeof audit;
  auth: typeof auth;
  bans: typeof bans;
  common: typeof common;
  conduct: typeof conduct;
  connect: typeof connect;
  cup: typeof cup;
  dashboard: typeof dashboard;
  docs: typeof docs;
  history: typeof history;
  match: typeof match;
  moderation: typeof moderation;
  players: typeof players;
  random: typeof random;
  refusals: typeof refusals;
  tournament: typeof tournament;
}

export type Namespace = keyof Dictionaries;
export type MessageKey = { [N in Namespace]: keyof Dictionaries[N] }[Namespace];
