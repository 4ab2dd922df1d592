import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SigningMessages } from '@pv/contracts';
import { type FakeS3, startFakeS3 } from '@pv/provider-fakes/s3';
import { createDb, databaseUrl, migrateToLatest } from '@pv/service-kit/runtime';
import { createTestDatabase, testInfra } from '@pv/service-kit/testing';
import { createTestPki, type TestPki } from '@pv/signing/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { irreversible as boundEnvelopesIrreversible } from '../src/db/migrations/2026_11_28_1600_bound_envelopes.js';
import { documentsMigrations } from '../src/db/migrations/index.js';
import type { DocumentsKysely } from '../src/db/schema.js';
import {
  certificateAad,
  encrypt,
  LocalKeyWrapper,
  open,
  signedPdfAad,
} from '../src/signing/envelope.js';
import { bucketObjects, createS3Client } from '../src/signing/s3-signed-documents.store.js';
import { type Client, type DocumentsUnderTest, PROFILE, startDocuments } from './harness.js';

// Issue 24 item 5: what the signing feature keeps at rest is bound to its owner and row. Two
// users' certificates and signed PDFs have their ciphertexts swapped in Postgres (as whoever can
// write the table could): each is refused, never served as the other's. The migration that
// re-encrypts rows kept in the older formats is run on a database of its own.

const KEK = randomBytes(32).toString('hex');
let pki: TestPki;
let svc: DocumentsUnderTest;
const db = () => svc.db as unknown as DocumentsKysely;

beforeAll(async () => {
  pki = createTestPki();
  svc = await startDocuments(
    { SIGNING_KEK: KEK, VERIFY_MAX_PER_MINUTE: '1000' },
    { signingExtraTrustRoots: [pki.rootPem] },
  );
});
afterAll(async () => {
  await svc?.close();
});

const PRESCRIPTION = {
  patientData: {
    name: 'Ana Souza',
    birthDate: '',
    cpf: '',
    rg: '',
    address: 'Rua A, 1',
    phone: '',
  },
  prescriptionDate: '28/11/2026',
  medications: [
    {
      medication: 'Losartana 50 mg',
      dosage: '1 comprimido',
      instructions: 'Tomar 1 comprimido uma vez ao dia.',
      isControlled: false,
    },
  ],
  generalInstructions: '',
  returnDate: '',
  prescribingPhysician: { name: PROFILE.name, crm: PROFILE.registry, date: '28/11/2026' },
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

const sign = (client: Client) =>
  svc.file(client, '/api/prescriptions/ambulatory/pdf', {
    prescription: PRESCRIPTION,
    profile: PROFILE,
    signature: { password: pki.password },
  });

const file = (id: string, code: string) =>
  fetch(`${svc.url}/api/documents/${id}/file?_secretCode=${code}`);

const CERTIFICATE_COLUMNS = ['key_id', 'wrapped_key', 'nonce', 'ciphertext'] as const;
const DOCUMENT_COLUMNS = ['key_id', 'wrapped_key', 'nonce', 'pdf'] as const;

describe('ciphertexts swapped between two users are refused', () => {
  let alice: Client & { userId?: string };
  let bruno: Client & { userId?: string };

  beforeAll(async () => {
    alice = await premiumWithCertificate();
    bruno = await premiumWithCertificate();
  });

  it("a certificate copied into another user's row does not sign: 422 asking for the file again", async () => {
    const rows = await db()
      .selectFrom('signing_certificates')
      .select(['user_id', ...CERTIFICATE_COLUMNS])
      .where('user_id', 'in', [alice.userId!, bruno.userId!])
      .execute();
    const of = (userId: string) => rows.find((row) => row.user_id === userId)!;
    // Alice's whole envelope (wrapped key included) into Bruno's row, and the other way round.
    for (const [to, from] of [
      [alice.userId!, of(bruno.userId!)],
      [bruno.userId!, of(alice.userId!)],
    ] as const)
      await db()
        .updateTable('signing_certificates')
        .set({
          key_id: from.key_id,
          wrapped_key: from.wrapped_key,
          nonce: from.nonce,
          ciphertext: from.ciphertext,
        })
        .where('user_id', '=', to)
        .execute();
    for (const client of [alice, bruno]) {
      const refused = await sign(client);
      expect(refused.status).toBe(422);
      const body = JSON.parse(refused.bytes.toString('utf8')) as Record<string, unknown>;
      expect(body).toMatchObject({
        code: 'CERTIFICATE_UNREADABLE',
        message:
          'Não foi possível abrir o certificado digital guardado. Envie o arquivo do certificado A1 novamente em Minha Área.',
      });
    }
    // Swapped back, each signs again: the refusal was the binding, not a broken row.
    for (const row of rows)
      await db()
        .updateTable('signing_certificates')
        .set({
          key_id: row.key_id,
          wrapped_key: row.wrapped_key,
          nonce: row.nonce,
          ciphertext: row.ciphertext,
        })
        .where('user_id', '=', row.user_id)
        .execute();
    expect((await sign(alice)).status).toBe(200);
  });

  it("a signed PDF copied into another user's row is never served: 500, not the other's PDF", async () => {
    const signedA = await sign(alice);
    const signedB = await sign(bruno);
    expect([signedA.status, signedB.status]).toEqual([200, 200]);
    const a = {
      id: signedA.headers.get('x-document-id')!,
      code: signedA.headers.get('x-verification-code')!,
    };
    const b = {
      id: signedB.headers.get('x-document-id')!,
      code: signedB.headers.get('x-verification-code')!,
    };
    const rows = await db()
      .selectFrom('signed_documents')
      .select(['id', ...DOCUMENT_COLUMNS])
      .where('id', 'in', [a.id, b.id])
      .execute();
    // At rest the PDF is sealed: 16 bytes of tag more, nothing of the PDF readable.
    const rowA = rows.find((row) => row.id === a.id)!;
    expect(rowA.pdf?.length).toBe(signedA.bytes.length + 16);
    expect(rowA.pdf?.includes(Buffer.from('%PDF'))).toBe(false);
    expect(rowA.pdf?.includes(signedA.bytes.subarray(3000, 3032))).toBe(false);

    const swap = async (into: string, from: (typeof rows)[number]) =>
      db()
        .updateTable('signed_documents')
        .set({
          key_id: from.key_id,
          wrapped_key: from.wrapped_key,
          nonce: from.nonce,
          pdf: from.pdf,
        })
        .where('id', '=', into)
        .execute();
    await swap(a.id, rows.find((row) => row.id === b.id)!);
    await swap(b.id, rowA);
    for (const document of [a, b]) {
      const refused = await file(document.id, document.code);
      expect(refused.status).toBe(500);
      const text = Buffer.from(await refused.arrayBuffer());
      expect(text.includes(Buffer.from('%PDF'))).toBe(false);
      expect(JSON.parse(text.toString('utf8'))).toMatchObject({
        code: 'SIGNED_DOCUMENT_UNREADABLE',
        message: SigningMessages.documentUnreadable,
      });
    }
    for (const row of rows) await swap(row.id, row);
    const served = await file(a.id, a.code);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(signedA.bytes)).toBe(true);
  });
});

