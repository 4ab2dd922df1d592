import { randomUUID } from 'node:crypto';
import {
  type AmbulatoryPrescriptionPdfBody,
  type ControlledPrescriptionPdfBody,
  DocumentMessages,
  type GeneratePdfBody,
  type HospitalPrescriptionPdfBody,
  type ProfessionalProfile,
  type SignatureRequest,
  SigningMessages,
} from '@pv/contracts';
import {
  AppError,
  badRequest,
  forbidden,
  JobFailedError,
  type JobQueue,
  JobTimeoutError,
  type Principal,
  type QuotaClient,
  serviceUnavailable,
  unauthorized,
} from '@pv/service-kit';
import { RenderPdfJob, type RenderPdfPayload } from '../pdf/jobs.js';
import type { CertificatesService } from '../signing/certificates.service.js';
import type { SignedDocumentsService } from '../signing/signed-documents.service.js';
import { type Authoring, type FileAnswer, fileNameFor, headerOf } from './authoring.js';
import { findControlledDrug, rceRefusalMessage } from './controlled-drugs.js';
import { formatDateBr } from './dates.js';
import { itiLabel, itiTypeFor } from './iti-type.js';
import {
  normalizeAmbulatory,
  normalizeControlled,
  normalizeHospital,
  rceBlocked,
  rceRows,
} from './prescriptions.js';

export interface PdfDeps {
  /** The producing side of the PDF queue. */
  queue: JobQueue;
  pdfTimeoutMs: number;
  /** Billing's quota API; without it (no BILLING_URL) PDFs are not metered. */
  quota?: QuotaClient;
  /** Digital signature (issue 14): the certificates and where signed PDFs are kept. */
  signing: { certificates: CertificatesService; documents: SignedDocumentsService };
}

// Each kind of PDF without what every page shares (header and date), which `render` adds.
type PdfContent = RenderPdfPayload extends infer P
  ? P extends RenderPdfPayload
    ? Omit<P, 'header' | 'date' | 'itiType' | 'verification' | 'signing'>
    : never
  : never;

/** One PDF to render, as the family methods hand it to `render`. */
interface PdfOrder {
  documentType: string;
  content: PdfContent;
  fileName: string;
  /** Whose PDF: the header's professional (the request's profile, else the signed-in user). */
  caller: { profile: ProfessionalProfile | undefined; principal: Principal | null };
  credentials: Record<string, string>;
  /** Sign it (PAdES) with the caller's stored certificate; the password opens it once. */
  signature?: SignatureRequest;
}

/**
 * Every PDF of the product: the document, the three prescriptions and the RCE in two copies. The
 * rules are applied here; the pdf-worker only lays out what it is given.
 */
export class PdfsService {
  constructor(
    private readonly authoring: Authoring,
    private readonly deps: PdfDeps,
  ) {}

