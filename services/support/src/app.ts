import { createStandardApp } from '@pv/service-kit/http';
import type { ServiceRuntime } from '@pv/service-kit/runtime';
import type { FastifyInstance } from 'fastify';
import type { SupportConfig } from './config.js';
import type { SupportDatabase } from './db/schema.js';
import { ticketRoutes } from './routes/tickets.js';
import { TicketService } from './tickets/ticket.service.js';
import { TicketLimits } from './tickets/ticket-limits.js';

export interface SupportAppOptions {
  config: SupportConfig;
  runtime: ServiceRuntime<SupportDatabase>;
  logger?: boolean;
  /** Prefix of the service's Redis keys (the ticket limits); tests give each instance its own. */
  redisKeyPrefix?: string;
}

/** The support service's HTTP app, built from injected dependencies; it never listens. */
export async function buildSupportApp(options: SupportAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const app = await createStandardApp({ name: 'support', config, runtime, logger: options.logger });
  const limits = new TicketLimits(
    runtime.redis,
    config,
    options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}support:`,
  );
  await ticketRoutes(app, new TicketService(runtime.db, limits, runtime.relay));
  return app;
}

export { startUserErasureConsumer } from './events/user-erasure-consumer.js';
