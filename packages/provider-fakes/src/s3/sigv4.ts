import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { S3Error } from './errors.js';

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED = 'UNSIGNED-PAYLOAD';

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export function sigV4Encode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** The canonical URI of S3 (encoded once, slashes kept), from the path as sent. */
function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => sigV4Encode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const key = at === -1 ? pair : pair.slice(0, at);
      const value = at === -1 ? '' : pair.slice(at + 1);
      return [sigV4Encode(decode(key)), sigV4Encode(decode(value))] as const;
    })
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

function parseAuthorization(header: string): ParsedAuthorization | undefined {
  if (!header.startsWith(`${ALGORITHM} `)) return undefined;
  const fields = new Map<string, string>();
  for (const part of header.slice(ALGORITHM.length + 1).split(',')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const credential = fields.get('Credential')?.split('/');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (credential?.length !== 5 || credential[4] !== 'aws4_request') return undefined;
  if (!signedHeaders || !signature) return undefined;
  const [accessKeyId, date, region, service] = credential as [string, string, string, string];
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.split(';'), signature };
}

/** SigV4's signing key: HMAC chain of the date, region, service and "aws4_request". */
export function sigV4SigningKey(
  secret: string,
  scope: { date: string; region: string; service: string },
) {
  const { date, region, service } = scope;
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/**
 * Checks the request's SigV4 header signature (throws the S3Error S3 would answer) and that the
 * body matches x-amz-content-sha256.
 */
export function authenticate(
  req: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string; maxSkewMs: number },
): void {
  const header = req.headers.authorization;
  if (!header) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const auth = parseAuthorization(header);
  if (!auth)
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the authorization header requires three components: Credential, SignedHeaders, and Signature.',
    );
  if (auth.accessKeyId !== keys.accessKeyId)
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      { AWSAccessKeyId: auth.accessKeyId },
    );
  if (auth.region !== keys.region || auth.service !== 's3')
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${keys.region}'`,
      { Region: keys.region },
    );
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!when || amzDate.slice(0, 8) !== auth.date)
    throw new S3Error(
      403,
      'AccessDenied',
      'AWS authentication requires a valid Date or x-amz-date header',
    );
  const requestTime = Date.UTC(
    Number(when[1]),
    Number(when[2]) - 1,
    Number(when[3]),
    Number(when[4]),
    Number(when[5]),
    Number(when[6]),
  );
  if (Math.abs(Date.now() - requestTime) > keys.maxSkewMs)
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      { RequestTime: amzDate, ServerTime: new Date().toISOString() },
    );
  const payloadHash = req.headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string')
    throw new S3Error(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    );
  if (payloadHash.startsWith('STREAMING-'))
    throw new S3Error(501, 'NotImplemented', 'Chunked payload signing is not spoken by this fake.');
  if (payloadHash !== UNSIGNED) {
    const actual = sha256Hex(body);
    if (payloadHash !== actual)
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        { ClientComputedContentSHA256: payloadHash, S3ComputedContentSHA256: actual },
      );
  }
  if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date'))
    throw new S3Error(403, 'AccessDenied', 'The host and x-amz-date headers must be signed.');

  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
  const canonicalHeaders = auth.signedHeaders
    .map((name) => {
      const values = req.headersDistinct[name] ?? [];
      const value = values.map((v) => v.trim().replace(/\s+/g, ' ')).join(',');
      return `${name}:${value}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method ?? 'GET',
    canonicalUri(rawPath),
    canonicalQuery(rawQuery ?? ''),
    canonicalHeaders,
    auth.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const expected = createHmac('sha256', sigV4SigningKey(keys.secretAccessKey, auth))
    .update(stringToSign)
    .digest();
  const given = Buffer.from(auth.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        AWSAccessKeyId: auth.accessKeyId,
        StringToSign: stringToSign,
        CanonicalRequest: canonicalRequest,
      },
    );
}
