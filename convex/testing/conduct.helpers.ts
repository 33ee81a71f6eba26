/** A server with CS2's log on and a live match, for the chat, report and appeal tests. */
import { expect } from "vitest";
import { personas, serverRow, setupTest, type TestConvex } from "../test.setup";
import { WARMUP } from "./push.helpers";

const SECRET = "ab".repeat(32);

export async function conductWorld() {
  const t = setupTest();
  const serverId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
    await ctx.db.insert("matchSnapshots", {
      serverId,
      match: { ...WARMUP, roundPhase: "live", round: 7, scoreCT: 4, scoreT: 2 },
      updatedAt: 1,
    });
    return serverId;
  });
  return { t, serverId, ...(await personas(t)) };
}

let tick = 0;
/** A chat line in the HTTP log's form, each call a later stamp. */
export function say(text: string, who = `"Alpha<2><[U:1:11]><CT>"`, teamOnly = false) {
  const at = new Date(Date.UTC(2026, 10, 25, 20, 0, 0, (tick += 10))).toISOString();
  return `11/25/2026 - ${at.slice(11, 23)} - ${who} ${teamOnly ? "say_team" : "say"} "${text}"`;
}

export async function postLog(t: TestConvex, lines: string[]) {
  const res = await t.fetch(`/api/log/server1/${SECRET}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: lines.join("\n") + "\n",
  });
  expect(res.status).toBe(200);
}
