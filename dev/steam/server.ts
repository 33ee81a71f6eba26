/**
 * A local stand-in for Steam's OpenID 2.0 provider and the one Steam Web API call the panel makes
 * about a linked player (dev and tests only). It speaks the protocol the way steamcommunity.com
 * does: `checkid_setup` shows a sign-in page, a positive assertion goes back to `return_to` signed
 * with a secret only this process knows, and `check_authentication` confirms an assertion once
 * (a replayed nonce gets `is_valid:false`, like a real provider).
 *
 * GET  /openid/login?openid.mode=checkid_setup…  sign-in page (pick a SteamID64 and a name)
 * POST /openid/login/approve                     the page's form: redirects to return_to
 * POST /openid/login  openid.mode=check_authentication  `ns:…\nis_valid:true|false\n`
 * GET  /ISteamUser/GetPlayerSummaries/v2/?key=&steamids=  up to 100 players: the persona name
 *      given at sign-in, and an avatar (`avatarmedium`, served below) for every SteamID64
 * GET  /avatars/<steamid>.svg                     a generated 64×64 avatar
 * POST /ISteamRemoteStorage/GetPublishedFileDetails/v1/  itemcount, publishedfileids[n]: titles
 *      of the simulator's workshop maps; any other id answers result 9 (not found), like Steam
 * GET  /ISteamUser/ResolveVanityURL/v1/?key=&vanityurl=  no vanity names here: "No match"
 * POST /faults  {"isValid":false,"count":n}  the next n checks answer is_valid:false
 * GET  /ISteamApps/UpToDateCheck/v1/?appid=730&version=<build>  whether a CS2 build is current
 * POST /cs2/latest  {"build":n}  the build UpToDateCheck calls current from now on
 * GET  /checks  every check_authentication request and its answer (tests)
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ownValue } from "../../convex/lib/ownKey";
import { WORKSHOP_MAPS } from "../sim/catalog";
import { isSteamId64 } from "../../convex/lib/steamId";

export const OPENID_NS = "http://specs.openid.net/auth/2.0";
const IDENTIFIER_SELECT = "http://specs.openid.net/auth/2.0/identifier_select";
const SIGNED = "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle";
const BODY_MAX = 16 * 1024;

export interface CheckRecord {
  at: number;
  nonce: string;
  isValid: boolean;
}

export interface SteamStandIn {
  /** `http://127.0.0.1:<port>`; the OpenID base the panel is configured with is `${url}/openid`. */
  url: string;
  openIdBase: string;
  port: number;
  checks: CheckRecord[];
  /** The query parameters a positive assertion for `steamId` carries back to `returnTo`. */
  assertion(returnTo: string, steamId: string, name?: string): Record<string, string>;
  /** The URL the browser is sent back to after signing in (return_to plus the assertion). */
  approveUrl(returnTo: string, steamId: string, name?: string): string;
  /** The next `count` checks answer is_valid:false whatever they carry. */
  refuseChecks(count: number): void;
  /** The build `UpToDateCheck` calls current from now on. */
  setLatestCs2Build(build: number): void;
  stop(): Promise<void>;
}

/** A stand-in's workshop title: the map's name as its author might have published it. */
export function workshopTitle(mapName: string): string {
  const words = mapName.split(/[_-]+/).filter(Boolean);
  return `${words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ")} (CS2)`;
}

/** A 64×64 avatar in one of eight colours picked by the SteamID, with a head-and-shoulders mark. */
function avatarSvg(steamId: string): string {
  const hue = (Number(steamId.slice(-6)) * 47) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="hsl(${hue} 55% 42%)"/>` +
    `<circle cx="32" cy="25" r="12" fill="hsl(${hue} 60% 80%)"/>` +
    `<path d="M10 64c2-14 11-21 22-21s20 7 22 21z" fill="hsl(${hue} 60% 80%)"/></svg>`
  );
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** OpenID's Key-Value form (one `key:value` line each), the text a signature covers. */
function keyValueForm(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${k}:${v}\n`).join("");
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

