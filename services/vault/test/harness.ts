import { randomBytes, randomUUID } from 'node:crypto';
import type { ConsultFormattedPayload } from '@pv/contracts';
import { Client, startServiceUnderTest } from '@pv/service-kit/testing';
import { buildVaultApp, KeyedHasher } from '../src/app.js';
import { loadVaultConfig } from '../src/config.js';
import { startConsultConsumer } from '../src/events/consult-consumer.js';
import { VAULT_COOKIE } from '../src/routes/admin.js';
import { openVault } from '../src/runtime.js';

export type { TestRole as Role } from '@pv/service-kit/testing';
export { Client };

export const TEST_ADMIN_KEY = 'chave-do-cofre-de-teste-0123456789';
export const TEST_HMAC_SECRET = 'segredo-hmac-de-teste-0123456789abcdef';

/** The real vault service (the kit's service under test), its Redis keys under its own prefix. */
export async function startVault(
  env: Record<string, string> = {},
  options: { consumer?: boolean } = {},
) {
  const namespace = `pv:test:vault:${randomBytes(5).toString('hex')}:`;
  const service = await startServiceUnderTest({
    name: 'vault',
    databaseVariable: 'VAULT_DATABASE',
    loadConfig: loadVaultConfig,
    open: openVault,
    build: (config, runtime) =>
      buildVaultApp({ config, runtime, logger: false, redisKeyPrefix: namespace }),
    consumer: (nc, runtime, config) =>
      startConsultConsumer(nc, {
        db: runtime.db,
        hmacSecret: config.VAULT_HMAC_SECRET,
        durable: config.VAULT_CONSUMER,
        log: runtime.log,
      }),
    env: { VAULT_HMAC_SECRET: TEST_HMAC_SECRET, VAULT_ADMIN_KEY: TEST_ADMIN_KEY, ...env },
    startConsumer: options.consumer ?? false,
  });
  return {
    ...service,
    hasher: new KeyedHasher(service.config.VAULT_HMAC_SECRET),
    namespace,
    anonymous: () => new Client(service.url),
    /** Gives the key; on success the client keeps the vault cookie next to its session. */
    async unlock(client: Client, adminKey = TEST_ADMIN_KEY) {
      const res = await client.post('/api/admin/transcript-vault/login', { adminKey });
      const vaultCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${VAULT_COOKIE}=`));
      if (vaultCookie) client.cookie = `${client.cookie}; ${vaultCookie.split(';')[0]}`;
      return { ...res, vaultCookie };
    },
    /** Publishes phi.consult.formatted.v1 as formatting's outbox relay would. */
    emit: (payload: ConsultFormattedPayload, occurredAt = new Date()) =>
      service.emit('phi.consult.formatted.v1', payload, occurredAt),
    async close() {
      const stale = await service.redis.keys(`${namespace}*`);
      if (stale.length > 0) await service.redis.del(...stale);
      await service.close();
    },
  };
}

export type VaultUnderTest = Awaited<ReturnType<typeof startVault>>;

/** A phi.consult.formatted.v1 payload as formatting publishes it. */
export function formattedConsult(
  overrides: Partial<ConsultFormattedPayload> = {},
): ConsultFormattedPayload {
  return {
    consultId: randomUUID(),
    userId: randomUUID(),
    professional: 'medico_familia',
    engine: 'offline',
    rawTranscript: 'Paciente refere cefaleia há três dias, sem febre.',
    formattedText: `Consulta Médica\nPaciente: Não informado | Idade: Não informado | Sexo: Não informado\n\nQUEIXA PRINCIPAL\nCefaleia há três dias (${randomUUID().slice(0, 8)}).`,
    audioLengthSec: 42,
    clientIp: '203.0.113.7',
    ...overrides,
  };
}
