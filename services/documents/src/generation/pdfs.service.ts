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
  VerificationMessages,
} from '@pv/contracts';
import type { QuotaClient } from '@pv/service-clients';
import { stableUuid } from '@pv/service-kit/events';
import {
  AppError,
  assertEmailVerified,
  badRequest,
  forbidden,
  type Principal,
  serviceUnavailable,
  unauthorized,
} from '@pv/service-kit/http';
import { JobFailedError, type JobQueue, JobTimeoutError } from '@pv/service-kit/jobs';
import { isDependencyUnavailable, WORKER_WAIT_MS } from '@pv/service-kit/runtime';
import { RenderPdfJob, type RenderPdfPayload } from '../pdf/jobs.js';
import {
  type ProfessionalHeader,
  pdfHeaderOf,
  withAmbulatoryPrescriber,
  withHospitalPrescriber,
} from '../professionals/professional-header.js';
import type { CertificatesService } from '../signing/certificates.service.js';
import type { SignedDocumentsService } from '../signing/signed-documents.service.js';
import { type Authoring, type FileAnswer, fileNameFor } from './authoring.js';
import { formatDateBr } from './dates.js';
import { itiLabel, itiTypeFor } from './iti-type.js';
import { patientNameFor } from './patients.js';
import {
  isSimplePrescription,
  refuseControlledInFreeText,
  refuseControlledInSimple,
  refuseEmptyRows,
  refuseNotifications,
} from './prescription-control.js';
import {
  ambulatoryControlRows,
  controlledFromText,
  normalizeAmbulatory,
  normalizeControlled,
  normalizeHospital,
  rceControlRows,
  rceRows,
  readRceText,
} from './prescriptions.js';

export interface PdfDeps {
  /** The producing side of the PDF queue. */
  queue: JobQueue;
  pdfTimeoutMs: number;
  /** Billing's quota API; without it (no BILLING_URL) PDFs are not metered. */
  quota?: QuotaClient;
  /** Where render times are counted (pv_pdf_render_seconds). */
  renderMetrics?: { observe(kind: string, outcome: string, seconds: number): void };
  /** Digital signature (issue 14): the certificates and where signed PDFs are kept. */
  signing: { certificates: CertificatesService; documents: SignedDocumentsService };
}

// Each kind of PDF without what every page shares (header and date), which `render` adds.
type PdfContent = RenderPdfPayload extends infer P
  ? P extends RenderPdfPayload
    ? Omit<P, 'header' | 'date' | 'itiType' | 'verification' | 'signing'>
    : never
  : never;

/** The prescription with a blank patient name filled from the chosen patient of the note. */
function withPatientName<P extends { patientData: { name: string } }>(
  body: { consultationText?: string; patientIndex?: number },
  prescription: P,
): P {
  const name = patientNameFor(body, prescription.patientData.name);
  return { ...prescription, patientData: { ...prescription.patientData, name } };
}

/** One PDF to render, as the family methods hand it to `render`. */
interface PdfOrder {
  documentType: string;
  content: PdfContent;
  fileName: string;
  /** Whose PDF: the signed-in caller (the request's profile ignored), else the typed profile. */
  caller: { profile: ProfessionalProfile | undefined; principal: Principal | null };
  credentials: Record<string, string>;
  /** Sign it (PAdES) with the caller's stored certificate; the password opens it once. */
  signature?: SignatureRequest;
}

/**
 * The prescriber a prescription PDF signs with: a signed-in caller's is the header's, whatever
 * the body's doctorName, crm or prescribingPhysician say; an anonymous caller's stays as typed.
 */
