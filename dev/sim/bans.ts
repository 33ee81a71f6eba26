/** The plugin's ban list: CS2 itself has no working banid/listid, so bans live here. */
import { type WireBan } from "../../convex/lib/gameApi";

interface Ban {
  steamId: string;
  durationMin: number;
  reason?: string;
  bannedAt: number;
  /** null = permanent. */
  expiresAt: number | null;
}

export class BanList {
  private readonly bans = new Map<string, Ban>();

  constructor(private readonly now: () => number) {}

  /** Re-banning replaces the earlier entry, as admin plugins do. */
  add(steamId: string, durationMin: number, reason?: string): WireBan {
    const bannedAt = this.now();
    const ban: Ban = {
      steamId,
      durationMin,
      ...(reason ? { reason } : {}),
      bannedAt,
      expiresAt: durationMin === 0 ? null : bannedAt + durationMin * 60_000,
    };
    this.bans.set(steamId, ban);
    return toWire(ban);
  }

  remove(steamId: string): boolean {
    this.purge();
    return this.bans.delete(steamId);
  }

  isBanned(steamId: string): boolean {
    this.purge();
    return this.bans.has(steamId);
  }

  list(): WireBan[] {
    this.purge();
    return [...this.bans.values()].sort((a, b) => a.bannedAt - b.bannedAt).map(toWire);
  }

  clear(): void {
    this.bans.clear();
  }

  private purge(): void {
    const now = this.now();
    for (const [id, ban] of this.bans) {
      if (ban.expiresAt !== null && ban.expiresAt <= now) this.bans.delete(id);
    }
  }
}

function toWire(ban: Ban): WireBan {
  return {
    steamId: ban.steamId,
    duration: String(ban.durationMin),
    ...(ban.reason ? { reason: ban.reason } : {}),
    bannedAt: new Date(ban.bannedAt).toISOString(),
    expiresAt: ban.expiresAt === null ? null : new Date(ban.expiresAt).toISOString(),
  };
}
