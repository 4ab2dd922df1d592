import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { listen, sendJson } from './http.js';

/**
 * A local OpenTelemetry collector: `POST /v1/traces` in OTLP/HTTP, binary protobuf
 * (`application/x-protobuf`, what the Node SDK's default exporter sends) or JSON
 * (`application/json`), gzip or not, as a real collector's OTLP receiver takes it. It keeps every
 * span it is sent, decoded, for a test to read. `/v1/metrics` and `/v1/logs` are accepted and
 * dropped. The protobuf is read by hand (the wire format of opentelemetry-proto's
 * ExportTraceServiceRequest), so the fake depends on no part of the SDK it checks.
 */

export type SpanKindName =
  | 'unspecified'
  | 'internal'
  | 'server'
  | 'client'
  | 'producer'
  | 'consumer';
const KINDS: SpanKindName[] = [
  'unspecified',
  'internal',
  'server',
  'client',
  'producer',
  'consumer',
];

export type AttributeValue =
  | string
  | number
  | boolean
  | null
  | AttributeValue[]
  | { [key: string]: AttributeValue };

export interface RecordedSpan {
  /** Hex, as in a `traceparent`. */
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: SpanKindName;
  attributes: Record<string, AttributeValue>;
  events: { name: string; attributes: Record<string, AttributeValue> }[];
  links: { traceId: string; spanId: string; attributes: Record<string, AttributeValue> }[];
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** The resource's `service.name`. */
  service: string;
  resource: Record<string, AttributeValue>;
  scope: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
}

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

// ---------------------------------------------------------------------------------------------
// Protobuf wire format

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  done(): boolean {
    return this.pos >= this.buf.length;
  }

  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = this.buf[this.pos++];
      if (byte === undefined) throw new Error('truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  }

  tag(): { field: number; wire: number } {
    const key = Number(this.varint());
    return { field: key >>> 3, wire: key & 7 };
  }

  bytes(): Buffer {
    const length = Number(this.varint());
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  fixed64(): Buffer {
    const out = this.buf.subarray(this.pos, this.pos + 8);
    this.pos += 8;
    return out;
  }

  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) this.bytes();
    else if (wire === 5) this.pos += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
}

/** Calls `on(field, wire, reader)` for each field of a message; unread fields are skipped. */
function fields(buf: Buffer, on: (field: number, wire: number, r: Reader) => boolean): void {
  const r = new Reader(buf);
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (!on(field, wire, r)) r.skip(wire);
  }
}

function anyValue(buf: Buffer): AttributeValue {
  let value: AttributeValue = null;
  fields(buf, (field, wire, r) => {
    if (field === 1 && wire === 2) value = r.bytes().toString('utf8');
    else if (field === 2 && wire === 0) value = r.varint() !== 0n;
    else if (field === 3 && wire === 0) value = Number(BigInt.asIntN(64, r.varint()));
    else if (field === 4 && wire === 1) value = r.fixed64().readDoubleLE(0);
    else if (field === 5 && wire === 2) {
      const list: AttributeValue[] = [];
      fields(r.bytes(), (f, w, inner) => {
        if (f === 1 && w === 2) list.push(anyValue(inner.bytes()));
        else return false;
        return true;
      });
      value = list;
    } else if (field === 6 && wire === 2) {
      const map: Record<string, AttributeValue> = {};
      fields(r.bytes(), (f, w, inner) => {
        if (f === 1 && w === 2) Object.assign(map, keyValue(inner.bytes()));
        else return false;
        return true;
      });
      value = map;
    } else if (field === 7 && wire === 2) value = r.bytes().toString('base64');
    else return false;
    return true;
  });
  return value;
}

function keyValue(buf: Buffer): Record<string, AttributeValue> {
  let key = '';
  let value: AttributeValue = null;
  fields(buf, (field, wire, r) => {
    if (field === 1 && wire === 2) key = r.bytes().toString('utf8');
    else if (field === 2 && wire === 2) value = anyValue(r.bytes());
    else return false;
    return true;
  });
  return { [key]: value };
}

const hex = (b: Buffer) => b.toString('hex');

function protobufSpan(
  buf: Buffer,
  service: string,
  resource: RecordedSpan['resource'],
  scope: string,
) {
  const span: RecordedSpan = {
    traceId: '',
    spanId: '',
    parentSpanId: '',
    name: '',
    kind: 'unspecified',
    attributes: {},
    events: [],
    links: [],
    status: { code: 0, message: '' },
    service,
    resource,
    scope,
    startTimeUnixNano: '0',
    endTimeUnixNano: '0',
  };
  fields(buf, (field, wire, r) => {
    if (field === 1 && wire === 2) span.traceId = hex(r.bytes());
    else if (field === 2 && wire === 2) span.spanId = hex(r.bytes());
    else if (field === 4 && wire === 2) span.parentSpanId = hex(r.bytes());
    else if (field === 5 && wire === 2) span.name = r.bytes().toString('utf8');
    else if (field === 6 && wire === 0) span.kind = KINDS[Number(r.varint())] ?? 'unspecified';
    else if (field === 7 && wire === 1)
      span.startTimeUnixNano = r.fixed64().readBigUInt64LE(0).toString();
    else if (field === 8 && wire === 1)
      span.endTimeUnixNano = r.fixed64().readBigUInt64LE(0).toString();
    else if (field === 9 && wire === 2) Object.assign(span.attributes, keyValue(r.bytes()));
    else if (field === 11 && wire === 2) {
      const event = { name: '', attributes: {} as Record<string, AttributeValue> };
      fields(r.bytes(), (f, w, inner) => {
        if (f === 2 && w === 2) event.name = inner.bytes().toString('utf8');
        else if (f === 3 && w === 2) Object.assign(event.attributes, keyValue(inner.bytes()));
        else return false;
        return true;
      });
      span.events.push(event);
    } else if (field === 13 && wire === 2) {
      const link = { traceId: '', spanId: '', attributes: {} as Record<string, AttributeValue> };
      fields(r.bytes(), (f, w, inner) => {
        if (f === 1 && w === 2) link.traceId = hex(inner.bytes());
        else if (f === 2 && w === 2) link.spanId = hex(inner.bytes());
        else if (f === 4 && w === 2) Object.assign(link.attributes, keyValue(inner.bytes()));
        else return false;
        return true;
      });
      span.links.push(link);
    } else if (field === 15 && wire === 2) {
      fields(r.bytes(), (f, w, inner) => {
        if (f === 2 && w === 2) span.status.message = inner.bytes().toString('utf8');
        else if (f === 3 && w === 0) span.status.code = Number(inner.varint());
        else return false;
        return true;
      });
    } else return false;
    return true;
  });
  return span;
}

