/**
 * The worst bodies a stranger can send the public support form: past the body limit, nested
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
import { type SupportUnderTest, startSupport, ticketForm } from './harness.js';

/**
 * Unknown keys beside valid fields are ignored, as everywhere in the contracts: such a body may be
 * taken (a 2xx), as long as it is answered fast.
 */
const UNKNOWN_KEYS = ['nested 50,000 deep under an unknown key', '40000 unknown keys'];

let support: SupportUnderTest;
beforeAll(async () => {
  support = await startSupport();
});
afterAll(() => support.close());

it(
  'POST /api/support/create-ticket answers every hostile body with a fast 4xx in pt-BR',
  async () => {
    const answers = await sendHostileBodies(
      `${support.url}/api/support/create-ticket`,
      hostileBodies(ticketForm(), 1024 * 1024),
      { 'x-forwarded-for': '203.0.113.21' },
    );
    expect(answers).toHaveLength(8);
    expect(hostileAnswerProblems(answers, scaled(2_000), UNKNOWN_KEYS)).toEqual([]);
  },
  scaled(120_000),
);
