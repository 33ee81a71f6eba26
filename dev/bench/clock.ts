/**
 * A faster clock for the live-play windows of `npm run bench`. Imported before anything else, it
 * replaces `Date.now`, `performance.now`, `setTimeout` and `setInterval` in the bench process,
 * where the simulator, the in-memory backend (convex-test's scheduler), the poller's cadence, the
 * viewers' heartbeats and the measuring windows all live. With `warp(8)`, every delay passes 8×
 * faster and every clock reads 8× more elapsed time, so a 10-minute window of real-paced play
 * (CS2's round times, 5 s polls, 60 s heartbeats) takes 75 s. Rates are then counted per virtual
 * hour, which is what a deployment would see per real hour. Intervals re-read the factor at every
 * beat, so the simulator's tick timer, armed before the warp, speeds up with it. Work itself is not faster: that is fine
 * while the machine keeps up (each second of virtual time has far less than 1/8 s of work), and it
 * is why latency figures are measured at warp 1.
 */
const realDateNow = Date.now.bind(Date);
const realPerfNow = performance.now.bind(performance);
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

let factor = 1;
let anchor = {
  real: realDateNow(),
  virtual: realDateNow(),
  perfReal: realPerfNow(),
  perf: realPerfNow(),
};

const virtualNow = () => anchor.virtual + (realDateNow() - anchor.real) * factor;
const virtualPerf = () => anchor.perf + (realPerfNow() - anchor.perfReal) * factor;

/** From now on, time runs `f` times faster (1: real time). Clocks never jump or go backwards. */
export function warp(f: number): void {
  if (!(f >= 1)) throw new Error(`warp factor must be ≥ 1, got ${f}`);
  anchor = {
    real: realDateNow(),
    virtual: virtualNow(),
    perfReal: realPerfNow(),
    perf: virtualPerf(),
  };
  factor = f;
}

/** Milliseconds on the real clock, for the bench's own run time. */
export const realPerformanceNow = realPerfNow;

Date.now = virtualNow;
performance.now = virtualPerf;
globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
  realSetTimeout(fn, Math.max(0, (ms ?? 0) / factor), ...args)) as typeof setTimeout;

/** An interval made of timeouts, so each beat waits the period at the factor of that moment. */
class WarpedInterval {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private cleared = false;
  private unrefd = false;

  constructor(
    private readonly fn: (...a: unknown[]) => void,
    private readonly ms: number,
    private readonly args: unknown[],
  ) {
    this.arm();
  }

  private arm() {
    this.timer = realSetTimeout(
      () => {
        if (this.cleared) return;
        this.arm();
        this.fn(...this.args);
      },
      Math.max(1, this.ms / factor),
    );
    if (this.unrefd) this.timer.unref();
  }

  clear() {
    this.cleared = true;
    realClearTimeout(this.timer);
  }
  unref() {
    this.unrefd = true;
    this.timer?.unref();
    return this;
  }
  ref() {
    this.unrefd = false;
    this.timer?.ref();
    return this;
  }
  hasRef() {
    return !this.unrefd;
  }
}

globalThis.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
  new WarpedInterval(fn, ms ?? 0, args)) as unknown as typeof setInterval;
const clear = (handle: unknown) => {
  if (handle instanceof WarpedInterval) handle.clear();
  else realClearTimeout(handle as Parameters<typeof clearTimeout>[0]);
};
globalThis.clearInterval = clear as typeof clearInterval;
globalThis.clearTimeout = clear as typeof clearTimeout;