/** Decodes an ExportTraceServiceRequest. */
export function decodeTraceRequest(buf: Buffer): RecordedSpan[] {
  const spans: RecordedSpan[] = [];
  fields(buf, (field, wire, r) => {
    if (field !== 1 || wire !== 2) return false;
    // ResourceSpans: the resource first, then its scopes (the resource may come after: keep raw).
    const resource: Record<string, AttributeValue> = {};
    const scopes: Buffer[] = [];
    fields(r.bytes(), (f, w, inner) => {
      if (f === 1 && w === 2)
        fields(inner.bytes(), (rf, rw, ri) => {
          if (rf === 1 && rw === 2) Object.assign(resource, keyValue(ri.bytes()));
          else return false;
          return true;
        });
      else if (f === 2 && w === 2) scopes.push(inner.bytes());
      else return false;
      return true;
    });
    const service = String(resource['service.name'] ?? '');
    for (const scopeSpans of scopes) {
      let scope = '';
      const raw: Buffer[] = [];
      fields(scopeSpans, (f, w, inner) => {
        if (f === 1 && w === 2)
          fields(inner.bytes(), (sf, sw, si) => {
            if (sf === 1 && sw === 2) scope = si.bytes().toString('utf8');
            else return false;
            return true;
          });
        else if (f === 2 && w === 2) raw.push(inner.bytes());
        else return false;
        return true;
      });
      for (const span of raw) spans.push(protobufSpan(span, service, resource, scope));
    }
    return true;
  });
  return spans;
}

// ---------------------------------------------------------------------------------------------
// OTLP/JSON

type JsonAny = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: JsonAny[] };
  kvlistValue?: { values?: JsonKeyValue[] };
  bytesValue?: string;
};
type JsonKeyValue = { key: string; value?: JsonAny };

function jsonValue(value: JsonAny | undefined): AttributeValue {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(jsonValue);
  if (value.kvlistValue) return jsonAttributes(value.kvlistValue.values);
  if (value.bytesValue !== undefined) return value.bytesValue;
  return null;
}

function jsonAttributes(list: JsonKeyValue[] | undefined): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, jsonValue(kv.value)]));
}

/** OTLP/JSON ids are hex (base64 in proto3's canonical JSON: both are read). */
const jsonId = (id: string | undefined) =>
  !id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

interface JsonRequest {
  resourceSpans?: {
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId?: string;
        spanId?: string;
        parentSpanId?: string;
        name?: string;
        kind?: number | string;
        startTimeUnixNano?: string | number;
        endTimeUnixNano?: string | number;
        attributes?: JsonKeyValue[];
        events?: { name?: string; attributes?: JsonKeyValue[] }[];
        links?: { traceId?: string; spanId?: string; attributes?: JsonKeyValue[] }[];
        status?: { code?: number | string; message?: string };
      }[];
    }[];
  }[];
}

/** Reads an ExportTraceServiceRequest in OTLP/JSON. */
export function parseJsonTraceRequest(body: JsonRequest): RecordedSpan[] {
  const spans: RecordedSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const resource = jsonAttributes(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        const kind =
          typeof s.kind === 'number'
            ? (KINDS[s.kind] ?? 'unspecified')
            : ((String(s.kind ?? '')
                .replace(/^SPAN_KIND_/, '')
                .toLowerCase() as SpanKindName) ?? 'unspecified');
        const code =
          typeof s.status?.code === 'number'
            ? s.status.code
            : ({ STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 }[String(s.status?.code)] ?? 0);
        spans.push({
          traceId: jsonId(s.traceId),
          spanId: jsonId(s.spanId),
          parentSpanId: jsonId(s.parentSpanId),
          name: s.name ?? '',
          kind,
          attributes: jsonAttributes(s.attributes),
          events: (s.events ?? []).map((e) => ({
            name: e.name ?? '',
            attributes: jsonAttributes(e.attributes),
          })),
          links: (s.links ?? []).map((l) => ({
            traceId: jsonId(l.traceId),
            spanId: jsonId(l.spanId),
            attributes: jsonAttributes(l.attributes),
          })),
          status: { code, message: s.status?.message ?? '' },
          service: String(resource['service.name'] ?? ''),
          resource,
          scope: ss.scope?.name ?? '',
          startTimeUnixNano: String(s.startTimeUnixNano ?? '0'),
          endTimeUnixNano: String(s.endTimeUnixNano ?? '0'),
        });
      }
    }
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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
    let body = await readRaw(req);
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