  async documentPdf(
    body: GeneratePdfBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<FileAnswer> {
    const content = body.content?.trim();
    if (!content) throw badRequest(DocumentMessages.noContent, 'NO_CONTENT');
    const title = body.title?.trim() || 'Documento';
    const patientName = body.patientName?.trim() ?? '';
    return this.render({
      documentType: body.documentType || 'documento',
      content: { kind: 'document', title, content, patientName },
      fileName: fileNameFor(title, patientName, 'pdf'),
      caller: { profile: body.profile, principal },
      credentials,
      signature: body.signature,
    });
  }

  async hospitalPdf(
    body: HospitalPrescriptionPdfBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<FileAnswer> {
    const title = body.title?.trim() || 'Prescrição Hospitalar';
    const prescription = normalizeHospital(body.prescription);
    return this.render({
      documentType: 'hospitalar',
      content: {
        kind: 'hospital',
        prescription,
        title,
        institutionName: body.institutionName?.trim() ?? '',
        doctorName: body.doctorName?.trim() ?? '',
        crm: body.crm?.trim() ?? '',
      },
      fileName: fileNameFor(title, prescription.patientData.name, 'pdf'),
      caller: { profile: body.profile, principal },
      credentials,
      signature: body.signature,
    });
  }

  async ambulatoryPdf(
    body: AmbulatoryPrescriptionPdfBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<FileAnswer> {
    const prescription = normalizeAmbulatory(body.prescription);
    return this.render({
      documentType: 'ambulatorial',
      content: { kind: 'ambulatory', prescription },
      fileName: fileNameFor('Receituário', prescription.patientData.name, 'pdf'),
      caller: { profile: body.profile, principal },
      credentials,
      signature: body.signature,
    });
  }

  /** The RCE in two copies; a list A or B drug is refused with the notification it needs. */
  async controlledPdf(
    body: ControlledPrescriptionPdfBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<FileAnswer> {
    const prescription = normalizeControlled(body.prescription);
    const blocked = rceBlocked(prescription);
    if (blocked.length > 0) {
      const messages = blocked.map((m) =>
        rceRefusalMessage(m.medication, findControlledDrug(m.medication)!),
      );
      throw new AppError(422, 'NOTIFICATION_REQUIRED', messages.join(' '));
    }
    if (!prescription.medications.some((m) => m.medication.trim()))
      throw badRequest(DocumentMessages.noControlledDrug, 'NO_MEDICATION');
    return this.render({
      documentType: 'controlada',
      content: { kind: 'controlled', prescription, rows: rceRows(prescription) },
      fileName: fileNameFor(
        'Receituário de Controle Especial',
        prescription.patientData.name,
        'pdf',
      ),
      caller: { profile: body.profile, principal },
      credentials,
      signature: body.signature,
    });
  }

  /**
   * Every PDF goes through here: 503 at once without a pdf-worker, then (for a signed-in caller)
   * one PDF of the plan reserved with billing, the job, and the event that settles the reservation.
   */
  private async render(order: PdfOrder): Promise<FileAnswer> {
    const { profile, principal } = order.caller;
    if (order.signature) assertMaySign(principal);
    if ((await this.deps.queue.workerCount()) === 0)
      throw serviceUnavailable(DocumentMessages.pdfUnavailable, 'NO_PDF_WORKER');
    const itiType = itiTypeFor(order.documentType);
    const signed =
      order.signature && principal ? await this.signed(order, principal, itiType) : null;
    const payload = {
      ...order.content,
      header: headerOf(profile, principal),
      date: formatDateBr(),
      itiType,
      ...(signed ? { verification: signed.ticket.verification, signing: signed.signing } : {}),
    } satisfies RenderPdfPayload;
    const work = async (reservationId?: string): Promise<FileAnswer> => {
      const result = await this.renderJob(payload);
      const body = Buffer.from(result.pdfBase64, 'base64');
      if (signed && principal)
        await this.deps.signing.documents.keep(signed.ticket, principal.userId, itiType, body);
      await this.authoring.published(principal, {
        documentType: order.documentType,
        format: 'pdf',
        ...(reservationId ? { reservationId } : {}),
      });
      return {
        body,
        contentType: 'application/pdf',
        fileName: order.fileName,
        ...(signed
          ? {
              headers: {
                'x-document-id': signed.ticket.id,
                'x-verification-code': signed.ticket.code,
              },
            }
          : {}),
      };
    };
    // Anonymous visitors are not metered here.
    const quota = principal ? this.deps.quota : undefined;
    if (!quota) return work();
    return quota.withReservation(
      { kind: 'pdf', credentials: order.credentials, reservationId: randomUUID() },
      (decision) => work(decision.reservationId ?? undefined),
    );
  }

  /** The signing part of the job and the id/code the PDF prints. */
  private async signed(
    order: PdfOrder,
    principal: Principal,
    itiType: ReturnType<typeof itiTypeFor>,
  ) {
    const signing = await this.deps.signing.certificates.signingOrder(
      principal.userId,
      order.signature!.password,
      itiLabel(itiType),
    );
    return { signing, ticket: this.deps.signing.documents.ticket() };
  }

  private async renderJob(payload: RenderPdfPayload) {
    try {
      return await this.deps.queue.run(RenderPdfJob, payload, {
        timeoutMs: this.deps.pdfTimeoutMs,
      });
    } catch (error) {
      if (error instanceof JobTimeoutError)
        throw new AppError(504, 'PDF_TIMEOUT', DocumentMessages.pdfTimeout);
      // A certificate that cannot sign (wrong password, expired...): the worker's 4xx/503.
      if (error instanceof JobFailedError)
        throw new AppError(error.failure.status, error.failure.kind, error.failure.message);
      throw new AppError(502, 'PDF_FAILED', DocumentMessages.pdfFailed);
    }
  }
}

/** Signing is for signed-in Premium users (the route itself is public, as every PDF route). */
function assertMaySign(principal: Principal | null): asserts principal is Principal {
  if (!principal) throw unauthorized(SigningMessages.signInRequired);
  if (!principal.isPremium) throw forbidden(SigningMessages.premiumOnly, 'PREMIUM_ONLY');
}
