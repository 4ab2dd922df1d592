// With the TRUST_PROXY values docker-compose.yml and infra/k8s ship, a service behind the real
// gateway sees the client's address, not the gateway's or the edge proxy's, even when the client
// forges X-Forwarded-For. Each hop connects from its own loopback address (127.0.0.2 the client,
// 127.0.0.3 the edge proxy, 127.0.0.1 the gateway) so that the addresses tell them apart.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildGatewayApp, loadGatewayConfig } from '@pv/gateway';
import { createServiceApp } from '@pv/service-kit/http';
import { createRedis } from '@pv/service-kit/runtime';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf, find, readCompose, renderedK8s, resolveCompose } from './shipped.js';

const CLIENT = '127.0.0.2';
const EDGE = '127.0.0.3';
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const closers: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  redis.disconnect();
});

function trustProxyOf(setup: 'compose' | 'k8s'): { gateway: string; service: string } {
  if (setup === 'compose') {
    const services = readCompose();
    const value = (name: string) =>
      resolveCompose(services[name]?.environment ?? {}).TRUST_PROXY ?? 'unset';
    return { gateway: value('gateway'), service: value('support') };
  }
  const objects = renderedK8s();
  const value = (name: string) =>
    containerOf(find(objects, 'Deployment', name)).env?.find((e) => e.name === 'TRUST_PROXY')
      ?.value ?? 'unset';
  return { gateway: value('gateway'), service: value('support') };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => app.close());
  return (app.server.address() as AddressInfo).port;
}

/** The stack: a service answering its request.ip, the real gateway in front of it. */
async function stack(trust: { gateway: string; service: string }): Promise<number> {
  const service = await createServiceApp({
    name: 'probe',
    trustProxy: trust.service,
    logger: false,
  });
  service.get('/api/support/whoami', async (request) => ({ ip: request.ip }));
  const servicePort = await listen(service);
  const gateway = await buildGatewayApp(
    loadGatewayConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      SUPPORT_URL: `http://127.0.0.1:${servicePort}`,
      TRUST_PROXY: trust.gateway,
    }),
    { redis, logger: false, redisKeyPrefix: `pv:test-trust-${process.pid}:` },
  );
  return listen(gateway);
}

/** A proxy like Envoy in front of the gateway: appends its peer to X-Forwarded-For. */
async function edgeProxy(gatewayPort: number): Promise<number> {
  const server = http.createServer((req, res) => {
    const seen = req.headers['x-forwarded-for'];
    const forwarded = [seen, req.socket.remoteAddress].filter(Boolean).join(', ');
    // One connection per request, without the client's hop-by-hop headers.
    const { connection: _connection, ...headers } = req.headers;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: gatewayPort,
        localAddress: EDGE,
        path: req.url,
        method: req.method,
        headers: { ...headers, 'x-forwarded-for': forwarded },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as AddressInfo).port;
}

function whoami(port: number, forged?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        localAddress: CLIENT,
        path: '/api/support/whoami',
        headers: forged ? { 'x-forwarded-for': forged } : {},
        agent: false,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${res.statusCode}: ${body}`));
          else resolve((JSON.parse(body) as { ip: string }).ip);
        });
      },
    );
    request.on('error', reject);
  });
}

describe('a service behind the gateway sees the client', () => {
  let composePort: number;
  let k8sPort: number;

  beforeAll(async () => {
    composePort = await stack(trustProxyOf('compose'));
    k8sPort = await edgeProxy(await stack(trustProxyOf('k8s')));
  });

  it('with the compose values: the gateway is the edge', async () => {
    expect(await whoami(composePort)).toBe(CLIENT);
    expect(await whoami(composePort, '203.0.113.9')).toBe(CLIENT);
  });

  it('with the Kubernetes values: a Gateway API proxy in front of the gateway', async () => {
    expect(await whoami(k8sPort)).toBe(CLIENT);
    expect(await whoami(k8sPort, '203.0.113.9, 198.51.100.7')).toBe(CLIENT);
  });

  it('and would see the edge proxy if services trusted only the gateway (the hop count matters)', async () => {
    const { gateway } = trustProxyOf('k8s');
    const wrong = await edgeProxy(await stack({ gateway, service: gateway }));
    expect(await whoami(wrong)).toBe(EDGE);
  });
});
