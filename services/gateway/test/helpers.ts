import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createRedis } from '@pv/service-kit/runtime';
import { testInfra } from '@pv/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildGatewayApp, buildGatewayInternalApp } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';

/** What a fake service saw of one proxied request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bodyBytes: number;
}

export interface FakeService {
  url: string;
  seen: SeenRequest[];
  close: () => Promise<void>;
}

/**
 * A real HTTP service on an ephemeral port standing in for one of ours: it records every request
 * and echoes it back, sets two cookies; any path containing `/slow` answers after 3 s and one
 * containing `/reset` drops the connection without answering.
 */
export async function startFakeService(name: string): Promise<FakeService> {
  const seen: SeenRequest[] = [];
  const app = Fastify({ bodyLimit: 32 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.get('/ready', async () => ({ status: 'ready', checks: { postgres: 'ok' } }));
  const handle = async (
    request: import('fastify').FastifyRequest,
    reply: import('fastify').FastifyReply,
  ) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: body.length < 10_000 ? body.toString('utf8') : '',
      bodyBytes: body.length,
    });
    if (request.url.includes('/slow')) await new Promise((r) => setTimeout(r, 3_000));
    if (request.url.includes('/reset')) {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    reply.header('set-cookie', [
      'pv_session=from-upstream; Path=/; HttpOnly; SameSite=Lax',
      'theme=dark; Path=/',
    ]);
    reply.header('x-upstream', name);
    return { service: name, method: request.method, url: request.url, bodyBytes: body.length };
  };
  app.all('/*', handle);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => app.close() };
}

/** A URL where nothing listens: a port that was just bound and released. */
export async function refusedUrl(): Promise<string> {
  const app = Fastify();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  await app.close();
  return `http://127.0.0.1:${port}`;
}

export interface TestGateway {
  app: FastifyInstance;
  /** Base URL of the listening gateway. */
  url: string;
  /** Base URL of its internal port (/metrics, /ready/upstreams). */
  internalUrl: string;
  redis: Redis;
  nameSpace: string;
  close: () => Promise<void>;
}

/** A listening gateway over the real Redis, with its own rate-limit key prefix. */
export async function startGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  const config = loadGatewayConfig({ REDIS_URL: testInfra.redisUrl, LOG_LEVEL: 'silent', ...env });
  const redis = createRedis(config.REDIS_URL);
  // Reconnect errors (the Redis-down tests) are expected; without a listener ioredis prints them.
  redis.on('error', () => undefined);
  const nameSpace = `pv:test:gateway:${randomUUID()}:`;
  const app = await buildGatewayApp(config, {
    redis,
    logger: false,
    redisKeyPrefix: nameSpace,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const internal = await buildGatewayInternalApp(config, app);
  await internal.listen({ port: 0, host: '127.0.0.1' });
  const internalPort = (internal.server.address() as AddressInfo).port;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    internalUrl: `http://127.0.0.1:${internalPort}`,
    redis,
    nameSpace,
    close: async () => {
      await app.close();
      await internal.close();
      if (redis.status === 'ready') {
        const keys = await redis.keys(`${nameSpace}*`);
        if (keys.length > 0) await redis.del(...keys);
      }
      redis.disconnect();
    },
  };
}
