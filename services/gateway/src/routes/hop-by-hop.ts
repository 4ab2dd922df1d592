import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): a proxy must not pass
 * them on, in either direction. Proxy-* are the previous hop's credentials and challenges.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * `headers` without the hop-by-hop ones: the fixed list above, any other `proxy-*`, and every
 * header the Connection header names (`Connection: close, x-secret` makes x-secret hop-by-hop).
 * @example withoutHopByHop({ connection: 'x-a', 'x-a': '1', accept: '*\/*' }) // { accept: '*\/*' }
 */
export function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set<string>();
  for (const value of [headers.connection ?? []].flat()) {
    for (const token of value.split(',')) {
      const name = token.trim().toLowerCase();
      if (name) named.add(name);
    }
  }
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || named.has(lower)) continue;
    kept[name] = value;
  }
  return kept;
}
