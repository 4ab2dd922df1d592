import { type AttributeValue, KINDS, type RecordedSpan, type SpanKindName } from './spans.js';

// OTLP/JSON: ExportTraceServiceRequest as the JSON exporters send it.

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

export interface JsonRequest {
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
