import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOtlpCollector } from '../src/otlp.js';

// The fake collector's two OTLP/HTTP encodings. Protobuf from the real Node SDK exporter is
// covered end to end in tests/system/test/tracing.test.ts; here a hand-written protobuf request
// (the wire bytes of opentelemetry-proto) and an OTLP/JSON one, as a collector receives them.
const collector = await startFakeOtlpCollector();
afterAll(() => collector.close());

/** Protobuf: a length-delimited field. */
const ld = (field: number, bytes: Buffer) =>
  Buffer.concat([Buffer.from([(field << 3) | 2, bytes.length]), bytes]);
const str = (field: number, text: string) => ld(field, Buffer.from(text, 'utf8'));
const kv = (key: string, value: string) =>
  ld(9, Buffer.concat([str(1, key), ld(2, str(1, value))]));

describe('fake OTLP/HTTP collector', () => {
  it('decodes a protobuf ExportTraceServiceRequest (gzipped) and answers an empty response', async () => {
    const span = Buffer.concat([
      ld(1, Buffer.alloc(16, 0xab)),
      ld(2, Buffer.alloc(8, 0xcd)),
      ld(4, Buffer.alloc(8, 0xef)),
      str(5, 'GET /api/x'),
      Buffer.from([6 << 3, 2]), // kind: server
      kv('http.route', '/api/x'),
      ld(15, Buffer.from([3 << 3, 2])), // status: error
    ]);
    const resource = ld(1, ld(1, Buffer.concat([str(1, 'service.name'), ld(2, str(1, 'svc'))])));
    const request = ld(
      1,
      Buffer.concat([resource, ld(2, Buffer.concat([ld(1, str(1, 'kit')), ld(2, span)]))]),
    );
    const res = await fetch(`${collector.url}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' },
      body: gzipSync(request),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    const [got] = await collector.waitFor((spans) => spans.some((s) => s.name === 'GET /api/x'));
    expect(got).toMatchObject({
      traceId: 'ab'.repeat(16),
      spanId: 'cd'.repeat(8),
      parentSpanId: 'ef'.repeat(8),
      kind: 'server',
      attributes: { 'http.route': '/api/x' },
      status: { code: 2 },
      service: 'svc',
      scope: 'kit',
    });
  });

  it('reads OTLP/JSON and refuses another media type', async () => {
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'json-svc' } }] },
          scopeSpans: [
            {
              scope: { name: 'kit' },
              spans: [
                {
                  traceId: '0af7651916cd43dd8448eb211c80319c',
                  spanId: 'b7ad6b7169203331',
                  name: 'publish a.b.v1',
                  kind: 4,
                  attributes: [{ key: 'messaging.system', value: { stringValue: 'nats' } }],
                },
              ],
            },
          ],
        },
      ],
    };
    const res = await fetch(`${collector.url}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const spans = await collector.waitFor((all) => all.some((s) => s.service === 'json-svc'));
    expect(spans.find((s) => s.service === 'json-svc')).toMatchObject({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      parentSpanId: '',
      kind: 'producer',
      attributes: { 'messaging.system': 'nats' },
    });
    const refused = await fetch(`${collector.url}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(refused.status).toBe(415);
  });
});
