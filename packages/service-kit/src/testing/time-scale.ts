/**
 * How much slower than a developer's idle machine this one may be: every wait that depends on the
 * machine's speed (`eventually`, vitest's default test and hook timeouts, the e2e suites') is
 * multiplied by PV_TEST_TIME_SCALE (default 1). A loaded CI runner sets 2 or 3 once, instead of a
 * test failing at a fixed number.
 */
export function testTimeScale(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PV_TEST_TIME_SCALE?.trim();
  if (!raw) return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 1 || scale > 20)
    throw new Error(`PV_TEST_TIME_SCALE must be a number from 1 to 20 (got "${raw}")`);
  return scale;
}

/** `ms` scaled by PV_TEST_TIME_SCALE. @example await eventually(check, scaled(30_000)) */
export function scaled(ms: number, env: Record<string, string | undefined> = process.env): number {
  return Math.round(ms * testTimeScale(env));
}
