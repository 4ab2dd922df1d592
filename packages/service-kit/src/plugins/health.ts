import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';

export interface HealthOptions {
  service: string;
  /** Named readiness checks; /ready answers 503 if any fails or takes over 2 s. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Checks reported by /ready that never fail it: the service works without them, degraded. */
  degradable?: Record<string, () => Promise<unknown>>;
}

async function runChecks(
  checks: Record<string, () => Promise<unknown>>,
  into: Record<string, string>,
): Promise<boolean> {
  let ok = true;
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2_000);
        into[name] = 'ok';
      } catch (error) {
        into[name] = `down: ${(error as Error).message}`;
        ok = false;
      }
    }),
  );
  return ok;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const health: FastifyPluginAsyncTypebox<HealthOptions> = async (app, options) => {
  app.get('/health', { schema: { hide: true } }, async () => ({
    status: 'ok',
    service: options.service,
  }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    const [ready, whole] = await Promise.all([
      runChecks(options.readiness ?? {}, checks),
      runChecks(options.degradable ?? {}, checks),
    ]);
    const status = !ready ? 'not-ready' : whole ? 'ready' : 'degraded';
    return reply.code(ready ? 200 : 503).send({ status, checks });
  });
};

/**
 * /health (the process answers) and /ready (every dependency a request needs answers; the
 * degradable ones are reported, 'degraded', without failing it), hidden from OpenAPI.
 */
export const healthPlugin = fp(health, { name: 'pv-health', fastify: '5.x' });
