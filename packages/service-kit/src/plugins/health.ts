import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';

export interface HealthOptions {
  service: string;
  /** Named readiness checks; /ready answers 503 if any fails or takes over 2 s. */
  readiness?: Record<string, () => Promise<unknown>>;
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
    await Promise.all(
      Object.entries(options.readiness ?? {}).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2_000);
          checks[name] = 'ok';
        } catch (error) {
          checks[name] = `down: ${(error as Error).message}`;
        }
      }),
    );
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  });
};

/** /health (the process answers) and /ready (every dependency answers), hidden from OpenAPI. */
export const healthPlugin = fp(health, { name: 'pv-health', fastify: '5.x' });
