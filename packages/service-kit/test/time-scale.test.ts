import { describe, expect, it } from 'vitest';
import { eventually } from '../src/testing/eventually.js';
import { scaled, testTimeScale } from '../src/testing/time-scale.js';

describe('PV_TEST_TIME_SCALE', () => {
  it('is 1 unless set, and multiplies waits when set', () => {
    expect(testTimeScale({})).toBe(1);
    expect(testTimeScale({ PV_TEST_TIME_SCALE: '' })).toBe(1);
    expect(testTimeScale({ PV_TEST_TIME_SCALE: '2.5' })).toBe(2.5);
    expect(scaled(30_000, { PV_TEST_TIME_SCALE: '2' })).toBe(60_000);
  });

  it('refuses a value that would shorten or disable the waits', () => {
    for (const value of ['0', '0.5', '-1', 'fast', '1000'])
      expect(() => testTimeScale({ PV_TEST_TIME_SCALE: value })).toThrow(/PV_TEST_TIME_SCALE/);
  });

  it('stretches eventually', async () => {
    const previous = process.env.PV_TEST_TIME_SCALE;
    process.env.PV_TEST_TIME_SCALE = '3';
    try {
      // Ready after ~250 ms: a 100 ms wait passes only because the scale makes it 300 ms.
      const started = Date.now();
      await expect(eventually(async () => Date.now() - started > 250, 100)).resolves.toBe(true);
      await expect(eventually(async () => false, 20)).rejects.toThrow(
        'Condition not met in 60 ms (20 ms × PV_TEST_TIME_SCALE)',
      );
    } finally {
      if (previous === undefined) delete process.env.PV_TEST_TIME_SCALE;
      else process.env.PV_TEST_TIME_SCALE = previous;
    }
  });
});
