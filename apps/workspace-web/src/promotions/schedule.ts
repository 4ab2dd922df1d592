/** The first promotion after 10 s, then one every 60–90 s from 18 s, each for 8 s. */
export const PROMOTION_TIMING = {
  firstDelayMs: 10_000,
  rotationStartMs: 18_000,
  minIntervalMs: 60_000,
  maxIntervalMs: 90_000,
  visibleMs: 8_000,
} as const;

/** The clock the rotation runs on; tests pass fake timers or a scripted `random`. */
export interface PromotionClock {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** In [0, 1): picks the gap inside 60–90 s. */
  random: () => number;
}

export const browserClock: PromotionClock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: Math.random,
};

/**
 * Shows promotion 0 at 10 s and hides it 8 s later (at 18 s); from then on, waits a random
 * 60–90 s, shows the next promotion (in turn, wrapping around) for 8 s, and repeats.
 * `show(index)` / `hide()` are called with the promotion's position; returns a stop function.
 */
export function startPromotionRotation(rotation: {
  count: number;
  show: (index: number) => void;
  hide: () => void;
  clock?: PromotionClock;
  timing?: typeof PROMOTION_TIMING;
}): () => void {
  const { count, show, hide, clock = browserClock, timing = PROMOTION_TIMING } = rotation;
  if (count <= 0) return () => {};
  let handle: unknown = null;
  let stopped = false;
  let next = 0;
  const at = (ms: number, fn: () => void) => {
    handle = clock.setTimeout(() => {
      if (!stopped) fn();
    }, ms);
  };
  const gap = () =>
    timing.minIntervalMs +
    Math.floor(clock.random() * (timing.maxIntervalMs - timing.minIntervalMs + 1));
  const showNext = (hideAfter: number, thenWait: () => number) => {
    show(next % count);
    next += 1;
    at(hideAfter, () => {
      hide();
      at(thenWait(), () => showNext(timing.visibleMs, gap));
    });
  };
  // The first one is visible from 10 s until the rotation starts at 18 s.
  at(timing.firstDelayMs, () => showNext(timing.rotationStartMs - timing.firstDelayMs, gap));
  return () => {
    stopped = true;
    if (handle !== null) clock.clearTimeout(handle);
  };
}
