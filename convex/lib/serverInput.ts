/**
 * What an admin typed into the server form, checked field by field. The backend refuses a save
 * with every problem at once; the form shows the same words under each field as they are typed,
 * so a fixed field loses its message at once and nothing is learnt one submit at a time. Each
 * problem is a text of texts/servers.ts with its key, worded by the form in the visitor's language.
 */
import { SERVER_TEXTS } from "./texts/servers";
import type { Worded } from "./wording";

/** A server key is 1–32 characters a-z, 0-9, - or _ (it appears in links). */
export const SERVER_KEY_MAX_LENGTH = 32;
const SERVER_KEY_RE = new RegExp(`^[a-z0-9_-]{1,${SERVER_KEY_MAX_LENGTH}}$`);
const HOST_RE = /^[A-Za-z0-9.-]{1,253}$/;

export interface ServerInputFields {
  key: string;
  name: string;
  apiBaseUrl: string;
  connectAddress: string;
  connectionType: "HTTP" | "RCON_PROXY" | "RCON";
  proxyTargetHost?: string | undefined;
  proxyTargetPort?: number | undefined;
  gotvPort?: number | undefined;
}

export type ServerInputField =
  | "key"
  | "name"
  | "apiBaseUrl"
  | "connectAddress"
  | "proxyTargetHost"
  | "proxyTargetPort"
  | "gotvPort";

type ServerTextKey = keyof typeof SERVER_TEXTS & string;

export interface ServerInputProblem extends Worded {
  readonly field: ServerInputField;
  readonly key: ServerTextKey;
}

const isPort = (port: number | undefined): port is number =>
  port !== undefined && Number.isInteger(port) && port >= 1 && port <= 65535;

/** The API base URL as stored (no trailing slash), or why it cannot be one. */
export function parseApiUrl(raw: string): { url: string } | { problem: ServerTextKey } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: "refusal.servers.apiUrlFormat" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { problem: "refusal.servers.apiUrlScheme" };
  }
  return { url: url.toString().replace(/\/+$/, "") };
}

/** Every problem of the form, in the form's order; empty when it may be saved. */
export function serverInputProblems(input: ServerInputFields): ServerInputProblem[] {
  const problems: ServerInputProblem[] = [];
  const add = (field: ServerInputField, key: ServerTextKey) =>
    problems.push({ field, key, message: SERVER_TEXTS[key] });
  if (!SERVER_KEY_RE.test(input.key.trim())) add("key", "refusal.servers.keyFormat");
  const name = input.name.trim();
  if (!name || name.length > 64) add("name", "refusal.servers.nameLength");
  const direct = input.connectionType === "RCON";
  if (!direct) {
    const api = parseApiUrl(input.apiBaseUrl);
    if ("problem" in api) add("apiBaseUrl", api.problem);
  }
  if (!/^[A-Za-z0-9.-]{1,253}:\d{1,5}$/.test(input.connectAddress.trim())) {
    add("connectAddress", "refusal.servers.connectAddress");
  }
  if (input.connectionType !== "HTTP") {
    if (!input.proxyTargetHost || !HOST_RE.test(input.proxyTargetHost)) {
      add(
        "proxyTargetHost",
        direct ? "refusal.servers.rconHostDirect" : "refusal.servers.rconHostProxy",
      );
    }
    if (!isPort(input.proxyTargetPort)) add("proxyTargetPort", "refusal.servers.rconPort");
  }
  if (input.gotvPort !== undefined && !isPort(input.gotvPort)) {
    add("gotvPort", "refusal.servers.gotvPort");
  }
  return problems;
}