describe('the migration re-encrypts rows kept in the older formats', () => {
  let fake: FakeS3;
  let scratch: { name: string; drop: () => Promise<void> };
  let migrationsDb: Kysely<unknown>;
  const BUCKET = 'pv-migration';
  const keys = new LocalKeyWrapper(KEK);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

  beforeAll(async () => {
    fake = await startFakeS3({ buckets: [BUCKET], region: 'sa-east-1' });
    scratch = await createTestDatabase('documents_bound');
    migrationsDb = createDb(databaseUrl(testInfra.postgresUrl, scratch.name));
  });
  afterAll(async () => {
    await migrationsDb?.destroy();
    await scratch?.drop();
    await fake?.close();
  });

  it('certificates bound to owner and id, PDFs sealed in Postgres and in the bucket; no way back', async () => {
    const client = await createS3Client({
      endpoint: fake.url,
      bucket: BUCKET,
      region: fake.region,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      forcePathStyle: true,
      timeoutMs: 5_000,
    });
    const objects = bucketObjects(client, BUCKET);
    try {
      const all = documentsMigrations({ keys, objects });
      const before = Object.fromEntries(
        Object.entries(all).filter(([name]) => name < '2026_11_28_1600'),
      );
      await migrateToLatest(migrationsDb, before);

      // A certificate as issue 14 sealed it: the purpose alone in the AAD.
      const p12 = randomBytes(900);
      const dataKey = randomBytes(32);
      const nonce = randomBytes(12);
      await sql`INSERT INTO signing_certificates (user_id, key_id, wrapped_key, nonce, ciphertext, info)
        VALUES ('user-old', ${keys.keyId}, ${await keys.wrap(dataKey)}, ${nonce},
          ${encrypt(dataKey, p12, { nonce, aad: 'a1-certificate' })}, '{}'::jsonb)`.execute(
        migrationsDb,
      );
      // Two signed PDFs in clear: one in Postgres, one in the bucket.
      const inRow = Buffer.from('%PDF-1.7 kept in Postgres, in clear');
      const inBucket = Buffer.from('%PDF-1.7 kept in the bucket, in clear');
      const [rowId, objectId] = [randomUUID(), randomUUID()];
      await objects.put(`signed-documents/${objectId}.pdf`, inBucket);
      await sql`INSERT INTO signed_documents (id, user_id, code_hash, document_type, pdf, expires_at)
        VALUES (${rowId}::uuid, 'user-old', ${sha256(Buffer.from('A'))}, 't', ${inRow},
          now() + interval '1 day')`.execute(migrationsDb);
      await sql`INSERT INTO signed_documents (id, user_id, code_hash, document_type, object_key,
          pdf_sha256, pdf_size, expires_at)
        VALUES (${objectId}::uuid, 'user-old', ${sha256(Buffer.from('B'))}, 't',
          ${`signed-documents/${objectId}.pdf`}, ${sha256(inBucket)}, ${inBucket.length},
          now() + interval '1 day')`.execute(migrationsDb);

      // Without the KEK the migration stops, naming the setting, and changes nothing.
      await expect(
        migrateToLatest(migrationsDb, documentsMigrations({ keys: undefined, objects })),
      ).rejects.toThrow(/SIGNING_KEK/);
      await migrateToLatest(migrationsDb, all);

      const certificate = (
        await sql<{
          id: string;
          key_id: string;
          wrapped_key: Buffer;
          nonce: Buffer;
          ciphertext: Buffer;
        }>`SELECT id::text AS id, key_id, wrapped_key, nonce, ciphertext
          FROM signing_certificates WHERE user_id = 'user-old'`.execute(migrationsDb)
      ).rows[0]!;
      const opened = await open(
        keys,
        {
          keyId: certificate.key_id,
          wrappedKey: certificate.wrapped_key,
          nonce: certificate.nonce,
          ciphertext: certificate.ciphertext,
        },
        certificateAad('user-old', certificate.id),
      );
      expect(opened.plaintext.equals(p12)).toBe(true);
      await expect(
        open(
          keys,
          {
            keyId: certificate.key_id,
            wrappedKey: certificate.wrapped_key,
            nonce: certificate.nonce,
            ciphertext: certificate.ciphertext,
          },
          'a1-certificate',
        ),
      ).rejects.toThrow();

      const documents = (
        await sql<{
          id: string;
          pdf: Buffer | null;
          object_key: string | null;
          pdf_sha256: Buffer | null;
          key_id: string;
          wrapped_key: Buffer;
          nonce: Buffer;
        }>`SELECT id::text AS id, pdf, object_key, pdf_sha256, key_id, wrapped_key, nonce
          FROM signed_documents`.execute(migrationsDb)
      ).rows;
      const openDocument = async (id: string, ciphertext: Buffer) => {
        const row = documents.find((d) => d.id === id)!;
        const { plaintext } = await open(
          keys,
          { keyId: row.key_id, wrappedKey: row.wrapped_key, nonce: row.nonce, ciphertext },
          signedPdfAad('user-old', id),
        );
        return plaintext;
      };
      const kept = documents.find((d) => d.id === rowId)!;
      expect(kept.pdf?.includes(Buffer.from('%PDF'))).toBe(false);
      expect((await openDocument(rowId, kept.pdf!)).equals(inRow)).toBe(true);
      const moved = documents.find((d) => d.id === objectId)!;
      expect(moved.object_key).toBe(`signed-documents/${objectId}.sealed`);
      const sealedObject = fake.object(BUCKET, `signed-documents/${objectId}.sealed`)!.body;
      expect(moved.pdf_sha256?.equals(sha256(sealedObject))).toBe(true);
      expect((await openDocument(objectId, sealedObject)).equals(inBucket)).toBe(true);
      // The clear object is gone; no row can be written unsealed any more.
      expect(fake.object(BUCKET, `signed-documents/${objectId}.pdf`)).toBeUndefined();
      await expect(
        sql`INSERT INTO signed_documents (id, user_id, code_hash, document_type, pdf, expires_at)
          VALUES (${randomUUID()}::uuid, 'u', ${sha256(Buffer.from('C'))}, 't', ${inRow},
          now())`.execute(migrationsDb),
      ).rejects.toThrow(/null value/);
      // No way back (the house rule's `irreversible`, never a `down`): going back would unseal.
      expect(all['2026_11_28_1600_bound_envelopes']!.down).toBeUndefined();
      expect(boundEnvelopesIrreversible).toMatch(/signed PDFs in clear/);
    } finally {
      client.destroy();
    }
  });
});
