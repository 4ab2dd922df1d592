import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file (the cipher and the AADs are written out
// here for that reason, not taken from the envelope module, which also imports the schema).
//
// Issue 24: the certificate envelope is bound to its owner and row, and signed PDFs are sealed at
// rest. Existing rows are re-encrypted here, the only place that reads the old formats:
// - a certificate sealed under the purpose alone ('a1-certificate') gets a row id and is sealed
//   again under a new data key bound to owner and id;
// - a signed PDF kept in clear (in `pdf`, or as the object `signed-documents/{id}.pdf`) is sealed
//   under a data key of its own bound to owner and id; a bucket's object moves to `{id}.sealed`
//   (a new name, so a migration that fails half-way leaves every row pointing at what it had) and
//   the clear object is deleted once every row is done.
// Rows left to re-encrypt without SIGNING_KEK (or objects without the bucket) stop the migration
// with a message naming the setting: it cannot be skipped, since nothing reads the old formats
// afterwards. `down` is refused: going back would put health documents in clear again.

/** The KEK's two calls (the signing module's KeyWrapper has this shape). */
export interface KeyWrapper {
  readonly keyId: string;
  wrap(dataKey: Buffer): Promise<Buffer>;
  unwrap(wrapped: Buffer, keyId: string): Promise<Buffer>;
}

// AES-256-GCM as the envelope writes it (ciphertext then the 16-byte tag), written out here so
// this migration keeps reading and writing exactly these formats whatever the module becomes.
function encrypt(key: Buffer, nonce: Buffer, plaintext: Buffer, aad: string): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function decrypt(key: Buffer, nonce: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
}

/** What the migration needs of the bucket (SIGNED_DOCUMENTS_S3_*), when one is configured. */
export interface ObjectBytes {
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, bytes: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface BoundEnvelopesDeps {
  keys: KeyWrapper | undefined;
  objects: ObjectBytes | undefined;
}

const LEGACY_CERTIFICATE_AAD = 'a1-certificate';
const certificateAad = (userId: string, id: string) => `a1-certificate:v2:${userId}:${id}`;
const signedPdfAad = (userId: string, id: string) => `signed-pdf:v1:${userId}:${id}`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

async function sealWith(keys: KeyWrapper, plaintext: Buffer, aad: string) {
  const dataKey = randomBytes(32);
  const nonce = randomBytes(12);
  try {
    return {
      key_id: keys.keyId,
      wrapped_key: await keys.wrap(dataKey),
      nonce,
      ciphertext: encrypt(dataKey, nonce, plaintext, aad),
    };
  } finally {
    dataKey.fill(0);
  }
}

function need<T>(value: T | undefined, rows: number, what: string): T {
  if (value === undefined)
    throw new Error(`${rows} ${what} must be re-encrypted by this migration: configure it first`);
  return value;
}

interface CertificateRow {
  user_id: string;
  id: string;
  key_id: string;
  wrapped_key: Buffer;
  nonce: Buffer;
  ciphertext: Buffer;
}

interface DocumentRow {
  id: string;
  user_id: string;
  pdf: Buffer | null;
  object_key: string | null;
  pdf_sha256: Buffer | null;
}

/** Why this migration has no `down` (the house rule of tools/stack/test/migrations.test.ts). */
export const irreversible =
  'going back would leave certificates unbound to their owner and signed PDFs in clear again, health documents readable by whoever reads the database or the bucket';

export function boundEnvelopes(deps: BoundEnvelopesDeps) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`ALTER TABLE signing_certificates
        ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()`.execute(db);
      const certificates = (
        await sql<CertificateRow>`SELECT user_id, id::text AS id, key_id, wrapped_key, nonce,
          ciphertext FROM signing_certificates`.execute(db)
      ).rows;
      if (certificates.length > 0) {
        const keys = need(deps.keys, certificates.length, 'certificates (SIGNING_KEK)');
        for (const row of certificates) {
          const dataKey = await keys.unwrap(row.wrapped_key, row.key_id);
          let file: Buffer;
          try {
            file = decrypt(dataKey, row.nonce, row.ciphertext, LEGACY_CERTIFICATE_AAD);
          } finally {
            dataKey.fill(0);
          }
          const sealed = await sealWith(keys, file, certificateAad(row.user_id, row.id));
          file.fill(0);
          await sql`UPDATE signing_certificates SET key_id = ${sealed.key_id},
            wrapped_key = ${sealed.wrapped_key}, nonce = ${sealed.nonce},
            ciphertext = ${sealed.ciphertext} WHERE user_id = ${row.user_id}`.execute(db);
        }
      }

      await sql`ALTER TABLE signed_documents ADD COLUMN key_id text,
        ADD COLUMN wrapped_key bytea, ADD COLUMN nonce bytea`.execute(db);
      const documents = (
        await sql<DocumentRow>`SELECT id::text AS id, user_id, pdf, object_key, pdf_sha256
          FROM signed_documents`.execute(db)
      ).rows;
      const clearObjects: string[] = [];
      if (documents.length > 0) {
        const keys = need(deps.keys, documents.length, 'signed documents (SIGNING_KEK)');
        for (const row of documents) {
          const aad = signedPdfAad(row.user_id, row.id);
          if (row.pdf) {
            const sealed = await sealWith(keys, row.pdf, aad);
            await sql`UPDATE signed_documents SET pdf = ${sealed.ciphertext},
              key_id = ${sealed.key_id}, wrapped_key = ${sealed.wrapped_key},
              nonce = ${sealed.nonce} WHERE id = ${row.id}::uuid`.execute(db);
            continue;
          }
          const objects = need(
            deps.objects,
            documents.filter((d) => !d.pdf).length,
            'signed documents in a bucket (SIGNED_DOCUMENTS_S3_*)',
          );
          const clear = row.object_key ? await objects.get(row.object_key) : undefined;
          if (!clear || !row.pdf_sha256 || !sha256(clear).equals(row.pdf_sha256))
            throw new Error(`signed document ${row.id}: its object is missing or changed`);
          const sealed = await sealWith(keys, clear, aad);
          const key = `signed-documents/${row.id}.sealed`;
          await objects.put(key, sealed.ciphertext);
          await sql`UPDATE signed_documents SET object_key = ${key},
            pdf_sha256 = ${sha256(sealed.ciphertext)}, pdf_size = ${sealed.ciphertext.length},
            key_id = ${sealed.key_id}, wrapped_key = ${sealed.wrapped_key},
            nonce = ${sealed.nonce} WHERE id = ${row.id}::uuid`.execute(db);
          clearObjects.push(row.object_key as string);
        }
      }
      // From here on no row can be written unsealed.
      await sql`ALTER TABLE signed_documents ALTER COLUMN key_id SET NOT NULL,
        ALTER COLUMN wrapped_key SET NOT NULL, ALTER COLUMN nonce SET NOT NULL`.execute(db);
      for (const key of clearObjects) await deps.objects?.delete(key);
    },
  };
}
