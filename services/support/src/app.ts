import { createServiceApp, type ServiceRuntime, standardAppOptions } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import type { SupportConfig } from './config.js';
import type { SupportDatabase } from './db/schema.js';
import { ticketRoutes } from './routes/tickets.js';
import { TicketService } from './tickets/ticket.service.js';
import { TicketRateLimit } from './tickets/ticket-rate-limit.js';

export interface SupportAppOptions {
  config: SupportConfig;
  runtime: ServiceRuntime<SupportDatabase>;
  logger?: boolean;
  /** Redis key prefix of the ticket rate limits; tests give each instance its own. */
  rateLimitNamespace?: string;
}

/** The support service's HTTP app, built from injected dependencies; it never listens. */
export async function buildSupportApp(options: SupportAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const app = await createServiceApp(
    standardAppOptions({ name: 'support', config, runtime, logger: options.logger }),
  );
  const rateLimit = new TicketRateLimit(runtime.redis, {
    anonymousPerHour: config.SUPPORT_ANON_TICKETS_PER_HOUR,
    userPerHour: config.SUPPORT_USER_TICKETS_PER_HOUR,
    namespace: options.rateLimitNamespace ?? 'pv:support:tickets:',
  });
  await ticketRoutes(app, new TicketService(runtime.db, rateLimit));
  return app;
}

export { startUserErasureConsumer } from './tickets/user-erasure-consumer.js';
