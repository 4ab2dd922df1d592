import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { listen, readBytes, sendJson } from './http.js';
import { type JsonRequest, parseJsonTraceRequest } from './otlp/json.js';
import { decodeTraceRequest } from './otlp/protobuf.js';
import type { RecordedSpan } from './otlp/spans.js';

export { parseJsonTraceRequest } from './otlp/json.js';
export { decodeTraceRequest } from './otlp/protobuf.js';
export type { AttributeValue, RecordedSpan, SpanKindName } from './otlp/spans.js';

/**
 * A local OpenTelemetry collector: `POST /v1/traces` in OTLP/HTTP, binary protobuf
 * (`application/x-protobuf`, what the Node SDK's default exporter sends) or JSON
 * (`application/json`), gzip or not, as a real collector's OTLP receiver takes it. It keeps every
 * span it is sent, decoded, for a test to read. `/v1/metrics` and `/v1/logs` are accepted and
 * dropped. The protobuf is read by hand (the wire format of opentelemetry-proto's
 * ExportTraceServiceRequest), so the fake depends on no part of the SDK it checks.
 */

export interface FakeOtlpCollector {
  url: string;
  spans: RecordedSpan[];
  /** Each export request received: path, content type and whether it was gzipped. */
  requests: { path: string; contentType: string; gzip: boolean }[];
  /** Resolves with the spans once `predicate` holds for them, or rejects after `timeoutMs`. */
  waitFor(
    predicate: (spans: RecordedSpan[]) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedSpan[]>;
  close(): Promise<void>;
}
/**
 * Starts the fake collector on a loopback port; point OTEL_EXPORTER_OTLP_ENDPOINT at its `url`.
 * @example const collector = await startFakeOtlpCollector(); process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
 */
export async function startFakeOtlpCollector(): Promise<FakeOtlpCollector> {
  const spans: RecordedSpan[] = [];
  const requests: FakeOtlpCollector['requests'] = [];
  const waiters = new Set<() => void>();

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'POST' || !['/v1/traces', '/v1/metrics', '/v1/logs'].includes(path)) {
      sendJson(res, 404, { code: 5, message: 'not found' });
      return;
    }
    const contentType =
      String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    const gzip = req.headers['content-encoding'] === 'gzip';
    let body = await readBytes(req);
    if (gzip) body = gunzipSync(body);
    requests.push({ path, contentType, gzip });
    const protobuf = contentType === 'application/x-protobuf';
    if (!protobuf && contentType !== 'application/json') {
      // What the collector's OTLP receiver answers to another media type.
      res.writeHead(415, { 'content-type': 'text/plain' });
      res.end(`unsupported content type ${contentType}`);
      return;
    }
    if (path === '/v1/traces') {
      const received = protobuf
        ? decodeTraceRequest(body)
        : parseJsonTraceRequest(JSON.parse(body.toString('utf8')) as JsonRequest);
      spans.push(...received);
      for (const wake of [...waiters]) wake();
    }
    // An empty Export*ServiceResponse: full success.
    if (protobuf) {
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();
    } else sendJson(res, 200, {});
  };
  const server = await listen(handler, (res, error) =>
    sendJson(res, 400, {
      code: 3,
      message: error instanceof Error ? error.message : 'bad request',
    }),
  );

  return {
    url: server.url,
    spans,
    requests,
    waitFor(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(spans)) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(spans);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the collector did not receive the expected spans in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: server.close,
  };
}
