import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../src/compression.js';
import { startGateway, type TestGateway } from './helpers.js';

// Issue 25 item 1: dynamic JSON over 1 KB leaves the gateway compressed by negotiation; small
// JSON, PDFs and the formatting event stream leave it as the service wrote them.

const BIG_JSON = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, subject: 'Dúvida sobre o plano' })),
});
const SMALL_JSON = JSON.stringify({ ok: true });
const PDF = Buffer.from(`%PDF-1.7\n${'x'.repeat(4096)}\n%%EOF`, 'latin1');

/** A support-service stand-in on node:http, to control each answer's framing exactly. */
async function startUpstream(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/support/big-chunked')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.write(BIG_JSON.slice(0, 500));
      res.end(BIG_JSON.slice(500));
    } else if (req.url?.startsWith('/api/support/big')) {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(BIG_JSON),
      });
      res.end(BIG_JSON);
    } else if (req.url?.startsWith('/api/support/small')) {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': SMALL_JSON.length,
      });
      res.end(SMALL_JSON);
    } else if (req.url?.startsWith('/api/support/pdf')) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
      res.end(PDF);
    } else if (req.url?.startsWith('/api/support/events')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${'{"delta":"texto"}'.repeat(100)}\n\n`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('dynamic response compression', () => {
  let upstream: Server;
  let gateway: TestGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    const { port } = upstream.address() as AddressInfo;
    gateway = await startGateway({ SUPPORT_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const get = async (path: string, acceptEncoding?: string) => {
    const response = await request(`${gateway.url}${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: Buffer.from(await response.body.arrayBuffer()),
    };
  };

  it.each(['/api/support/big', '/api/support/big-chunked'])(
    'answers %s (JSON over 1 KB) in brotli when asked, and gzip when only that is accepted',
    async (path) => {
      const br = await get(path, 'gzip, deflate, br, zstd');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.headers['content-length']).toBeUndefined();
      expect(br.body.length).toBeLessThan(BIG_JSON.length / 4);
      expect(brotliDecompressSync(br.body).toString('utf8')).toBe(BIG_JSON);

      const gzip = await get(path, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString('utf8')).toBe(BIG_JSON);

      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(BIG_JSON);
    },
  );

  it('leaves JSON of 1 KB or less, PDFs and event streams as they are', async () => {
    const small = await get('/api/support/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString('utf8')).toBe(SMALL_JSON);

    const pdf = await get('/api/support/pdf', 'br, gzip');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.headers['content-length']).toBe(String(PDF.length));
    expect(pdf.body.equals(PDF)).toBe(true);

    const events = await get('/api/support/events', 'br, gzip');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.toString('utf8')).toContain('data: ');
  });

  it('negotiates by q-value: refused encodings are never used', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});
