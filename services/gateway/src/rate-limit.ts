import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { tooManyRequests } from '@pv/service-kit/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { normalizedPath } from './routing-table.js';

/** The password-guessing surfaces: each gets its own counter per client IP. */
export const RATE_LIMITED_ROUTES: ReadonlySet<string> = new Set([
  '/auth/login',
  '/auth/register',
  '/auth/change-password',
  '/api/admin/reset-password',
]);

export interface AuthRateLimitOptions {
  redis: Redis;
  max: number;
  windowSeconds: number;
  /** Redis key prefix; tests use a unique one per run. */
  nameSpace: string;
}

function limitedRoute(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST') return undefined;
  const path = normalizedPath(request.url);
  return RATE_LIMITED_ROUTES.has(path) ? path : undefined;
}

/**
 * Redis-backed limits on the routes above, counted per (route, client IP) in a fixed window;
 * the (max+1)th request answers 429 in the error shape with Retry-After. Nothing else is limited.
 * If Redis fails the request goes through (skipOnError): the gateway must not turn a Redis outage
 * into failed logins, and auth keeps its own per-account lockout.
 */
export async function registerAuthRateLimit(
  app: FastifyInstance,
  options: AuthRateLimitOptions,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    redis: options.redis,
    nameSpace: options.nameSpace,
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    skipOnError: true,
    keyGenerator: (request) => `${limitedRoute(request)}:${normalizeIP(request.ip)}`,
    errorResponseBuilder: () => tooManyRequests(),
  });
  // The limited routes are served by the proxies' wildcard routes, so the limiter runs from a
  // hook that picks its requests rather than from per-route config.
  const limiter = app.rateLimit();
  // Callback-style: the requests it does not limit (nearly all) cost no promise. A 429 sent by the
  // limiter ends the request there, so `done` is then not called.
  app.addHook('onRequest', function limitAuthRoutes(request, reply, done) {
    if (!limitedRoute(request)) {
      done();
      return;
    }
    limiter.call(this, request, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  });
}
