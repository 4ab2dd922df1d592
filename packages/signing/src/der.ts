/**
 * A minimal DER reader and writer. The CMS structures and the certificate fields this package
 * needs are few; building them byte by byte keeps every certificate, name and serial number
 * exactly as issued (a re-encoding library could normalise them and break their signatures).
 */

/** One TLV inside a buffer: the raw bytes stay in `source`, nothing is copied. */
export interface Tlv {
  tag: number;
  /** Offset of the first content byte. */
  start: number;
  /** Offset just past the last content byte. */
  end: number;
  /** Offset of the tag byte. */
  offset: number;
  source: Buffer;
}

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

/** Reads the TLV at `offset`; throws DerError when it does not fit in `limit`. */
export function readTlv(source: Buffer, offset = 0, limit = source.length): Tlv {
  if (offset + 2 > limit) throw new DerError('truncated');
  const tag = source[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  let length = source[offset + 1]!;
  let start = offset + 2;
  if (length === 0x80) throw new DerError('indefinite length');
  if (length > 0x80) {
    const count = length & 0x7f;
    if (count > 4 || start + count > limit) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + source[start + i]!;
    start += count;
  }
  const end = start + length;
  if (end > limit) throw new DerError('truncated');
  return { tag, start, end, offset, source };
}

/** The children of a constructed TLV, in order. */
export function children(parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  let at = parent.start;
  while (at < parent.end) {
    const child = readTlv(parent.source, at, parent.end);
    out.push(child);
    at = child.end;
  }
  return out;
}

export const raw = (tlv: Tlv): Buffer => tlv.source.subarray(tlv.offset, tlv.end);
export const content = (tlv: Tlv): Buffer => tlv.source.subarray(tlv.start, tlv.end);

export function decodeOid(bytes: Buffer): string {
  const arcs: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (arcs.length === 0) {
        const first = value < 80 ? Math.floor(value / 40) : 2;
        arcs.push(first, value - first * 40);
      } else {
        arcs.push(value);
      }
      value = 0;
    }
  }
  return arcs.join('.');
}

/** Decodes UTCTime (0x17) and GeneralizedTime (0x18) as written in certificates (UTC, 'Z'). */
export function decodeTime(tlv: Tlv): Date {
  const text = content(tlv).toString('latin1');
  const match =
    tlv.tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) throw new DerError('unsupported time');
  let year = Number(match[1]);
  // RFC 5280 4.1.2.5.1: two-digit years 50-99 are 19xx, 00-49 are 20xx.
  if (tlv.tag === 0x17) year += year >= 50 ? 1900 : 2000;
  return new Date(
    Date.UTC(
      year,
      Number(match[2]) - 1,
      Number(match[3]),
      Number(match[4]),
      Number(match[5]),
      Number(match[6]),
    ),
  );
}

/** Decodes the directory-string types certificates use for names and otherName values. */
export function decodeString(tlv: Tlv): string {
  const bytes = content(tlv);
  switch (tlv.tag) {
    case 0x0c: // UTF8String
      return bytes.toString('utf8');
    case 0x1e: // BMPString: UTF-16BE
      return Buffer.from(bytes).swap16().toString('utf16le');
    default: // PrintableString, IA5String, T61String, OCTET STRING of ASCII
      return bytes.toString('latin1');
  }
}

// ---- writer ----

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

export const sequence = (...parts: Buffer[]): Buffer => tlv(0x30, ...parts);
export const octetString = (bytes: Buffer): Buffer => tlv(0x04, bytes);
export const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);
export const ia5String = (text: string): Buffer => tlv(0x16, Buffer.from(text, 'ascii'));
/** A context-specific constructed tag, [n]. */
export const explicit = (n: number, ...parts: Buffer[]): Buffer => tlv(0xa0 | n, ...parts);

/** DER SET OF: the elements sorted by their encodings (X.690 11.6). */
export function setOf(...elements: Buffer[]): Buffer {
  return tlv(0x31, ...[...elements].sort(Buffer.compare));
}

export function smallInteger(value: number): Buffer {
  if (value < 0 || value > 127) throw new RangeError('only 0..127');
  return Buffer.from([0x02, 0x01, value]);
}

export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const bytes: number[] = [];
  const push = (value: number) => {
    const chunk = [value & 0x7f];
    for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) {
      chunk.unshift((rest & 0x7f) | 0x80);
    }
    bytes.push(...chunk);
  };
  push(arcs[0]! * 40 + arcs[1]!);
  for (const arc of arcs.slice(2)) push(arc);
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime for dates up to 2049, GeneralizedTime after (RFC 5652 11.3). */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-11-22T10:11:12.000Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '');
  const year = date.getUTCFullYear();
  if (year >= 1950 && year < 2050) return tlv(0x17, Buffer.from(`${digits.slice(2)}Z`, 'ascii'));
  return tlv(0x18, Buffer.from(`${digits}Z`, 'ascii'));
}
