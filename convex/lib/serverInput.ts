/**
 * What an admin typed into the server form, checked field by field. The backend refuses a save
 * with every problem at once; the form shows the same words under each field as they are typed,
 * so a fixed field loses its message at once and nothing is learnt one submit at a time.
 */

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

export interface ServerInputProblem {
  field: ServerInputField;
  message: string;
}

const isPort = (port: number | undefined): port is number =>
  port !== undefined && Number.isInteger(port) && port >= 1 && port <= 65535;

/** The API base URL as stored (no trailing slash), or why it cannot be one. */
export function parseApiUrl(raw: string): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: "Адреса API має бути повною URL-адресою, наприклад http://1.2.3.4:8080." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { problem: "Адреса API: лише http або https." };
  }
  return { url: url.toString().replace(/\/+$/, "") };
}

/** Every problem of the form, in the form's order; empty when it may be saved. */
export function serverInputProblems(input: ServerInputFields): ServerInputProblem[] {
  const problems: ServerInputProblem[] = [];
  const add = (field: ServerInputField, message: string) => problems.push({ field, message });
  if (!SERVER_KEY_RE.test(input.key.trim())) {
    add("key", "Ключ: 1–32 символи a-z, 0-9, - або _.");
  }
  const name = input.name.trim();
  if (!name || name.length > 64) add("name", "Назва сервера: від 1 до 64 символів.");
  const direct = input.connectionType === "RCON";
  if (!direct) {
    const api = parseApiUrl(input.apiBaseUrl);
    if ("problem" in api) add("apiBaseUrl", api.problem);
  }
  if (!/^[A-Za-z0-9.-]{1,253}:\d{1,5}$/.test(input.connectAddress.trim())) {
    add("connectAddress", "Адреса підключення: host:port, наприклад 1.2.3.4:27015.");
  }
  if (input.connectionType !== "HTTP") {
    if (!input.proxyTargetHost || !HOST_RE.test(input.proxyTargetHost)) {
      add(
        "proxyTargetHost",
        direct
          ? "Для прямого RCON вкажіть адресу ігрового сервера (IP або домен)."
          : "Для RCON-проксі вкажіть адресу ігрового сервера.",
      );
    }
    if (!isPort(input.proxyTargetPort)) add("proxyTargetPort", "Порт RCON: 1–65535.");
  }
  if (input.gotvPort !== undefined && !isPort(input.gotvPort)) {
    add("gotvPort", "Порт GOTV: 1–65535, або залиште порожнім.");
  }
  return problems;
}
