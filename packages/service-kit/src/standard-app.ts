// The app every product service starts from: the kit's app with its standard options, and a
// Retry-After on every 429 its limiters answer (docs/decisions.md, "The limiter").
import type { FastifyInstance } from 'fastify';
import { createServiceApp, standardAppOptions } from './app.js';
import { registerRetryAfter } from './rate-limiter.js';

/** @example const app = await createStandardApp({ name: 'support', config, runtime, logger }) */
export async function createStandardApp(
  options: Parameters<typeof standardAppOptions>[0],
): Promise<FastifyInstance> {
  const app = await createServiceApp(standardAppOptions(options));
  registerRetryAfter(app);
  return app;
}
