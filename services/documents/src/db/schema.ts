import type { KitTables } from '@pv/service-kit';
import type { Generated, Kysely } from 'kysely';

/**
 * Documents are built, returned and forgotten, except what issue 14 requires to keep: the
 * user's encrypted signing certificate and the signed PDFs the ITI validator fetches back.
 */
export interface SigningCertificatesTable {
  user_id: string;
  /** The KEK that wrapped the data key (LocalKeyWrapper or a KMS key). */
  key_id: string;
  wrapped_key: Buffer;
  nonce: Buffer;
  /** The PKCS#12 file, AES-256-GCM under the data key (tag appended). */
  ciphertext: Buffer;
  /** The certificate's public description (SigningCertificate of the contracts). */
  info: unknown;
  created_at: Generated<Date>;
}

export interface SignedDocumentsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the verification code: the code itself is only printed on the PDF. */
  code_hash: Buffer;
  document_type: string;
  /** The signed file, byte for byte as it was issued. */
  pdf: Buffer;
  created_at: Generated<Date>;
  expires_at: Date;
}

export type DocumentsDatabase = {
  signing_certificates: SigningCertificatesTable;
  signed_documents: SignedDocumentsTable;
};

/** The documents database: its tables plus the kit's outbox and processed-events tables. */
export type DocumentsKysely = Kysely<DocumentsDatabase & KitTables>;
