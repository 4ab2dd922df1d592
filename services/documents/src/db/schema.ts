import type { KitTables } from '@pv/service-kit/events';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

/**
 * The professionals as auth.user.changed.v1 describes them: the identity printed in every
 * document's header (auth owns it; this is a projection). An erased row keeps only its id.
 */
export interface ProfessionalsTable {
  user_id: string;
  full_name: string | null;
  council: string | null;
  registry_number: string | null;
  registry_uf: string | null;
  rqe: string | null;
  clinic_phone: string | null;
  clinic_address: string | null;
  /** Issue 23: auth's verification of registry + CPF; only 'verificado' prints without the notice. */
  verification_state: string;
  /** The CPF auth verified (null unless verificado): a signing certificate must carry it. */
  verified_cpf: string | null;
  changed_at: Date;
  erased_at: Date | null;
}

/**
 * The admin's AI templates as ai.template.changed.v1 describes them (formatting owns them); the
 * active `document_template` of a type shapes that type's generated document. A deleted one
 * stays as a tombstone (deleted_at) so a late, older event cannot bring it back.
 */
export interface DocumentTemplatesTable {
  template_id: string;
  template_key: string;
  template_type: string;
  name: string;
  prompt: string | null;
  is_active: boolean;
  changed_at: Date;
  deleted_at: Date | null;
}

/** Issue 14: the user's encrypted signing certificate. */
export interface SigningCertificatesTable {
  user_id: string;
  /** The certificate's id (new with each upload), bound with the owner into the envelope's AAD. */
  id: string;
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
  /** The signed file, byte for byte as it was issued; null when it is kept in a bucket. */
  pdf: Buffer | null;
  /** Where the S3-compatible store keeps the file (SIGNED_DOCUMENTS_S3_BUCKET), else null. */
  object_key: string | null;
  /** SHA-256 of the file kept in the bucket, checked on every read. */
  pdf_sha256: Buffer | null;
  /** Bytes of the file kept in the bucket (storage used counts it); null for a row with `pdf`. */
  pdf_size: number | null;
  /** The envelope of the bytes (`pdf` or the object): KEK id, wrapped data key, GCM nonce. */
  key_id: string;
  wrapped_key: Buffer;
  nonce: Buffer;
  created_at: Generated<Date>;
  expires_at: Date;
}

/**
 * The documents service stores no clinical content: documents are built, returned and forgotten.
 * Its database holds the kit's outbox (document.generated.v1), the professionals' projection and
 * the admin's document templates (projections of auth's and formatting's events).
 */
export interface DocumentsDatabase {
  professionals: ProfessionalsTable;
  document_templates: DocumentTemplatesTable;
  signing_certificates: SigningCertificatesTable;
  signed_documents: SignedDocumentsTable;
}

export type ProfessionalRow = Selectable<ProfessionalsTable>;

/** The documents database: its tables plus the kit's outbox and processed-events tables. */
export type DocumentsKysely = Kysely<DocumentsDatabase & KitTables>;
/** What repositories take first: the database or a transaction. */
export type DocumentsDb = DocumentsKysely | Transaction<DocumentsDatabase & KitTables>;
