import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { productLogOptions, queryKeys } from '../src/log.js';

// Issue 23 item 8: nothing secret in a log line. The access log says the route template and
// the query's keys; known keys are redacted at any depth; the public gateway mints its own ids.

const SECRET = 'CODIGO7Q2X';
const SEARCH = 'Ondina Quaresma';
const EMAIL = 'ondina.quaresma@clinica.test';

function capture() {
  const lines: string[] = [];
  return { lines, sink: { write: (line: string) => lines.push(line) } };
}

describe('the access log', () => {
  it('carries the route template and the query keys, never a query value', async () => {
    const { lines, sink } = capture();
    const app = await createServiceApp({ name: 'kit-access-log', logStream: sink });
    app.get('/api/documents/verify/:id', async () => ({ ok: true }));
    const res = await app.inject({
      method: 'GET',
      url: `/api/documents/verify/doc-1?_secretCode=${SECRET}&q=${encodeURIComponent(SEARCH)}&${encodeURIComponent(EMAIL)}`,
    });
    await app.close();
    expect(res.statusCode).toBe(200);
    const access = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request');
    expect(access).toMatchObject({
      route: '/api/documents/verify/:id',
      queryKeys: ['_secretCode', 'q', '(other)'],
      statusCode: 200,
    });
    expect(access.url).toBeUndefined();
    const all = lines.join('\n');
    for (const value of [SECRET, 'Ondina', 'doc-1', 'quaresma']) expect(all).not.toContain(value);
  });

  it('an unexpected error logs the request without its URL', async () => {
    const { lines, sink } = capture();
    const app = await createServiceApp({ name: 'kit-access-log', logStream: sink });
    app.get('/api/admin/users', async () => {
      throw new Error('boom');
    });
    await app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(EMAIL)}`,
    });
    await app.close();
    const all = lines.join('\n');
    expect(all).toContain('boom');
    expect(all).not.toContain('ondina');
  });
});

describe('the redaction list', () => {
  it('hides known keys at any depth of any line of a kit logger', () => {
    const out: string[] = [];
    const log = pino(productLogOptions({ service: 'kit' }), { write: (l: string) => out.push(l) });
    log.info(
      {
        email: EMAIL,
        body: { search: SEARCH, password: 'Segredo-forte-1', user: { token: 'tok-123456' } },
        query: { _secretCode: SECRET, q: SEARCH },
        items: [{ contactEmail: EMAIL }],
      },
      'a line',
    );
    const line = out.join('');
    for (const value of [EMAIL, SEARCH, 'Segredo-forte-1', 'tok-123456', SECRET]) {
      expect(line).not.toContain(value);
    }
    expect(line).toContain('[redacted]');
  });

  it('queryKeys reads at most 20 keys and names odd ones (other)', () => {
    expect(queryKeys('/x')).toEqual([]);
    expect(queryKeys('/x?a=1&b&=3&c=4')).toEqual(['a', 'b', '(other)', 'c']);
    expect(queryKeys(`/x?${'k=1&'.repeat(10_000)}`)).toHaveLength(20);
  });
});

describe('request ids of a public app (mintRequestIds)', () => {
  it('mints its own id and logs the client’s apart, bounded', async () => {
    const { lines, sink } = capture();
    const app = await createServiceApp({
      name: 'kit-gateway-ids',
      logStream: sink,
      mintRequestIds: true,
    });
    app.get('/ping', async (request) => ({ id: request.id }));
    const given = `cliente-${'x'.repeat(300)}\nforged`;
    const res = await app.inject({
      method: 'GET',
      url: '/ping',
      headers: { 'x-request-id': given },
    });
    await app.close();
    const id = res.json().id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).not.toContain('cliente');
    const access = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request');
    expect(access.reqId).toBe(id);
    expect(access.clientRequestId).toBe(`cliente-${'x'.repeat(56)}`);
  });

  it('a service behind the gateway adopts the gateway’s id', async () => {
    const app = await createServiceApp({ name: 'kit-service-ids', logger: false });
    app.get('/ping', async (request) => ({ id: request.id }));
    const res = await app.inject({
      method: 'GET',
      url: '/ping',
      headers: { 'x-request-id': 'gateway-0123456789' },
    });
    await app.close();
    expect(res.json().id).toBe('gateway-0123456789');
  });
});
