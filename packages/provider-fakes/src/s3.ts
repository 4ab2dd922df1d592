import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBytes, sendJson } from './http.js';
import { S3Error, sendError } from './s3/errors.js';
import { authenticate } from './s3/sigv4.js';

export { sigV4Encode, sigV4SigningKey } from './s3/sigv4.js';

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

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

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
      sendError(res, error, { method, resource: rawPath });
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
        new S3Error(
          500,
          'InternalError',
          error instanceof Error
            ? error.message
            : 'We encountered an internal error. Please try again.',
        ),
        { method: 'GET', resource: '/' },
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
