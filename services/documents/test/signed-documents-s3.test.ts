import { createHash, randomBytes } from 'node:crypto';
import { type EventEnvelope, SigningMessages, type StorageChangedPayload } from '@pv/contracts';
import { type FakeS3, startFakeS3 } from '@pv/provider-fakes/s3';
import { connectNats } from '@pv/service-kit/events';
import { createTestPki, type TestPki } from '@pv/signing/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocumentsConfig, s3StoreSettingsFrom } from '../src/config.js';
import type { DocumentsKysely } from '../src/db/schema.js';
import {
  createS3Client,
  S3SignedDocumentStore,
  SIGNED_OBJECT_PREFIX,
} from '../src/signing/s3-signed-documents.store.js';
import { SignedDocumentsRepository } from '../src/signing/signed-documents.repository.js';
import {
  type Client,
  collectEvents,
  type DocumentsUnderTest,
  PROFILE,
  startDocuments,
} from './harness.js';

// Issue 14: signed PDFs in an S3-compatible bucket (SIGNED_DOCUMENTS_S3_*), here a local fake of
// S3 that checks every request's SigV4 signature, with the real service, pdf-worker, Postgres
// and Redis. The metadata (code hash, expiry) stays in Postgres.

const KEK = randomBytes(32).toString('hex');
const PUBLIC_URL = 'https://prontuario.example.com';
const ITI_FORMAT = encodeURIComponent('application/validador-iti+json');
const BUCKET = 'pv-signed-documents';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

let pki: TestPki;
let s3: FakeS3;
let svc: DocumentsUnderTest;
const db = () => svc.db as unknown as DocumentsKysely;
const silent = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  pki = createTestPki();
  s3 = await startFakeS3({ buckets: [BUCKET], region: 'sa-east-1' });
  svc = await startDocuments(
    {
      SIGNING_KEK: KEK,
      PUBLIC_URL,
      VERIFY_MAX_PER_MINUTE: '1000',
      SIGNED_DOCUMENTS_S3_ENDPOINT: s3.url,
      SIGNED_DOCUMENTS_S3_BUCKET: BUCKET,
      SIGNED_DOCUMENTS_S3_REGION: s3.region,
      SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID: s3.accessKeyId,
      SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      SIGNED_DOCUMENTS_S3_FORCE_PATH_STYLE: 'true',
    },
    { signingExtraTrustRoots: [pki.rootPem] },
  );
});
afterAll(async () => {
  await svc?.close();
  await s3?.close();
});

const PRESCRIPTION = {
  patientData: {
    name: 'João Guimarães',
    birthDate: '10/03/1980',
    cpf: '',
    rg: '',
    address: 'Av. Paulista, 1000',
    phone: '',
  },
  prescriptionDate: '26/11/2026',
  medications: [
    {
      medication: 'Losartana 50 mg',
      dosage: '1 comprimido',
      instructions: 'Tomar 1 comprimido uma vez ao dia.',
      isControlled: false,
    },
  ],
  generalInstructions: 'Reduzir o sal.',
  returnDate: '26/12/2026',
  prescribingPhysician: { name: PROFILE.name, crm: PROFILE.registry, date: '26/11/2026' },
  hasControlledMedications: false,
};

async function premiumWithCertificate(): Promise<Client & { userId?: string }> {
  const premium = await svc.as('premium');
  const form = new FormData();
  form.append('password', pki.password);
  form.append('certificate', new Blob([new Uint8Array(pki.valid.p12)]), 'certificado.pfx');
  const response = await fetch(`${svc.url}/api/signing-certificate`, {
    method: 'PUT',
    headers: { cookie: premium.cookie ?? '' },
    body: form,
  });
  expect(response.status).toBe(200);
  return premium;
}

async function signOne(premium: Client) {
  const res = await svc.file(premium, '/api/prescriptions/ambulatory/pdf', {
    prescription: PRESCRIPTION,
    profile: PROFILE,
    signature: { password: pki.password },
  });
  expect(res.status).toBe(200);
  return {
    pdf: res.bytes,
    id: res.headers.get('x-document-id') ?? '',
    code: res.headers.get('x-verification-code') ?? '',
  };
}

