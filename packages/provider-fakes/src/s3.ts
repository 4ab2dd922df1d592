import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, sendJson } from './http.js';

/**
 * A local fake of the S3 REST API (path-style addressing), enough for an object store: PUT, GET,
 * HEAD and DELETE of objects, PUT and HEAD of buckets. Every request must carry an AWS Signature
 * Version 4 `Authorization` header made with the configured key pair, checked the way S3 checks
 * it (canonical request, string to sign, signing key, payload hash); failures answer S3's XML
 * errors with S3's codes and statuses, so any S3 client (the AWS SDK included) sees what it would
 * see from S3. Not spoken: virtual-host addressing, presigned URLs, chunked (streaming) payload
 * signatures, multipart uploads, listings, versioning.
 */

export interface FakeS3Options {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  /** Buckets that exist from the start (others are made with PUT /bucket). */
  buckets?: string[];
  /** Allowed clock difference of x-amz-date (S3: 15 minutes). */
  maxSkewMs?: number;
}

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  /** x-amz-meta-* headers, keys without the prefix, lower-case. */
  metadata: Record<string, string>;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Request {
  method: string;
  bucket?: string;
  key?: string;
  /** The S3 error code answered, or undefined on success. */
  error?: string;
  status: number;
}

export interface FakeS3 {
  /** The endpoint, e.g. http://127.0.0.1:PORT (path-style: /{bucket}/{key}). */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** bucket -> key -> object: what the store holds. */
  buckets: Map<string, Map<string, FakeS3Object>>;
  requests: FakeS3Request[];
  /** `stall`: requests are taken but never answered (a bucket that hangs); close() still ends them. */
  behaviour: { stall: boolean };
  object(bucket: string, key: string): FakeS3Object | undefined;
  close(): Promise<void>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED = 'UNSIGNED-PAYLOAD';
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

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
export function sigV4SigningKey(secret: string, date: string, region: string, service: string) {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/**
 * Checks the request's SigV4 header signature (throws the S3Error S3 would answer) and that the
 * body matches x-amz-content-sha256.
 */
function authenticate(
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
  const expected = createHmac(
    'sha256',
    sigV4SigningKey(keys.secretAccessKey, auth.date, auth.region, auth.service),
  )
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

function sendError(res: ServerResponse, method: string, error: S3Error, resource: string): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const extra = Object.entries(error.extra)
    .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
    .join('');
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>` +
    `${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
  const headers = { 'content-type': 'application/xml', 'x-amz-request-id': requestId };
  // HEAD answers carry no body: S3 sends the status alone.
  if (method === 'HEAD') {
    res.writeHead(error.status, headers);
    res.end();
    return;
  }
  res.writeHead(error.status, { ...headers, 'content-length': Buffer.byteLength(xml) });
  res.end(xml);
}

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function objectHeaders(object: FakeS3Object): Record<string, string | number> {
  const headers: Record<string, string | number> = {
    'content-type': object.contentType,
    'content-length': object.body.byteLength,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  };
  for (const [name, value] of Object.entries(object.metadata))
    headers[`x-amz-meta-${name}`] = value;
  return headers;
}

/** What `GET /_fake/state` answers: every object's size and SHA-256, and the requests' count. */
export interface FakeS3State {
  buckets: Record<string, Record<string, { size: number; sha256: string; contentType: string }>>;
  requests: number;
  refused: number;
}

function stateOf(
  buckets: Map<string, Map<string, FakeS3Object>>,
  requests: FakeS3Request[],
): FakeS3State {
  const state: FakeS3State = {
    buckets: {},
    requests: requests.length,
    refused: requests.filter((r) => r.error).length,
  };
  for (const [bucket, objects] of buckets) {
    const listed: FakeS3State['buckets'][string] = {};
    for (const [key, object] of objects)
      listed[key] = {
        size: object.body.byteLength,
        sha256: createHash('sha256').update(object.body).digest('hex'),
        contentType: object.contentType,
      };
    state.buckets[bucket] = listed;
  }
  return state;
}

/**
 * Starts the fake on an ephemeral port of 127.0.0.1.
 * @example const s3 = await startFakeS3({ buckets: ['signed'] }); new S3Client({ endpoint: s3.url, forcePathStyle: true, region: s3.region, credentials: {...} })
 */
export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const keys = {
    accessKeyId: options.accessKeyId ?? 'AKIAFAKES3EXAMPLE',
    secretAccessKey: options.secretAccessKey ?? randomBytes(20).toString('base64url'),
    region: options.region ?? 'us-east-1',
    maxSkewMs: options.maxSkewMs ?? 15 * 60_000,
  };
  const buckets = new Map<string, Map<string, FakeS3Object>>(
    (options.buckets ?? []).map((name) => [name, new Map()]),
  );
  const requests: FakeS3Request[] = [];
  const behaviour = { stall: false };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    // The test control, for a suite in another process (a browser suite): what the buckets hold.
    // `_fake` can never be a bucket name (S3 refuses underscores), so no S3 path is shadowed.
    if (method === 'GET' && req.url === '/_fake/state') {
      sendJson(res, 200, stateOf(buckets, requests));
      return;
    }
    const rawPath = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const [, bucketPart = '', ...keyParts] = rawPath.split('/');
    const bucket = decodeURIComponent(bucketPart) || undefined;
    const key = keyParts.length > 0 ? decodeURIComponent(keyParts.join('/')) : undefined;
    const record: FakeS3Request = {
      method,
      status: 200,
      ...(bucket ? { bucket } : {}),
      ...(key ? { key } : {}),
    };
    requests.push(record);
    if (behaviour.stall) return;
    const fail = (error: S3Error) => {
      record.error = error.code;
      record.status = error.status;
      sendError(res, method, error, rawPath);
    };
    try {
      const body = await readBytes(req);
      authenticate(req, body, keys);
      if (!bucket)
        throw new S3Error(501, 'NotImplemented', 'ListBuckets is not spoken by this fake.');
      if (!key) {
        if (method === 'PUT') {
          if (!BUCKET_NAME.test(bucket))
            throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.', {
              BucketName: bucket,
            });
          if (buckets.has(bucket))
            throw new S3Error(
              409,
              'BucketAlreadyOwnedByYou',
              'Your previous request to create the named bucket succeeded and you already own it.',
              { BucketName: bucket },
            );
          buckets.set(bucket, new Map());
          res.writeHead(200, { location: `/${bucket}`, 'content-length': 0 });
          res.end();
          return;
        }
        if (method === 'HEAD') {
          if (!buckets.has(bucket))
            throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
          res.writeHead(200, { 'x-amz-bucket-region': keys.region });
          res.end();
          return;
        }
        throw new S3Error(
          501,
          'NotImplemented',
          'A header you provided implies functionality that is not implemented.',
        );
      }
      const objects = buckets.get(bucket);
      if (!objects)
        throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', {
          BucketName: bucket,
        });
      switch (method) {
        case 'PUT': {
          if (req.headers['x-amz-copy-source'])
            throw new S3Error(501, 'NotImplemented', 'CopyObject is not spoken by this fake.');
          const declared = req.headers['content-md5'];
          const md5 = createHash('md5').update(body).digest();
          if (typeof declared === 'string' && declared !== md5.toString('base64'))
            throw new S3Error(
              400,
              'BadDigest',
              'The Content-MD5 you specified did not match what we received.',
            );
          const metadata: Record<string, string> = {};
          for (const [name, value] of Object.entries(req.headers))
            if (name.startsWith('x-amz-meta-') && typeof value === 'string')
              metadata[name.slice('x-amz-meta-'.length)] = value;
          const object: FakeS3Object = {
            body,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
            metadata,
            etag: `"${md5.toString('hex')}"`,
            lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
          };
          objects.set(key, object);
          res.writeHead(200, { etag: object.etag, 'content-length': 0 });
          res.end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          const object = objects.get(key);
          if (!object)
            throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
          res.writeHead(200, objectHeaders(object));
          res.end(method === 'GET' ? object.body : undefined);
          return;
        }
        case 'DELETE':
          // S3 answers 204 whether or not the key existed.
          objects.delete(key);
          res.writeHead(204);
          res.end();
          return;
        default:
          throw new S3Error(
            405,
            'MethodNotAllowed',
            'The specified method is not allowed against this resource.',
          );
      }
    } catch (error) {
      if (error instanceof S3Error) return fail(error);
      throw error;
    }
  };

  const server = await listen(handle, (res, error) => {
    if (!res.headersSent)
      sendError(
        res,
        'GET',
        new S3Error(
          500,
          'InternalError',
          error instanceof Error
            ? error.message
            : 'We encountered an internal error. Please try again.',
        ),
        '/',
      );
  });
  return {
    url: server.url,
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
    region: keys.region,
    buckets,
    requests,
    behaviour,
    object: (bucket, key) => buckets.get(bucket)?.get(key),
    close: server.close,
  };
}
