import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { outboxMetricsRegistry } from '../events/outbox-relay.js';
import { queryKeys } from '../log.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus registry: a service adds its own metrics here (see kit metrics.ts). */
    metrics: Registry;
  }
}

const metrics: FastifyPluginAsyncTypebox<{ service: string; expose?: boolean }> = async (
  app,
  options,
) => {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  collectDefaultMetrics({ register: registry });
  app.decorate('metrics', registry);
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // One hook, callback-style (no promise per request), for both the histogram and the one
  // access-log line per request that replaces Fastify's two (incoming + completed).
  // prom-client hashes a label object on every observe; the (method, route, status) children are
  // few (routes are patterns), so each is looked up once and kept.
  const children = new Map<string, { observe(value: number): void }>();
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels(request.method, route, String(reply.statusCode));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    if (
      (request.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ??
      true
    ) {
      request.log.info(
        {
          method: request.method,
          // The template and the query's keys, never the URL: its values are data (a
          // verification code, a search for a patient's name; docs/observability.md).
          route,
          queryKeys: queryKeys(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    }
    done();
  });
  if (options.expose !== false) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      // The outbox's counters live apart (its relay runs in processes without an app).
      return `${await registry.metrics()}${await outboxMetricsRegistry.metrics()}`;
    });
  }
};

/**
 * Prometheus metrics at /metrics (process defaults, request durations by route and status, and
 * whatever the service registers on `app.metrics`), plus the access log: one line per request.
 */
export const metricsPlugin = fp(metrics, { name: 'pv-metrics', fastify: '5.x' });
