import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import { ROUTING_TABLE, type ServiceName } from '../routing-table.js';

const PROBE_TIMEOUT_MS = 2_000;

export interface UpstreamStatus {
  service: ServiceName;
  /** ready / not-ready: the service's own /ready verdict; unreachable: no answer in time. */
  status: 'ready' | 'not-ready' | 'unreachable' | 'not-configured';
  /** Each check of the service as ok/down, without the error text (this route is public). */
  checks?: Record<string, 'ok' | 'down'>;
}

async function probe(
  baseUrl: string,
  dispatcher: Dispatcher,
): Promise<Omit<UpstreamStatus, 'service'>> {
  try {
    const response = await dispatcher.request({
      origin: baseUrl,
      path: '/ready',
      method: 'GET',
      // Bounds the connect phase too, which the headers/body timeouts do not cover.
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const body = (await response.body.json().catch(() => ({}))) as {
      checks?: Record<string, string>;
    };
    const checks = Object.fromEntries(
      Object.entries(body.checks ?? {}).map(([name, value]) => [
        name,
        value === 'ok' ? 'ok' : 'down',
      ]),
    ) as Record<string, 'ok' | 'down'>;
    return { status: response.statusCode === 200 ? 'ready' : 'not-ready', checks };
  } catch {
    return { status: 'unreachable' };
  }
}

/**
 * GET /ready/upstreams, for operators: every service's own /ready, probed in parallel. 200 when
 * every configured service is ready, 503 otherwise; unconfigured services are listed, not counted.
 */
export function registerUpstreamReadiness(
  app: FastifyInstance,
  upstreams: Partial<Record<ServiceName, string>>,
  dispatcher: Dispatcher,
): void {
  app.get('/ready/upstreams', { schema: { hide: true } }, async (_request, reply) => {
    const services: UpstreamStatus[] = await Promise.all(
      ROUTING_TABLE.map(async ({ service }) => {
        const url = upstreams[service];
        if (!url) return { service, status: 'not-configured' as const };
        return { service, ...(await probe(url, dispatcher)) };
      }),
    );
    const ready = services.every((s) => s.status === 'ready' || s.status === 'not-configured');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', services });
  });
}
