import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, formattedConsult, startVault, type VaultUnderTest } from './harness.js';

let vault: VaultUnderTest;
beforeAll(async () => {
  vault = await startVault({ VAULT_CONSULT_MAX_PER_HOUR: '2' });
});
afterAll(() => vault.close());

/** A visitor behind the gateway (TRUST_PROXY loopback), from a chosen address. */
const visitorAt = (address: string) => new Client(vault.url, { 'x-forwarded-for': address });
const archive = (client: Client) => {
  const consult = formattedConsult();
  return client.post('/api/transcript-vault/consult', {
    consultId: consult.consultId,
    transcript: consult.formattedText,
    formattedText: consult.formattedText,
  });
};

describe('POST /api/transcript-vault/consult: per-address ceiling', () => {
  it('answers 429 in pt-BR with Retry-After past VAULT_CONSULT_MAX_PER_HOUR, per address', async () => {
    const visitor = visitorAt('203.0.113.50');
    expect((await archive(visitor)).status).toBe(201);
    expect((await archive(visitor)).status).toBe(201);
    const limited = await archive(visitor);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      statusCode: 429,
      code: 'VAULT_CONSULT_RATE_LIMITED',
      message:
        'Muitos atendimentos enviados ao Transcript Vault a partir deste endereço. Aguarde alguns minutos.',
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);

    expect((await archive(visitorAt('203.0.113.51'))).status).toBe(201);
  });

  it('counts by the keyed hash of the address: Redis never holds the address itself', async () => {
    const keys = await vault.redis.keys(`${vault.namespace}consult-rate:*`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.join(' ')).not.toContain('203.0.113');
    expect(keys).toContain(`${vault.namespace}consult-rate:${vault.hasher.ip('203.0.113.50')}`);
  });
});