const verify = (id: string, code: string) =>
  fetch(`${svc.url}/api/documents/${id}/verify?_format=${ITI_FORMAT}&_secretCode=${code}`);
const file = (id: string, code: string) =>
  fetch(`${svc.url}/api/documents/${id}/file?_secretCode=${code}`);

describe('signed documents in an S3-compatible bucket', () => {
  let premium: Client & { userId?: string };
  let first: Awaited<ReturnType<typeof signOne>>;

  beforeAll(async () => {
    premium = await premiumWithCertificate();
    first = await signOne(premium);
  });

  it('stores the signed PDF sealed as an object; Postgres keeps the metadata and the wrapped key', async () => {
    const object = s3.object(BUCKET, `${SIGNED_OBJECT_PREFIX}${first.id}.sealed`);
    // Issue 24: the object is the PDF under its own data key (AES-GCM: 16 bytes of tag more),
    // nothing of the PDF readable in it.
    expect(object?.body.length).toBe(first.pdf.length + 16);
    expect(object?.body.includes(Buffer.from('%PDF'))).toBe(false);
    expect(object?.body.includes(first.pdf.subarray(2000, 2032))).toBe(false);
    expect(object?.contentType).toBe('application/octet-stream');
    const expiresAt = new Date(object?.metadata['expires-at'] ?? '');
    const years = (expiresAt.getTime() - Date.now()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(19.99);
    // The code is printed on the PDF only: nowhere in the object's metadata.
    expect(JSON.stringify(object?.metadata)).not.toContain(first.code);

    const row = await db()
      .selectFrom('signed_documents')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.pdf).toBeNull();
    expect(row.object_key).toBe(`${SIGNED_OBJECT_PREFIX}${first.id}.sealed`);
    expect(row.pdf_sha256?.equals(sha256(object?.body ?? Buffer.alloc(0)))).toBe(true);
    expect(row.wrapped_key.length).toBeGreaterThan(32);
    expect(row.key_id).toMatch(/^local:/);
    expect(row.code_hash.equals(sha256(Buffer.from(first.code)))).toBe(true);
    expect(row.expires_at.getTime()).toBe(expiresAt.getTime());
    // Every request the fake took was signed with the configured key (it refuses others).
    expect(s3.requests.filter((r) => r.error)).toEqual([]);
  });

  it("a PDF in the bucket still counts as the user's storage (issue 17)", async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-s3-storage');
    const events = await collectEvents(nc, `test-s3-storage-${randomBytes(4).toString('hex')}`, [
      'usage.storage.changed.v1',
    ]);
    try {
      const counted = await events.waitFor((e: EventEnvelope) => {
        const p = e.payload as StorageChangedPayload;
        return p.userId === premium.userId && p.source === 'signed-documents';
      });
      expect((counted?.payload as StorageChangedPayload | undefined)?.bytes).toBe(
        first.pdf.length + 16,
      );
      const row = await db()
        .selectFrom('signed_documents')
        .select('pdf_size')
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      expect(row.pdf_size).toBe(first.pdf.length + 16);
    } finally {
      await events.stop();
      await nc.close();
    }
  });

  it('verify answers the ITI JSON; its URL serves the same bytes from the bucket', async () => {
    const answer = await verify(first.id, first.code);
    expect(answer.status).toBe(200);
    const url = `${PUBLIC_URL}/api/documents/${first.id}/file?_secretCode=${first.code}`;
    expect(await answer.json()).toEqual({
      version: '1.0.0',
      prescription: { signatureFiles: [{ url }] },
    });
    const reads = s3.requests.filter((r) => r.method === 'GET').length;
    const served = await file(first.id, first.code);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(first.pdf)).toBe(true);
    expect(s3.requests.filter((r) => r.method === 'GET').length).toBe(reads + 1);

    expect((await verify(first.id, 'ERRADO123')).status).toBe(401);
    expect((await file(first.id, 'ERRADO123')).status).toBe(401);
    expect((await verify('7d1f0c2e-0000-4000-8000-000000000001', first.code)).status).toBe(404);
  });

  it('a changed object is never served: 503 with the pt-BR message', async () => {
    const second = await signOne(premium);
    const object = s3.object(BUCKET, `${SIGNED_OBJECT_PREFIX}${second.id}.sealed`)!;
    const original = object.body;
    const changed = Buffer.from(original);
    changed[300] = (changed[300] ?? 0) ^ 0x01;
    object.body = changed;
    const refused = await file(second.id, second.code);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toBe(
      SigningMessages.storeUnavailable,
    );
    object.body = original;
    expect((await file(second.id, second.code)).status).toBe(200);
  });

  it("issue 24: objects swapped between two users' documents are refused, not served", async () => {
    const other = await premiumWithCertificate();
    const mine = await signOne(premium);
    const theirs = await signOne(other);
    const objectOf = (id: string) => s3.object(BUCKET, `${SIGNED_OBJECT_PREFIX}${id}.sealed`)!;
    const [a, b] = [objectOf(mine.id), objectOf(theirs.id)];
    const [bodyA, bodyB] = [a.body, b.body];
    // The objects and their rows' wrapped keys and hashes, each into the other's place.
    const rows = await db()
      .selectFrom('signed_documents')
      .select(['id', 'key_id', 'wrapped_key', 'nonce', 'pdf_sha256'])
      .where('id', 'in', [mine.id, theirs.id])
      .execute();
    const put = (id: string, from: (typeof rows)[number]) =>
      db()
        .updateTable('signed_documents')
        .set({
          key_id: from.key_id,
          wrapped_key: from.wrapped_key,
          nonce: from.nonce,
          pdf_sha256: from.pdf_sha256,
        })
        .where('id', '=', id)
        .execute();
    const rowOf = (id: string) => rows.find((row) => row.id === id)!;
    a.body = bodyB;
    b.body = bodyA;
    await put(mine.id, rowOf(theirs.id));
    await put(theirs.id, rowOf(mine.id));
    try {
      for (const document of [mine, theirs]) {
        const refused = await file(document.id, document.code);
        expect(refused.status).toBe(500);
        expect(await refused.json()).toMatchObject({
          code: 'SIGNED_DOCUMENT_UNREADABLE',
          message: SigningMessages.documentUnreadable,
        });
      }
    } finally {
      a.body = bodyA;
      b.body = bodyB;
      for (const row of rows) await put(row.id, row);
    }
    const served = await file(mine.id, mine.code);
    expect(Buffer.from(await served.arrayBuffer()).equals(mine.pdf)).toBe(true);
  });

  it('past its expiry a document answers 404 at once, and the next signing deletes the object', async () => {
    const expiring = await signOne(premium);
    const key = `${SIGNED_OBJECT_PREFIX}${expiring.id}.sealed`;
    expect((await verify(expiring.id, expiring.code)).status).toBe(200);
    await db()
      .updateTable('signed_documents')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', expiring.id)
      .execute();
    // Still in the bucket, but Postgres says it expired.
    expect(s3.object(BUCKET, key)).toBeDefined();
    const gone = await verify(expiring.id, expiring.code);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe(
      SigningMessages.unknownDocument,
    );
    expect((await file(expiring.id, expiring.code)).status).toBe(404);

    // Each signing purges a few expired documents: the object first, then the row.
    await signOne(premium);
    expect(s3.object(BUCKET, key)).toBeUndefined();
    expect(s3.requests.some((r) => r.method === 'DELETE' && r.key === key && !r.error)).toBe(true);
    const rows = await db()
      .selectFrom('signed_documents')
      .select('id')
      .where('id', '=', expiring.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('SIGNED_DOCUMENTS_S3_* configuration', () => {
  it('is off by default (Postgres) and on with a bucket; the key pair goes together', () => {
    const required = { SESSION_PUBLIC_KEY: svc.config.SESSION_PUBLIC_KEY };
    expect(s3StoreSettingsFrom(loadDocumentsConfig(required))).toBeUndefined();
    expect(
      s3StoreSettingsFrom(
        loadDocumentsConfig({
          ...required,
          SIGNED_DOCUMENTS_S3_BUCKET: 'meu-bucket',
          SIGNED_DOCUMENTS_S3_FORCE_PATH_STYLE: 'true',
        }),
      ),
    ).toEqual({
      bucket: 'meu-bucket',
      region: 'us-east-1',
      forcePathStyle: true,
      timeoutMs: 10_000,
    });
    // The pdf-worker loads the same schema without the secret (it never touches the bucket).
    const workerView = loadDocumentsConfig({
      ...required,
      SIGNED_DOCUMENTS_S3_BUCKET: 'meu-bucket',
      SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID: 'AKIAEXEMPLO',
    });
    expect(() => s3StoreSettingsFrom(workerView)).toThrow(
      /SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID and SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY/,
    );
    expect(() =>
      loadDocumentsConfig({ ...required, SIGNED_DOCUMENTS_S3_BUCKET: 'Bucket_Invalido' }),
    ).toThrow(/SIGNED_DOCUMENTS_S3_BUCKET is malformed/);
  });
});

describe('the S3 store itself', () => {
  // The stores keep bytes as given (the service seals them before): any bytes do here.
  const row = (pdf: Buffer) => ({
    id: crypto.randomUUID(),
    userId: 'user-s3-store',
    codeHash: sha256(Buffer.from('CODIGO')),
    documentType: '2.16.76.1.12.1.1',
    pdf,
    sealing: { keyId: 'local:test', wrappedKey: randomBytes(60), nonce: randomBytes(12) },
    expiresAt: new Date(Date.now() + 86_400_000),
  });

  /** A client of the fake bucket, as the service builds one; `secretAccessKey` may be a wrong one. */
  const fakeBucketClient = (options: { timeoutMs?: number; secretAccessKey?: string } = {}) =>
    createS3Client({
      endpoint: s3.url,
      bucket: BUCKET,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: options.secretAccessKey ?? s3.secretAccessKey,
      forcePathStyle: true,
      timeoutMs: options.timeoutMs ?? 5_000,
    });

  it('serves documents kept in Postgres before the bucket was configured', async () => {
    const client = await fakeBucketClient();
    const store = new S3SignedDocumentStore(db(), client, BUCKET, silent);
    const earlier = row(Buffer.from('%PDF-1.7 kept in Postgres'));
    await new SignedDocumentsRepository(db()).save(earlier);
    expect((await store.find(earlier.id))?.pdf.equals(earlier.pdf)).toBe(true);
    // ...and the Postgres store does not pretend to serve what is in the bucket.
    const inBucket = row(Buffer.from('%PDF-1.7 in the bucket'));
    await store.save(inBucket);
    expect(await new SignedDocumentsRepository(db()).find(inBucket.id)).toBeUndefined();
    expect((await store.find(inBucket.id))?.pdf.equals(inBucket.pdf)).toBe(true);
    client.destroy();
  });

  it('a bucket that stops answering: 503 once the attempts time out, not a wait for ever', async () => {
    const client = await fakeBucketClient({ timeoutMs: 500 });
    const store = new S3SignedDocumentStore(db(), client, BUCKET, silent);
    const stalled = row(Buffer.from('%PDF-1.7 never answered'));
    s3.behaviour.stall = true;
    try {
      // Each attempt is cut at timeoutMs (the SDK used to only warn and wait on).
      await expect(store.save(stalled)).rejects.toMatchObject({
        statusCode: 503,
        message: SigningMessages.storeUnavailable,
      });
    } finally {
      s3.behaviour.stall = false;
      client.destroy();
    }
    expect(s3.object(BUCKET, `${SIGNED_OBJECT_PREFIX}${stalled.id}.sealed`)).toBeUndefined();
    const rows = await db()
      .selectFrom('signed_documents')
      .select('id')
      .where('id', '=', stalled.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a bucket that refuses the signature (wrong secret): 503, and nothing is recorded', async () => {
    const client = await fakeBucketClient({ secretAccessKey: 'not-the-secret' });
    const store = new S3SignedDocumentStore(db(), client, BUCKET, silent);
    const refused = row(Buffer.from('%PDF-1.7 refused'));
    await expect(store.save(refused)).rejects.toMatchObject({
      statusCode: 503,
      message: SigningMessages.storeUnavailable,
    });
    expect(s3.requests.at(-1)?.error).toBe('SignatureDoesNotMatch');
    expect(s3.object(BUCKET, `${SIGNED_OBJECT_PREFIX}${refused.id}.sealed`)).toBeUndefined();
    const rows = await db()
      .selectFrom('signed_documents')
      .select('id')
      .where('id', '=', refused.id)
      .execute();
    expect(rows).toEqual([]);
    client.destroy();
  });
});
