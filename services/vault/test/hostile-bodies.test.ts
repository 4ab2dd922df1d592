/**
 * The worst bodies a stranger can send the vault's public archive call (2 MB body limit): past
 * the body limit, nested 50,000 deep, 40,000 unknown keys, a long list, 100,000 blanks in every
 * field. Each answers a 4xx in the one error shape with a pt-BR message, fast (bounds generous
 * for a loaded 2-core machine).
 */
import {
  hostileAnswerProblems,
  hostileBodies,
  scaled,
  sendHostileBodies,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startVault, type VaultUnderTest } from './harness.js';

/**
 * Unknown keys beside valid fields are ignored, as everywhere in the contracts: such a body may be
 * taken (a 2xx), as long as it is answered fast. 100,000 blanks and an "x" are a transcript too.
 */
const TAKEN = [
  'nested 50,000 deep under an unknown key',
  '40000 unknown keys',
  '100,000 blanks in every string field',
];

let vault: VaultUnderTest;
beforeAll(async () => {
  vault = await startVault();
});
afterAll(() => vault.close());

it(
  'POST /api/transcript-vault/consult answers every hostile body with a fast 4xx in pt-BR',
  async () => {
    const answers = await sendHostileBodies(
      `${vault.url}/api/transcript-vault/consult`,
      hostileBodies(
        { transcript: 'Paciente refere cefaleia há 3 dias.', formattedText: 'QUEIXA\nCefaleia.' },
        2 * 1024 * 1024,
      ),
      { 'x-forwarded-for': '203.0.113.51' },
    );
    expect(answers).toHaveLength(8);
    expect(hostileAnswerProblems(answers, scaled(3_000), TAKEN)).toEqual([]);
  },
  scaled(120_000),
);