async function readText(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams | null> {
  const text = await readText(req);
  return text === null ? null : new URLSearchParams(text);
}

function send(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store" });
  res.end(body);
}

function isHttpUrl(text: string | null): text is string {
  if (!text) return false;
  try {
    const { protocol } = new URL(text);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

function signInPage(returnTo: string, realm: string): string {
  return `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Steam (локальна заглушка): вхід</title>
<style>body{font-family:system-ui,sans-serif;background:#1b2838;color:#c7d5e0;margin:0;padding:24px}main{max-width:420px;margin:0 auto}label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;font-size:16px}button{margin-top:16px;padding:10px 16px;font-size:16px;background:#5c7e10;color:#fff;border:0;border-radius:3px;cursor:pointer}.realm{overflow-wrap:anywhere;color:#66c0f4}</style></head>
<body><main><h1>Steam — локальна заглушка</h1><p>Вхід на сайт <span class="realm">${escapeHtml(realm)}</span></p>
<form method="post" action="/openid/login/approve">
<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">
<label for="steamid">SteamID64</label><input id="steamid" name="steamid" inputmode="numeric" required pattern="7656119[0-9]{10}" value="76561198000000001">
<label for="name">Ім'я в Steam</label><input id="name" name="name" maxlength="32" value="Гравець">
<button type="submit">Увійти</button></form></main></body></html>`;
}

export async function startSteamStandIn(
  opts: {
    port?: number;
    host?: string;
    log?: (line: string) => void;
    /**
     * Steam's name for a player nobody signed in as here, the way Steam knows every account (the
     * demo answers with the simulated servers' players).
     */
    nameOf?: (steamId: string) => string | undefined;
  } = {},
): Promise<SteamStandIn> {
  const log = opts.log ?? (() => {});
  const host = opts.host ?? "127.0.0.1";
  const secret = randomBytes(32);
  /** The newest CS2 build (`UpToDateCheck`): the simulator's, until a test or the demo moves it. */
  let latestCs2Build = 14177;
  /** Nonces this provider issued and not yet confirmed by a check. */
  const issued = new Set<string>();
  const names = new Map<string, string>();
  const personaName = (steamId: string) => {
    const name = names.get(steamId) ?? opts.nameOf?.(steamId);
    return name ? { personaname: name } : {};
  };
  let summaryCalls = 0;
  let fileDetailCalls = 0;
  const checks: CheckRecord[] = [];
  let refusals = 0;
  let base = "";

  const sign = (fields: Record<string, string>) =>
    createHmac("sha256", secret)
      .update(keyValueForm(SIGNED.split(",").map((k) => [k, fields[k] ?? ""])))
      .digest("base64");

  const assertion = (returnTo: string, steamId: string, name?: string) => {
    if (name) names.set(steamId, name.slice(0, 32));
    // Stamped from Date.now, the clock the backend checks it against (a benchmark's warped one).
    const nonce = `${new Date(Date.now()).toISOString().replace(/\.\d{3}Z$/, "Z")}${randomBytes(6).toString("hex")}`;
    issued.add(nonce);
    const identity = `${base}/openid/id/${steamId}`;
    const fields: Record<string, string> = {
      signed: SIGNED,
      op_endpoint: `${base}/openid/login`,
      claimed_id: identity,
      identity,
      return_to: returnTo,
      response_nonce: nonce,
      assoc_handle: "1234567890",
    };
    const params: Record<string, string> = { "openid.ns": OPENID_NS, "openid.mode": "id_res" };
    for (const [k, v] of Object.entries(fields)) params[`openid.${k}`] = v;
    params["openid.sig"] = sign(fields);
    return params;
  };

  const check = (form: URLSearchParams): boolean => {
    const signed = form.get("openid.signed") ?? "";
    const fields: Record<string, string> = {};
    for (const k of signed.split(",")) fields[k] = form.get(`openid.${k}`) ?? "";
    const nonce = fields.response_nonce ?? "";
    const valid =
      refusals === 0 &&
      signed === SIGNED &&
      form.get("openid.ns") === OPENID_NS &&
      form.get("openid.sig") === sign(fields) &&
      issued.has(nonce);
    if (refusals > 0) refusals -= 1;
    // One check per assertion, like a provider that forgets a nonce once it is verified.
    issued.delete(nonce);
    checks.push({ at: Date.now(), nonce, isValid: valid });
    return valid;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/openid/login" && req.method === "GET") {
      const q = url.searchParams;
      const returnTo = q.get("openid.return_to");
      const realm = q.get("openid.realm") ?? "";
      if (
        q.get("openid.ns") !== OPENID_NS ||
        q.get("openid.mode") !== "checkid_setup" ||
        q.get("openid.identity") !== IDENTIFIER_SELECT ||
        q.get("openid.claimed_id") !== IDENTIFIER_SELECT ||
        !isHttpUrl(returnTo) ||
        !returnTo.startsWith(realm)
      ) {
        return send(res, 400, "text/plain", "Invalid OpenID request");
      }
      return send(res, 200, "text/html", signInPage(returnTo, realm));
    }
    if (url.pathname === "/openid/login/approve" && req.method === "POST") {
      const form = await readForm(req);
      const returnTo = form?.get("return_to") ?? null;
      const steamId = form?.get("steamid") ?? "";
      if (!isHttpUrl(returnTo) || !isSteamId64(steamId)) {
        return send(res, 400, "text/plain", "Invalid SteamID64 or return_to");
      }
      log(`sign-in as ${steamId}`);
      res.writeHead(302, {
        Location: withQuery(returnTo, assertion(returnTo, steamId, form?.get("name") ?? "")),
      });
      res.end();
      return;
    }
    if (url.pathname === "/openid/login" && req.method === "POST") {
      const form = await readForm(req);
      if (!form || form.get("openid.mode") !== "check_authentication") {
        return send(res, 400, "text/plain", "Invalid check_authentication request");
      }
      const valid = check(form);
      return send(
        res,
        200,
        "text/plain",
        keyValueForm([
          ["ns", OPENID_NS],
          ["is_valid", String(valid)],
        ]),
      );
    }
    if (url.pathname === "/ISteamUser/GetPlayerSummaries/v2/" && req.method === "GET") {
      if (!url.searchParams.get("key")) return send(res, 403, "text/plain", "Forbidden");
      summaryCalls++;
      const ids = (url.searchParams.get("steamids") ?? "").split(",").slice(0, 100);
      const players = ids
        .filter((id) => isSteamId64(id))
        .map((steamid) => ({
          steamid,
          ...personaName(steamid),
          avatarmedium: `${base}/avatars/${steamid}.svg`,
        }));
      return send(res, 200, "application/json", JSON.stringify({ response: { players } }));
    }
    const avatar = /^\/avatars\/(\d{17})\.svg$/.exec(url.pathname);
    if (avatar && req.method === "GET") {
      return send(res, 200, "image/svg+xml", avatarSvg(avatar[1]!));
    }
    if (
      url.pathname === "/ISteamRemoteStorage/GetPublishedFileDetails/v1/" &&
      req.method === "POST"
    ) {
      fileDetailCalls++;
      const form = new URLSearchParams((await readText(req)) ?? "");
      const count = Math.min(Number(form.get("itemcount")) || 0, 100);
      const publishedfiledetails = [];
      for (let i = 0; i < count; i++) {
        const id = form.get(`publishedfileids[${i}]`) ?? "";
        const name = ownValue(WORKSHOP_MAPS, id);
        publishedfiledetails.push(
          name
            ? { publishedfileid: id, result: 1, title: workshopTitle(name) }
            : { publishedfileid: id, result: 9 },
        );
      }
      const body = { response: { result: 1, resultcount: count, publishedfiledetails } };
      return send(res, 200, "application/json", JSON.stringify(body));
    }
    if (url.pathname === "/calls" && req.method === "GET") {
      return send(res, 200, "application/json", JSON.stringify({ summaryCalls, fileDetailCalls }));
    }
    if (url.pathname === "/ISteamUser/ResolveVanityURL/v1/" && req.method === "GET") {
      if (!url.searchParams.get("key")) return send(res, 403, "text/plain", "Forbidden");
      const body = { response: { success: 42, message: "No match" } };
      return send(res, 200, "application/json", JSON.stringify(body));
    }
    if (url.pathname === "/faults" && req.method === "POST") {
      try {
        const body = JSON.parse((await readText(req)) ?? "") as { count?: unknown };
        const count = Number(body.count ?? 1);
        if (!Number.isInteger(count) || count < 1) throw new Error("count");
        refusals += count;
        return send(res, 200, "application/json", JSON.stringify({ ok: true }));
      } catch {
        return send(res, 400, "application/json", JSON.stringify({ message: "Invalid fault" }));
      }
    }
    if (url.pathname === "/ISteamApps/UpToDateCheck/v1/" && req.method === "GET") {
      const version = Number(url.searchParams.get("version"));
      if (url.searchParams.get("appid") !== "730" || !Number.isInteger(version)) {
        const body = {
          response: { success: false, error: "Couldn't get app info for the app specified." },
        };
        return send(res, 200, "application/json", JSON.stringify(body));
      }
      const upToDate = version >= latestCs2Build;
      const body = {
        response: {
          success: true,
          up_to_date: upToDate,
          version_is_listable: upToDate,
          ...(upToDate
            ? {}
            : {
                required_version: latestCs2Build,
                message: "Your server is out of date, please upgrade",
              }),
        },
      };
      return send(res, 200, "application/json", JSON.stringify(body));
    }
    if (url.pathname === "/cs2/latest" && req.method === "POST") {
      try {
        const body = JSON.parse((await readText(req)) ?? "") as { build?: unknown };
        const build = Number(body.build);
        if (!Number.isInteger(build) || build < 1) throw new Error("build");
        latestCs2Build = build;
        return send(res, 200, "application/json", JSON.stringify({ ok: true }));
      } catch {
        return send(res, 400, "application/json", JSON.stringify({ message: "Invalid build" }));
      }
    }
    if (url.pathname === "/checks" && req.method === "GET") {
      return send(res, 200, "application/json", JSON.stringify(checks));
    }
    send(res, 404, "text/plain", "Not found");
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, "text/plain", "Internal error");
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${host}:${port}`;
  return {
    url: base,
    openIdBase: `${base}/openid`,
    port,
    checks,
    assertion,
    approveUrl: (returnTo, steamId, name) =>
      withQuery(returnTo, assertion(returnTo, steamId, name)),
    refuseChecks: (count) => {
      refusals += count;
    },
    setLatestCs2Build: (build) => {
      latestCs2Build = build;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
