import { scaled } from './time-scale.js';

/**
 * Polls until `check` returns a truthy value or the time runs out: `timeoutMs` on an idle machine,
 * times PV_TEST_TIME_SCALE (time-scale.ts) on a slower one.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const allowed = scaled(timeoutMs);
  const deadline = Date.now() + allowed;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Condition not met in ${allowed} ms${allowed === timeoutMs ? '' : ` (${timeoutMs} ms × PV_TEST_TIME_SCALE)`}${last ? `: ${String(last)}` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}
