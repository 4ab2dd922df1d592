import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from './helpers.js';

// A signed PDF is checked byte for byte by its signature (pdfsig, the ITI validator): one byte
// changed, dropped or re-encoded on the way makes it invalid. Binary answers and uploads must
// cross the gateway untouched, whatever their framing (Content-Length or chunked), size, pace or
// encoding (issue 14).

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every byte value, bytes that are invalid UTF-8, CR/LF pairs and a PDF's own markers. */
function binary(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\r\n', 'latin1');
  const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return Buffer.concat([head, every, randomBytes(Math.max(0, size - head.length - 256))]).subarray(
    0,
    size,
  );
}

const SIZES = [0, 1, 300, 64 * 1024 + 1, 3 * 1024 * 1024 + 7];
const files = new Map(SIZES.map((size) => [size, binary(size)]));

/** A documents stand-in written on node:http to control the framing of each answer exactly. */
async function startBinaryService(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    const size = Number(url.searchParams.get('size') ?? 0);
    const file = files.get(size) ?? Buffer.alloc(0);
    const pdfHeaders = {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="prescricao-ambulatorial.pdf"',
      'x-document-id': '0b0e4f5c-3f8a-4d2a-9a53-7c1f2f0d9e11',
      'x-verification-code': 'ABCDEFGH23456789',
    };
    if (url.pathname === '/api/documents/echo') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(body);
      });
      return;
    }
    if (url.pathname === '/api/documents/fixed') {
      res.writeHead(200, { ...pdfHeaders, 'content-length': file.byteLength });
      res.end(req.method === 'HEAD' ? undefined : file);
      return;
    }
    if (url.pathname === '/api/documents/chunked') {
      // Chunked, in uneven pieces with pauses between them, as a slow renderer would stream.
      res.writeHead(200, pdfHeaders);
      let at = 0;
      const step = () => {
        if (at >= file.byteLength) {
          res.end();
          return;
        }
        const next = Math.min(file.byteLength, at + 1 + ((at * 7919) % 70_000));
        res.write(file.subarray(at, next));
        at = next;
        setTimeout(step, 2);
      };
      step();
      return;
    }
    if (url.pathname === '/api/documents/gzip') {
      const zipped = gzipSync(file);
      res.writeHead(200, {
        ...pdfHeaders,
        'content-encoding': 'gzip',
        'content-length': zipped.byteLength,
      });
      res.end(zipped);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

describe('binary bodies through the gateway', () => {
  let upstream: Awaited<ReturnType<typeof startBinaryService>>;
  let gateway: TestGateway;

  beforeAll(async () => {
    upstream = await startBinaryService();
    gateway = await startGateway({ DOCUMENTS_URL: upstream.url });
  });
  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => upstream.server.close(resolve));
  });

  /** The same call directly to the service and through the gateway. */
  const both = async (path: string, init: Parameters<typeof request>[1] = {}) => {
    const answers = [];
    for (const base of [upstream.url, gateway.url]) {
      const response = await request(`${base}${path}`, init);
      const bytes = Buffer.from(await response.body.arrayBuffer());
      answers.push({ status: response.statusCode, headers: response.headers, bytes });
    }
    return { direct: answers[0]!, proxied: answers[1]! };
  };

  for (const size of SIZES) {
    it(`answers a ${size}-byte PDF with Content-Length byte for byte, same length and headers`, async () => {
      const { direct, proxied } = await both(`/api/documents/fixed?size=${size}`);
      expect(proxied.status).toBe(200);
      expect(proxied.bytes.byteLength).toBe(size);
      expect(sha256(proxied.bytes)).toBe(sha256(direct.bytes));
      expect(sha256(proxied.bytes)).toBe(sha256(files.get(size)!));
      expect(proxied.headers['content-length']).toBe(String(size));
      for (const name of [
        'content-type',
        'content-disposition',
        'x-document-id',
        'x-verification-code',
      ])
        expect(proxied.headers[name]).toBe(direct.headers[name]);
    });

    it(`answers a ${size}-byte PDF streamed in chunks with pauses byte for byte`, async () => {
      const { direct, proxied } = await both(`/api/documents/chunked?size=${size}`);
      expect(proxied.status).toBe(200);
      expect(sha256(proxied.bytes)).toBe(sha256(direct.bytes));
      expect(sha256(proxied.bytes)).toBe(sha256(files.get(size)!));
      expect(proxied.headers['content-type']).toBe('application/pdf');
    });
  }

  it('passes a compressed answer on as it came (no decoding, no re-encoding)', async () => {
    const size = 64 * 1024 + 1;
    const { direct, proxied } = await both(`/api/documents/gzip?size=${size}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(proxied.headers['content-encoding']).toBe('gzip');
    expect(proxied.headers['content-length']).toBe(direct.headers['content-length']);
    expect(sha256(proxied.bytes)).toBe(sha256(direct.bytes));
  });

  it('answers HEAD with the length and no body', async () => {
    const size = 300;
    const { proxied } = await both(`/api/documents/fixed?size=${size}`, { method: 'HEAD' });
    expect(proxied.status).toBe(200);
    expect(proxied.headers['content-length']).toBe(String(size));
    expect(proxied.bytes.byteLength).toBe(0);
  });

  it('sends a binary upload to the service byte for byte, declared or chunked', async () => {
    const file = files.get(64 * 1024 + 1)!;
    const declared = await request(`${gateway.url}/api/documents/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: file,
    });
    expect(sha256(Buffer.from(await declared.body.arrayBuffer()))).toBe(sha256(file));
    const chunked = await request(`${gateway.url}/api/documents/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Readable.from(
        (function* () {
          for (let at = 0; at < file.byteLength; at += 10_000) yield file.subarray(at, at + 10_000);
        })(),
      ),
    });
    expect(sha256(Buffer.from(await chunked.body.arrayBuffer()))).toBe(sha256(file));
  });
});
