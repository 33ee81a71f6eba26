/**
 * The cup demo's players: each a signed-in demo account (an unverified demo JWT, as the demo's
 * sign-in makes) with a Steam account linked through the panel's own OpenID flow against the
 * local Steam stand-in, exactly as a player's browser would go through it.
 */
import type { ConvexClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { makeDemoJwt } from "../backend/server";
import { client } from "../bench/util";
import type { DemoHandle } from "../demo";

export interface CupPlayer {
  index: number;
  name: string;
  steamId: string;
  convex: ConvexClient;
  sessionId: string;
}

const steamIdOf = (index: number) => `765611990000${String(10_000 + index).slice(-5)}`;

async function redirectOf(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: "manual" });
  const to = res.headers.get("location");
  if (res.status !== 302 || !to) {
    throw new Error(`expected a redirect from ${url}, got ${res.status}`);
  }
  return new URL(to);
}

/** Links `steamId` to the player's account: begin, Steam's sign-in, its answer, finish. */
async function linkSteam(demo: DemoHandle, player: CupPlayer): Promise<void> {
  const { url } = await player.convex.mutation(api.steamLink.begin, {});
  const signIn = await redirectOf(url);
  const returnTo = signIn.searchParams.get("openid.return_to");
  if (!returnTo) throw new Error("Steam sign-in without return_to");
  const back = new URL(returnTo);
  for (const [k, v] of Object.entries(
    demo.steam.assertion(returnTo, player.steamId, player.name),
  )) {
    back.searchParams.set(k, v);
  }
  const panel = await redirectOf(back.toString());
  const state = panel.searchParams.get("steamLink");
  const code = panel.searchParams.get("code") ?? undefined;
  if (!state) throw new Error(`Steam link refused: ${panel.searchParams.get("steamLinkError")}`);
  const done = await player.convex.mutation(api.steamLink.finish, { state, code });
  if ("refused" in done) throw new Error(`Steam link refused: ${done.refused.message}`);
}

export async function signUpPlayers(
  demo: DemoHandle,
  names: readonly string[],
  first = 0,
): Promise<CupPlayer[]> {
  // Steam sends the player back to the panel's address; without the web app any address does,
  // since these players read the redirect instead of opening it.
  process.env.PANEL_URL ??= "http://127.0.0.1:5173/";
  const players: CupPlayer[] = [];
  for (const [i, name] of names.entries()) {
    const index = first + i;
    const convex = client(demo.backend.url);
    // A fresh token each time the client asks: a demo JWT expires on the process's clock, which
    // the cup demo speeds up, so one token made at sign-up dies mid-cup.
    convex.setAuth(async () =>
      makeDemoJwt({
        iss: "https://demo.cs2-panel.local",
        sub: `cup-player-${index}`,
        name,
        nickname: `player${index}`,
        email: `player${index}@demo.cs2-panel.local`,
        email_verified: true,
      }),
    );
    const player = {
      index,
      name,
      steamId: steamIdOf(index),
      convex,
      sessionId: `cup-demo-session-${index}`,
    };
    await convex.mutation(api.users.store, {});
    await linkSteam(demo, player);
    players.push(player);
  }
  return players;
}
