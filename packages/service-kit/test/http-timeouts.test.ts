import { connect, type Socket } from 'node:net';
import { Messages } from '@pv/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { BaseConfigFields, loadConfig } from '../src/config.js';
import { httpTimeoutsFrom } from '../src/http-timeouts.js';
import { scaled } from '../src/testing/time-scale.js';

// Issue 24 item 6: how long a client may take to send a request. A slow-loris client (headers
// dribbled) and a stalled body are cut with a 408 in the error shape within about a second of
// the limit (Node checks every second, not every 30 s), and hundreds of stalled connections do
// not keep a normal request waiting.

const HEADERS_MS = 1_500;
const REQUEST_MS = 3_000;
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  app = await createServiceApp({
    name: 'timeouts-test',
    logger: false,
    timeouts: httpTimeoutsFrom({
      HTTP_HEADERS_TIMEOUT_MS: HEADERS_MS,
      HTTP_REQUEST_TIMEOUT_MS: REQUEST_MS,
    }),
  });
  app.post('/upload', async (request) => ({ bytes: JSON.stringify(request.body).length }));
  app.get('/ping', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  app.server.closeAllConnections();
  await app.close();
});

/** A raw connection: what it received, and when it was closed (ms after `opened`). */
function rawConnection() {
  const socket: Socket = connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => {
    socket.on('close', () => resolve(Date.now() - opened));
  });
  return { socket, closed, received: () => received };
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('request timeouts', () => {
  it('the config fields have the documented defaults', () => {
    const config = loadConfig(Type.Object(BaseConfigFields), {
      SESSION_PUBLIC_KEY: 'x'.repeat(44),
    });
    expect(httpTimeoutsFrom(config)).toEqual({
      headersMs: 15_000,
      requestMs: 360_000,
      keepAliveMs: 72_000,
      idleMs: 180_000,
    });
  });

  it('a slow-loris client dribbling its headers is cut with a pt-BR 408 within a second of the limit', async () => {
    const client = rawConnection();
    client.socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\n');
    const dribble = setInterval(() => {
      if (client.socket.writable) client.socket.write(`X-Pad-${Date.now()}: a\r\n`);
    }, 200);
    const closedAfter = await client.closed;
    clearInterval(dribble);
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(closedAfter).toBeLessThan(HEADERS_MS + scaled(1_500));
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(bodyOf(client.received())).toMatchObject({
      statusCode: 408,
      code: 'REQUEST_TIMEOUT',
      message:
        'A requisição demorou demais para chegar ao servidor. Verifique sua conexão e tente novamente.',
    });
  });

  it('a body that stalls gets the 408 once the request limit passes', async () => {
    const client = rawConnection();
    client.socket.write(
      'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":"',
    );
    const closedAfter = await client.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(closedAfter).toBeLessThan(REQUEST_MS + scaled(1_500));
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(client.received())).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: Messages.requestTimeout,
    });
  });

  it('a body sent slowly but within the limit is received whole', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(2_000) });
    const client = rawConnection();
    client.socket.write(
      `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    for (let i = 0; i < payload.length; i += 250) {
      client.socket.write(payload.slice(i, i + 250));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('300 stalled connections do not keep a normal request waiting', async () => {
    const stalled = Array.from({ length: 300 }, () => {
      const client = rawConnection();
      client.socket.write(
        'POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      );
      return client;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`http://127.0.0.1:${port}/ping`);
        expect(answer.status).toBe(200);
      }
      expect(Date.now() - started).toBeLessThan(scaled(1_000));
      // ...and each of them is cut in its turn.
      const closed = await Promise.all(stalled.map((client) => client.closed));
      expect(Math.max(...closed)).toBeLessThan(REQUEST_MS + scaled(2_000));
      expect(stalled.every((client) => client.received().startsWith('HTTP/1.1 408'))).toBe(true);
    } finally {
      for (const client of stalled) client.socket.destroy();
    }
  });
});
