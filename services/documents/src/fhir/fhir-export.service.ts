import { createHash, randomUUID } from 'node:crypto';
import { DocumentMessages, type FhirExportBody } from '@pv/contracts';
import type { QuotaClient } from '@pv/service-clients';
import { notFound, type Principal } from '@pv/service-kit/http';
import { sql } from 'kysely';
import type { DocumentsKysely } from '../db/schema.js';
import type { Authoring } from '../generation/authoring.js';
import type { ProfessionalHeader } from '../professionals/professional-header.js';
import { type BundlePractitioner, type BundleSignedDocument, buildBundle } from './bundle.js';

export interface FhirExportDeps {
  db: DocumentsKysely;
  /** The public origin signed documents are verified at ({PUBLIC_URL}/api/documents/{id}/verify). */
  publicUrl: string;
  /** Billing's quota API: a signed-in user's export counts as a PDF of the plan. */
  quota?: QuotaClient;
}

/**
 * Whether the council registry was checked: 'verified' only when auth verified the account's
 * registry and CPF (issue 23: an ICP-Brasil certificate of the same CPF, or staff review of the
 * council card), as the projection of auth.user.changed.v1 carries it. Everything else (pending,
 * refused, a visitor's typed name) is exported as 'unverified'.
 */
export function registryVerification(header: ProfessionalHeader): 'verified' | 'unverified' {
  return header.status === 'verified' ? 'verified' : 'unverified';
}

/**
 * The FHIR export (issue 28 items 3 and 4, docs/fhir-export.md): the Bundle of one patient's
 * note, built on request and never stored; counted as a document of the plan (a PDF) for a
 * signed-in caller, and within the visitors' hourly PDF limit for an anonymous one.
 */
export class FhirExportService {
  constructor(
    private readonly authoring: Authoring,
    private readonly deps: FhirExportDeps,
  ) {}

  async export(
    body: FhirExportBody,
    principal: Principal | null,
    credentials: Record<string, string>,
  ): Promise<string> {
    const header = await this.authoring.header(principal, body.profile);
    const practitioner: BundlePractitioner = {
      name: header.name,
      council: header.council,
      registryNumber: header.registryNumber,
      registryUf: header.registryUf,
      verification: registryVerification(header),
    };
    const signedDocument = body.signedDocumentId
      ? await this.signedDocument(body.signedDocumentId, principal)
      : undefined;
    const work = async (reservationId?: string) => {
      const bundle = buildBundle({
        note: body.note,
        practitioner,
        ...(signedDocument ? { signedDocument } : {}),
      });
      await this.authoring.published(principal, {
        documentType: 'fhir_bundle',
        format: 'fhir',
        ...(reservationId ? { reservationId } : {}),
      });
      return JSON.stringify(bundle);
    };
    const quota = principal ? this.deps.quota : undefined;
    if (!quota) return work();
    return quota.withReservation(
      { kind: 'pdf', credentials, reservationId: randomUUID() },
      (decision) => work(decision.reservationId ?? undefined),
    );
  }

  /** The caller's own live signed document, or 404 (a visitor has none). */
  private async signedDocument(
    id: string,
    principal: Principal | null,
  ): Promise<BundleSignedDocument> {
    const row = principal
      ? await this.deps.db
          .selectFrom('signed_documents')
          .select(['id', 'document_type', 'created_at', 'pdf'])
          .where('id', '=', id)
          .where('user_id', '=', principal.userId)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst()
      : undefined;
    if (!row)
      throw notFound(DocumentMessages.fhirSignedDocumentNotFound, 'SIGNED_DOCUMENT_NOT_FOUND');
    return {
      id: row.id,
      documentType: row.document_type,
      createdAt: row.created_at,
      verifyUrl: `${this.deps.publicUrl}/api/documents/${row.id}/verify`,
      sha1Base64: row.pdf ? createHash('sha1').update(row.pdf).digest('base64') : null,
    };
  }
}
