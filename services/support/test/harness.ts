import { randomBytes } from 'node:crypto';
import { Client, startServiceUnderTest } from '@pv/service-kit/testing';
import { buildSupportApp } from '../src/app.js';
import { loadSupportConfig } from '../src/config.js';
import { startUserErasureConsumer } from '../src/events/user-erasure-consumer.js';
import { openSupport } from '../src/runtime.js';

export type { TestRole as Role } from '@pv/service-kit/testing';
export { Client };

/**
 * The real support service (the kit's service under test), its rate-limit keys under a Redis
 * prefix of its own.
 */
export async function startSupport(
  env: Record<string, string> = {},
  options: { consumer?: boolean } = {},
) {
  const service = await startServiceUnderTest({
    name: 'support',
    databaseVariable: 'SUPPORT_DATABASE',
    loadConfig: loadSupportConfig,
    open: openSupport,
    build: (config, runtime) =>
      buildSupportApp({
        config,
        runtime,
        logger: false,
        redisKeyPrefix: `pv:test:support:${randomBytes(5).toString('hex')}:`,
      }),
    consumer: (nc, runtime, config) =>
      startUserErasureConsumer(nc, {
        db: runtime.db,
        durable: config.SUPPORT_CONSUMER,
        log: runtime.log,
      }),
    env,
    startConsumer: options.consumer ?? false,
  });
  let visitors = 0;
  return {
    ...service,
    /**
     * An anonymous visitor. The service trusts X-Forwarded-For from loopback (the gateway), so
     * each visitor gets an address of its own unless one is given.
     */
    anonymous(ip = `198.51.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`) {
      return new Client(service.url, {
        'x-forwarded-for': ip,
        'user-agent': 'Mozilla/5.0 (Teste)',
      });
    },
    as: (
      role: 'free' | 'premium' | 'admin',
      userId?: string,
      headers: Record<string, string> = {},
    ) => service.as(role, userId, { 'user-agent': 'Mozilla/5.0 (Teste)', ...headers }),
  };
}

export type SupportUnderTest = Awaited<ReturnType<typeof startSupport>>;

/** A valid public form, with any field overridden. */
export const ticketForm = (overrides: Record<string, unknown> = {}) => ({
  contactEmail: 'paciente.contato@clinica.test',
  contactName: 'Dra. Ana Souza',
  subject: 'Não consigo gerar o PDF',
  description: 'Ao clicar em Gerar PDF aparece um erro.',
  category: 'technical',
  ...overrides,
});
