/**
 * The worst bodies a stranger can send the public page-view beacon: past the body limit, nested
 * 50,000 deep, 40,000 unknown keys, a long list, 100,000 blanks in every field. Each answers a
 * 4xx in the one error shape with a pt-BR message, fast (bounds generous for a loaded 2-core
 * machine).
 */
import {
  hostileAnswerProblems,
  hostileBodies,
  scaled,
  sendHostileBodies,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AnalyticsUnderTest, startAnalytics } from './harness.js';

/**
 * Unknown keys beside valid fields are ignored, as everywhere in the contracts: such a body may be
 * taken (a 2xx), as long as it is answered fast.
 */
const UNKNOWN_KEYS = ['nested 50,000 deep under an unknown key', '40000 unknown keys'];

let analytics: AnalyticsUnderTest;
beforeAll(async () => {
  analytics = await startAnalytics();
});
afterAll(() => analytics.close());

it(
  'POST /api/analytics/page-view answers every hostile body with a fast 4xx in pt-BR',
  async () => {
    const answers = await sendHostileBodies(
      `${analytics.url}/api/analytics/page-view`,
      hostileBodies(
        { path: '/user', app: 'workspace', referrer: 'https://www.google.com/' },
        1024 * 1024,
      ),
      { 'x-forwarded-for': '203.0.113.22' },
    );
    expect(answers).toHaveLength(8);
    expect(hostileAnswerProblems(answers, scaled(2_000), UNKNOWN_KEYS)).toEqual([]);
  },
  scaled(120_000),
);
