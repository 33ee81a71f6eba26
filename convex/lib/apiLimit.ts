/**
 * The read API's `limit` query parameter, one rule for every route that takes it: absent is the
 * route's default; anything but a whole number within 1..max is refused with a 400 that names the
 * range, never quietly cut to the maximum (a caller asking for 200 would otherwise page as if
 * the list ended early).
 */
export type LimitAnswer = { ok: true; limit: number } | { ok: false; details: string };

export function parseLimit(raw: string | null, fallback: number, max: number): LimitAnswer {
  if (raw === null) return { ok: true, limit: fallback };
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  return n >= 1 && n <= max ? { ok: true, limit: n } : { ok: false, details: `1..${max}` };
}

/** The refusal of a bad `limit`, as every read route words it. */
export function invalidLimit(details: string) {
  return { status: 400, body: { error: "Invalid limit", details } };
}
