import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller JSON is not worth a compressor's framing and CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Only JSON (`application/json`, `application/problem+json`...). Not event streams (a compressor
 * would hold the formatting stream's events back), not PDFs or images (already compressed), not
 * the SPA files (compressed at build time, served by routes/spa.ts).
 */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

type Encoding = 'br' | 'gzip';

/** The encoding to answer with, from `Accept-Encoding` and its q-values: brotli, then gzip. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  // Bounded: a header is at most Node's 16 KB, split once, each part parsed in linear time.
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

function declaredLength(reply: FastifyReply, payload: unknown): number | undefined {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  const header = reply.getHeader('content-length');
  const length = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(length) && header !== undefined ? length : undefined;
}

function shouldCompress(request: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  if (request.method === 'HEAD' || payload === null || payload === undefined) return false;
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode === 206)
    return false;
  if (reply.hasHeader('content-encoding')) return false; // an upstream compressed it already
  const type = String(reply.getHeader('content-type') ?? '');
  if (!JSON_TYPE.test(type)) return false;
  const length = declaredLength(reply, payload);
  // A stream without a length (chunked) is compressed: its size is unknown, often large.
  return length === undefined || length > COMPRESS_THRESHOLD_BYTES;
}

/**
 * Dynamic JSON answers over 1 KB (the services' lists, the dashboard, the gateway's own errors),
 * compressed by negotiation. Brotli at quality 4 and gzip at 6: near the best ratio for JSON at
 * a fraction of the CPU of the defaults (quality 11), which suit files compressed once at build.
 */
export function registerResponseCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!shouldCompress(request, reply, payload)) return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) {
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!encoding) return payload;
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : createGzip({ level: 6 });
    const source =
      typeof payload === 'string' || Buffer.isBuffer(payload)
        ? Readable.from([payload])
        : (payload as Readable);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    // pipeline destroys both sides if either fails (an upstream cut mid-body ends the reply).
    pipeline(source, compressor, () => undefined);
    return compressor;
  });
}
