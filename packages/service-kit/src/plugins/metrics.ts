import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { outboxMetricsRegistry } from '../events.js';

const metrics: FastifyPluginAsyncTypebox<{ service: string }> = async (app, options) => {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    // The outbox's counters live apart (its relay runs in processes without an app).
    return `${await registry.metrics()}${await outboxMetricsRegistry.metrics()}`;
  });
};

/** Prometheus metrics at /metrics: process defaults plus request durations by route and status. */
export const metricsPlugin = fp(metrics, { name: 'pv-metrics', fastify: '5.x' });
