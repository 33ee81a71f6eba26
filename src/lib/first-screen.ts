/**
 * Whether the page's first screen has shown what a visitor came for (the live score): work the
 * visitor does not wait for (sign-in's code) starts after it, so it never takes the phone's link
 * or CPU from the score. A page that never says so is taken as shown after `FIRST_SCREEN_MAX_MS`.
 */
export const FIRST_SCREEN_MAX_MS = 1_500;

let shown = false;
const waiting = new Set<() => void>();

/** The first screen shows its data now. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const run of waiting) run();
  waiting.clear();
}

/** Runs `run` once the first screen has shown (at most FIRST_SCREEN_MAX_MS from now); cancellable. */
export function afterFirstScreen(run: () => void): () => void {
  if (shown) {
    run();
    return () => {};
  }
  const timer = setTimeout(markFirstScreenShown, FIRST_SCREEN_MAX_MS);
  const once = () => {
    clearTimeout(timer);
    run();
  };
  waiting.add(once);
  return () => {
    clearTimeout(timer);
    waiting.delete(once);
  };
}
