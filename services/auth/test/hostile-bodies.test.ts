/**
 * The worst bodies a stranger can send auth's public routes (sign-up, sign-in): past the body
 * limit, nested 50,000 deep, 40,000 unknown keys, a long list, 100,000 blanks in every field.
 * Each answers a 4xx in the one error shape with a pt-BR message, fast (bounds generous for a
 * loaded 2-core machine).
 */
import {
  hostileAnswerProblems,
  hostileBodies,
  scaled,
  sendHostileBodies,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthUnderTest, ORIGIN, startAuth, uniqueEmail } from './harness.js';

/**
 * Unknown keys beside valid fields are ignored, as everywhere in the contracts: such a body may be
 * taken (a 2xx), as long as it is answered fast.
 */
const UNKNOWN_KEYS = ['nested 50,000 deep under an unknown key', '40000 unknown keys'];

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.close());

const ROUTES: [string, Record<string, unknown>][] = [
  ['/auth/register', { fullName: 'Ana Souza', email: uniqueEmail(), password: 'Segredo!forte1' }],
  ['/auth/login', { email: uniqueEmail(), password: 'Segredo!forte1' }],
];

describe.each(ROUTES)('POST %s', (path, fields) => {
  it(
    'answers every hostile body with a fast 4xx in the error shape, in pt-BR',
    async () => {
      const answers = await sendHostileBodies(
        `${auth.url}${path}`,
        hostileBodies(fields, 1024 * 1024),
        { origin: ORIGIN, 'x-forwarded-for': '203.0.113.9' },
      );
      expect(answers).toHaveLength(8);
      expect(hostileAnswerProblems(answers, scaled(2_000), UNKNOWN_KEYS)).toEqual([]);
    },
    scaled(120_000),
  );
});
