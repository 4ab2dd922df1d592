import { type AttributeValue, KINDS, type RecordedSpan } from './spans.js';

// The protobuf wire format of opentelemetry-proto's ExportTraceServiceRequest, read by hand
// (no part of the SDK it checks).

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

// OTLP/JSON
