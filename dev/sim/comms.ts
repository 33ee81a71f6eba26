/**
 * CS2-SimpleAdmin's communication blocks: mute (voice), gag (text chat), silence (both), each by
 * SteamID64 with minutes (0 = permanent) and a reason, as `css_addmute` / `css_addgag` /
 * `css_addsilence` record them, lifted by `css_unmute` / `css_ungag` / `css_unsilence`.
 */
export type CommsType = "mute" | "gag" | "silence";

export interface WireComms {
  steamId: string;
  type: CommsType;
  duration: string;
  reason?: string;
  since: string;
  expiresAt: string | null;
}

interface Block {
  steamId: string;
  type: CommsType;
  minutes: number;
  reason?: string;
  since: number;
  expiresAt: number | null;
}

export class CommsList {
  private readonly blocks = new Map<string, Block>();

  constructor(private readonly now: () => number) {}

  /** A new block of the same type replaces the earlier one, as the plugin does. */
  add(steamId: string, type: CommsType, minutes: number, reason?: string): void {
    const since = this.now();
    this.blocks.set(`${type}:${steamId}`, {
      steamId,
      type,
      minutes,
      ...(reason ? { reason } : {}),
      since,
      expiresAt: minutes === 0 ? null : since + minutes * 60_000,
    });
  }

  /** Lifting a silence lifts the mute and gag it stands for too, and the other way round. */
  remove(steamId: string, type: CommsType): boolean {
    this.purge();
    const keys = type === "silence" ? ["silence", "mute", "gag"] : [type, "silence"];
    let removed = false;
    for (const k of keys) removed = this.blocks.delete(`${k}:${steamId}`) || removed;
    return removed;
  }

  list(): WireComms[] {
    this.purge();
    return [...this.blocks.values()]
      .sort((a, b) => a.since - b.since)
      .map((b) => ({
        steamId: b.steamId,
        type: b.type,
        duration: String(b.minutes),
        ...(b.reason ? { reason: b.reason } : {}),
        since: new Date(b.since).toISOString(),
        expiresAt: b.expiresAt === null ? null : new Date(b.expiresAt).toISOString(),
      }));
  }

  clear(): void {
    this.blocks.clear();
  }

  private purge(): void {
    const now = this.now();
    for (const [k, b] of this.blocks) {
      if (b.expiresAt !== null && b.expiresAt <= now) this.blocks.delete(k);
    }
  }
}
