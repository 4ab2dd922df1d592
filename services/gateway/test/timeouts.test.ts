import { connect, type Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeService, startFakeService, startGateway, type TestGateway } from './helpers.js';

// Issue 24 item 6 at the gateway: a client too slow to send its request gets a pt-BR 408, a
// service too slow to answer a 504 and a pool with no free connection a 503; ~300 stalled
// uploads (the issue saw ~256 starve a service) leave normal requests to that service alone,
// because the gateway reads a body whole before it takes one of the service's connections.

const scale = Number(process.env.PV_TEST_TIME_SCALE ?? '1') || 1;
const REQUEST_MS = 3_000;

let documents: FakeService;
let formatting: FakeService;
let gateway: TestGateway;
let tight: TestGateway;

beforeAll(async () => {
  documents = await startFakeService('documents');
  formatting = await startFakeService('formatting');
  gateway = await startGateway({
    DOCUMENTS_URL: documents.url,
    FORMATTING_URL: formatting.url,
    HTTP_HEADERS_TIMEOUT_MS: '1500',
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
  });
  // One connection per upstream, a short wait for it: the busy pool's 503.
  tight = await startGateway({
    FORMATTING_URL: formatting.url,
    UPSTREAM_MAX_SOCKETS: '1',
    UPSTREAM_QUEUE_TIMEOUT_MS: '500',
  });
});
afterAll(async () => {
  gateway.app.server.closeAllConnections();
  await gateway?.close();
  await tight?.close();
  await documents?.close();
  await formatting?.close();
});

function rawConnection(base: string) {
  const { port } = new URL(base);
  const socket: Socket = connect(Number(port), '127.0.0.1');
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

const json = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('the gateway bounds how long each side may take', () => {
  it('a slow-loris client is cut with the pt-BR 408 within a second of HTTP_HEADERS_TIMEOUT_MS', async () => {
    const client = rawConnection(gateway.url);
    client.socket.write('POST /api/extract-pdf-text HTTP/1.1\r\nHost: localhost\r\n');
    const dribble = setInterval(() => client.socket.write('X-A: b\r\n'), 200);
    const closedAfter = await client.closed;
    clearInterval(dribble);
    expect(closedAfter).toBeLessThan(1_500 + 1_500 * scale);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(json(client.received())).toMatchObject({
      statusCode: 408,
      code: 'REQUEST_TIMEOUT',
      message:
        'A requisição demorou demais para chegar ao servidor. Verifique sua conexão e tente novamente.',
    });
  });

  it('an upload that stalls gets the 408 and never reaches the service', async () => {
    const before = documents.seen.length;
    const client = rawConnection(gateway.url);
    client.socket.write(
      'POST /api/extract-pdf-text HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/pdf\r\nContent-Length: 500000\r\n\r\n%PDF-1.7',
    );
    const closedAfter = await client.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(closedAfter).toBeLessThan(REQUEST_MS + 1_500 * scale);
    expect(json(client.received())).toMatchObject({ statusCode: 408, code: 'REQUEST_TIMEOUT' });
    expect(documents.seen.length).toBe(before);
  });

  it('300 stalled uploads leave normal requests to the same service fast', async () => {
    const stalled = Array.from({ length: 300 }, () => {
      const client = rawConnection(gateway.url);
      client.socket.write(
        'POST /api/extract-pdf-text HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/pdf\r\nContent-Length: 1000000\r\n\r\n%PDF',
      );
      return client;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          request(`${gateway.url}/api/generate-document`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"a":1}',
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        await answer.body.dump();
      }
      expect(Date.now() - started).toBeLessThan(1_000 * scale);
    } finally {
      for (const client of stalled) client.socket.destroy();
    }
  });

  it('a pool with no free connection for UPSTREAM_QUEUE_TIMEOUT_MS answers the pt-BR 503', async () => {
    // /slow holds the only connection for 3 s; the next request waits 500 ms, then 503.
    const holding = request(`${tight.url}/api/format-text/slow`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const busy = await request(`${tight.url}/api/format-text`, { method: 'POST' });
    expect(busy.statusCode).toBe(503);
    expect(await busy.body.json()).toMatchObject({
      code: 'UPSTREAM_BUSY',
      message:
        'O serviço de formatação está sobrecarregado no momento. Tente novamente em instantes.',
    });
    expect(Date.now() - started).toBeLessThan(500 + 1_000 * scale);
    expect(busy.headers['retry-after']).toBeDefined();
    expect((await holding).statusCode).toBe(200);
  });
});