function signedBy(content: PdfContent, header: ProfessionalHeader): PdfContent {
  if (header.status === 'unverified') return content;
  if (content.kind === 'hospital')
    return {
      ...content,
      doctorName: '',
      crm: '',
      prescription: withHospitalPrescriber(content.prescription, header),
    };
  if (content.kind === 'ambulatory')
    return { ...content, prescription: withAmbulatoryPrescriber(content.prescription, header) };
  return content;
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
    // A free-text receituário is a simple prescription: no controlled drug on it.
    if (isSimplePrescription(body.documentType)) refuseControlledInFreeText(content);
    const title = body.title?.trim() || 'Documento';
    const patientName = patientNameFor(body, body.patientName);
    // A written RCE is printed on the form (two copies, buyer's and supplier's blocks) with the
    // form's rules (no drug needing a notification), never as a plain page with its title.
    if (body.documentType === 'controlada')
      return this.controlledPdf(
        {
          prescription: controlledFromText(content, {
            name: patientName,
            cpf: body.patientCpf?.trim() ?? '',
          }),
          ...(body.profile ? { profile: body.profile } : {}),
          ...(body.signature ? { signature: body.signature } : {}),
        },
        principal,
        credentials,
      );
    return this.render({
      documentType: body.documentType || 'documento',
      content: {
        kind: 'document',
        title,
        content,
        patientName,
        patientCpf: body.patientCpf?.trim() ?? '',
      },
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
    refuseEmptyRows(body.prescription.medications);
    const prescription = normalizeHospital(withPatientName(body, body.prescription));
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
    refuseEmptyRows(body.prescription.medications);
    refuseControlledInSimple(ambulatoryControlRows(body.prescription));
    const prescription = normalizeAmbulatory(withPatientName(body, body.prescription));
    return this.render({
      documentType: 'ambulatorial',
      content: { kind: 'ambulatory', prescription },
      fileName: fileNameFor('Receituário', prescription.patientData.name, 'pdf'),
      caller: { profile: body.profile, principal },
      credentials,
      signature: body.signature,
    });
  }

  /**
   * The RCE in two copies, both printed from the same data (the free text's edits included); a
   * drug that needs a notification (lists A, B, C2, C3) is refused with the notification.
   */
  async controlledPdf(
    body: ControlledPrescriptionPdfBody,
    principal: Principal | null,
    credentials: Record<string, string> = {},
  ): Promise<FileAnswer> {
    if (!body.prescription.medications.some((m) => m.medication.trim()))
      throw badRequest(DocumentMessages.noControlledDrug, 'NO_MEDICATION');
    refuseEmptyRows(body.prescription.medications);
    const prescription = normalizeControlled(withPatientName(body, body.prescription));
    refuseNotifications(rceControlRows(prescription));
    // Issue 23: controlled-drug forms only under a confirmed e-mail and a verified identity.
    if (principal) assertEmailVerified(principal);
    const professional = await this.authoring.header(principal, body.profile);
    if (professional.status !== 'verified')
      throw new AppError(
        422,
        'PROFESSIONAL_NOT_VERIFIED',
        principal ? VerificationMessages.notVerified : VerificationMessages.notVerifiedAnonymous,
      );
    // On paper the blanks are filled by hand; a signed RCE cannot be, so they must be filled.
    if (
      body.signature &&
      principal &&
      (!prescription.patientData.name.trim() || !prescription.patientData.address.trim())
    )
      throw new AppError(422, 'RCE_PATIENT_REQUIRED', SigningMessages.rcePatientRequired);
    // Nor can the quantity be written in by hand: in figures, which the form prints in words too.
    const noQuantity = prescription.medications.filter((m) => !/^\d{1,9}$/.test(m.quantity.trim()));
    if (body.signature && principal && noQuantity.length > 0)
      throw new AppError(
        422,
        'RCE_QUANTITY_REQUIRED',
        SigningMessages.rceQuantityRequired(noQuantity.map((m) => m.medication.trim())),
      );
    return this.render({
      documentType: 'controlada',
      content: {
        kind: 'controlled',
        prescription,
        rows: rceRows(prescription),
        notes: readRceText(prescription.text).notes,
      },
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
   * Every PDF goes through here: 503 when no pdf-worker connects within WORKER_WAIT_MS, then (for a signed-in caller)
   * one PDF of the plan reserved with billing, the job, and the event that settles the reservation.
   */
  private async render(order: PdfOrder): Promise<FileAnswer> {
    const { profile, principal } = order.caller;
    if (order.signature) assertMaySign(principal);
    if (!(await this.deps.queue.hasWorkerWithin(WORKER_WAIT_MS)))
      throw serviceUnavailable(DocumentMessages.pdfUnavailable, 'NO_PDF_WORKER');
    const professional = await this.authoring.header(principal, profile);
    // A signed document cannot be stamped: without the registration it is not signed at all.
    if (order.signature && professional.status === 'registry-missing')
      throw new AppError(422, 'REGISTRY_REQUIRED_TO_SIGN', SigningMessages.registryRequired);
    // Issue 23: nor signed under a registry and CPF nobody verified.
    if (order.signature && professional.status !== 'verified')
      throw new AppError(422, 'PROFESSIONAL_NOT_VERIFIED', VerificationMessages.notVerified);
    // Nor can the professional address and contact be written in (CFM Res. 2.381/2024).
    if (order.signature && (!professional.clinicAddress || !professional.clinicPhone))
      throw new AppError(422, 'CONTACT_REQUIRED_TO_SIGN', SigningMessages.contactRequired);
    const itiType = itiTypeFor(order.documentType);
    const signed =
      order.signature && principal
        ? await this.signed(order, principal, itiType, professional.verifiedCpf)
        : null;
    const payload = {
      ...signedBy(order.content, professional),
      header: pdfHeaderOf(professional),
      date: formatDateBr(),
      itiType,
      ...(signed
        ? {
            verification: {
              ...signed.ticket.verification,
              ...(signed.extraRoot ? { extraRoot: true } : {}),
            },
            signing: signed.signing,
          }
        : {}),
    } satisfies RenderPdfPayload;
    // A signed-in caller's retry (same Idempotency-Key) is the same PDF: the same reservation and
    // the same document.generated.v1 id, so billing counts it once whichever attempt delivers it.
    const key = order.credentials['idempotency-key'];
    const retryable = principal && key ? `${principal.userId}\u0000${key}` : null;
    const reservationId = retryable ? stableUuid('pdf', retryable) : randomUUID();
    const work = async (reservationId?: string): Promise<FileAnswer> => {
      const result = await this.renderJob(payload);
      const body = Buffer.from(result.pdfBase64, 'base64');
      if (signed && principal)
        await this.deps.signing.documents.keep(
          signed.ticket,
          principal.userId,
          itiType,
          body,
          order.credentials,
        );
      await this.authoring.published(
        principal,
        {
          documentType: order.documentType,
          format: 'pdf',
          ...(reservationId ? { reservationId } : {}),
        },
        retryable ? stableUuid('document.generated.v1', retryable) : undefined,
      );
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
      { kind: 'pdf', credentials: order.credentials, reservationId },
      (decision) => work(decision.reservationId ?? undefined),
    );
  }

  /** The signing part of the job and the id/code the PDF prints. */
  private async signed(
    order: PdfOrder,
    principal: Principal,
    itiType: ReturnType<typeof itiTypeFor>,
    verifiedCpf: string | null,
  ) {
    const { signing, extraRoot } = await this.deps.signing.certificates.signingOrder(
      principal.userId,
      order.signature!.password,
      itiLabel(itiType),
      verifiedCpf,
    );
    return { signing, extraRoot, ticket: this.deps.signing.documents.ticket() };
  }

  private async renderJob(payload: RenderPdfPayload) {
    const started = performance.now();
    const observe = (outcome: string) =>
      this.deps.renderMetrics?.observe(payload.kind, outcome, (performance.now() - started) / 1000);
    try {
      const result = await this.deps.queue.run(RenderPdfJob, payload, {
        timeoutMs: this.deps.pdfTimeoutMs,
      });
      observe('ok');
      return result;
    } catch (error) {
      if (error instanceof JobTimeoutError) {
        observe('timeout');
        throw new AppError(504, 'PDF_TIMEOUT', DocumentMessages.pdfTimeout);
      }
      // A certificate that cannot sign (wrong password, expired...): the worker's 4xx/503.
      if (error instanceof JobFailedError) {
        observe('refused');
        throw new AppError(error.failure.status, error.failure.kind, error.failure.message);
      }
      observe('failed');
      // A Redis blip while enqueueing or waiting: the kit answers it 503 with Retry-After.
      if (isDependencyUnavailable(error)) throw error;
      throw new AppError(502, 'PDF_FAILED', DocumentMessages.pdfFailed);
    }
  }
}

/** Signing is for signed-in Premium users (the route itself is public, as every PDF route). */
function assertMaySign(principal: Principal | null): asserts principal is Principal {
  if (!principal) throw unauthorized(SigningMessages.signInRequired);
  assertEmailVerified(principal);
  if (!principal.isPremium) throw forbidden(SigningMessages.premiumOnly, 'PREMIUM_ONLY');
}
