import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, type FakeS3State, startFakeS3 } from '../src/index.js';

/** The fake spoken to by the official AWS SDK, and by hand where the SDK would not misbehave. */
describe('fake S3 server', () => {
  let s3: FakeS3;
  let client: S3Client;
  const clientWith = (secretAccessKey: string, accessKeyId = s3.accessKeyId, region = s3.region) =>
    new S3Client({
      endpoint: s3.url,
      region,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 1,
    });
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(S3ServiceException);
    return error as S3ServiceException;
  };

  beforeAll(async () => {
    s3 = await startFakeS3({ buckets: ['documentos'] });
    client = clientWith(s3.secretAccessKey);
  });
  afterAll(async () => {
    client.destroy();
    await s3.close();
  });

  it('stores, reads, heads and deletes an object, byte for byte, with its metadata', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0d, 0x0a, 0x80, 0xe2]);
    const put = await client.send(
      new PutObjectCommand({
        Bucket: 'documentos',
        Key: 'assinados/a b+ç.pdf',
        Body: bytes,
        ContentType: 'application/pdf',
        Metadata: { 'expires-at': '2046-11-26T00:00:00.000Z' },
      }),
    );
    expect(put.ETag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);
    expect(s3.object('documentos', 'assinados/a b+ç.pdf')?.body.equals(bytes)).toBe(true);

    const got = await client.send(
      new GetObjectCommand({ Bucket: 'documentos', Key: 'assinados/a b+ç.pdf' }),
    );
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    expect(got.ContentType).toBe('application/pdf');
    expect(got.ContentLength).toBe(bytes.byteLength);
    expect(got.Metadata).toEqual({ 'expires-at': '2046-11-26T00:00:00.000Z' });

    const head = await client.send(
      new HeadObjectCommand({ Bucket: 'documentos', Key: 'assinados/a b+ç.pdf' }),
    );
    expect(head.ContentLength).toBe(bytes.byteLength);

    await client.send(
      new DeleteObjectCommand({ Bucket: 'documentos', Key: 'assinados/a b+ç.pdf' }),
    );
    expect(s3.object('documentos', 'assinados/a b+ç.pdf')).toBeUndefined();
    const missing = await failure(
      client.send(new GetObjectCommand({ Bucket: 'documentos', Key: 'assinados/a b+ç.pdf' })),
    );
    expect(missing.name).toBe('NoSuchKey');
    expect(missing.$metadata.httpStatusCode).toBe(404);
    const headMissing = await failure(
      client.send(new HeadObjectCommand({ Bucket: 'documentos', Key: 'nada.pdf' })),
    );
    expect(headMissing.$metadata.httpStatusCode).toBe(404);
    // Deleting what is not there is no error in S3.
    await client.send(new DeleteObjectCommand({ Bucket: 'documentos', Key: 'nada.pdf' }));
  });

  it('refuses a signature made with another secret, an unknown key id or another region', async () => {
    const wrongSecret = clientWith('not-the-secret');
    const refused = await failure(
      wrongSecret.send(new PutObjectCommand({ Bucket: 'documentos', Key: 'x', Body: 'x' })),
    );
    expect(refused.name).toBe('SignatureDoesNotMatch');
    expect(refused.$metadata.httpStatusCode).toBe(403);
    expect(s3.object('documentos', 'x')).toBeUndefined();
    wrongSecret.destroy();

    const unknownKey = clientWith(s3.secretAccessKey, 'AKIAUNKNOWN');
    expect(
      (await failure(unknownKey.send(new GetObjectCommand({ Bucket: 'documentos', Key: 'x' }))))
        .name,
    ).toBe('InvalidAccessKeyId');
    unknownKey.destroy();

    const otherRegion = clientWith(s3.secretAccessKey, s3.accessKeyId, 'sa-east-1');
    expect(
      (await failure(otherRegion.send(new GetObjectCommand({ Bucket: 'documentos', Key: 'x' }))))
        .name,
    ).toBe('AuthorizationHeaderMalformed');
    otherRegion.destroy();
  });

  it('answers S3 XML errors: unsigned request, unknown bucket, tampered body', async () => {
    const unsigned = await fetch(`${s3.url}/documentos/x`);
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('content-type')).toBe('application/xml');
    const xml = await unsigned.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code>/,
    );
    expect(xml).toContain('<RequestId>');

    const noBucket = await failure(
      client.send(new GetObjectCommand({ Bucket: 'outro-bucket', Key: 'x' })),
    );
    expect(noBucket.name).toBe('NoSuchBucket');

    // A request signed for one body and sent with another: the payload hash no longer matches.
    let signedHeaders: Record<string, string> = {};
    const capture = clientWith(s3.secretAccessKey);
    capture.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { headers: Record<string, string> };
        signedHeaders = { ...request.headers };
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    await capture.send(new PutObjectCommand({ Bucket: 'documentos', Key: 'y', Body: 'original' }));
    capture.destroy();
    const { host: _host, 'content-length': _length, ...replay } = signedHeaders;
    const tampered = await fetch(`${s3.url}/documentos/y`, {
      method: 'PUT',
      headers: replay,
      body: 'mudado!!',
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(s3.object('documentos', 'y')?.body.toString()).toBe('original');
  });

  it('tells a suite in another process what it holds (GET /_fake/state, no signature)', async () => {
    const state = (await (await fetch(`${s3.url}/_fake/state`)).json()) as FakeS3State;
    expect(state.buckets.documentos?.y).toEqual({
      size: 8,
      sha256: createHash('sha256').update('original').digest('hex'),
      contentType: expect.any(String),
    });
    expect(state.refused).toBeGreaterThan(0);
  });

  it('refuses a request signed too long ago (replay)', async () => {
    const skewed = new S3Client({
      endpoint: s3.url,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // The SDK's own clock an hour behind; one attempt, so it cannot correct itself and retry.
      systemClockOffset: -60 * 60_000,
      maxAttempts: 1,
    });
    const error = await failure(
      skewed.send(new GetObjectCommand({ Bucket: 'documentos', Key: 'y' })),
    );
    expect(error.name).toBe('RequestTimeTooSkewed');
    skewed.destroy();
  });
});
