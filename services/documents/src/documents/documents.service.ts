import { randomUUID } from 'node:crypto';
import {
  type AmbulatoryPrescription,
  type AmbulatoryPrescriptionPdfBody,
  AmbulatoryPrescriptionSchema,
  type ControlledPrescription,
  type ControlledPrescriptionPdfBody,
  type ControlledPrescriptionResponse,
  ControlledPrescriptionSchema,
  DOCUMENT_TYPES,
  type DocumentGeneratedPayload,
  DocumentMessages,
  type DocumentType,
  type FormattingEngine,
  type GenerateDocumentBody,
  type GenerateDocumentResponse,
  type GeneratePdfBody,
  type HospitalPrescription,
  type HospitalPrescriptionPdfBody,
  HospitalPrescriptionSchema,
  type PrescriptionRequest,
  type ProfessionalProfile,
  type ReprocessPrescriptionBody,
  type ReprocessPrescriptionResponse,
} from '@pv/contracts';
import { type LlmClient, LlmError } from '@pv/llm';
import {
  AppError,
  badRequest,
  enqueueEvent,
  type JobQueue,
  type KitTables,
  type OutboxRelay,
  type Principal,
  type QuotaClient,
  serviceUnavailable,
} from '@pv/service-kit';
import type { TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { type RenderPdfPayload, type RenderPdfResult, renderPdfJob } from '../pdf/jobs.js';
import { type PdfHeader, rceBlocked } from '../pdf/layouts.js';
import { type Consultation, parseConsultation } from './consultation.js';
import {
  findControlledDrug,
  isControlledMedication,
  rceRefusalMessage,
} from './controlled-drugs.js';
import { formatDateBr } from './dates.js';
import { buildOfflineDocument, DOCUMENT_TITLES, renderDraft } from './offline-documents.js';
import {
  ambulatoryFromConsultation,
  controlledFromConsultation,
  hospitalFromConsultation,
  normalizeAmbulatory,
  normalizeControlled,
  normalizeHospital,
  requiredNotifications,
} from './prescriptions.js';
import {
  documentMessages,
  ModelDocumentSchema,
  type PrescriptionKind,
  prescriptionMessages,
  reprocessMessages,
} from './prompts.js';

export const OFFLINE_MODEL = 'offline-ptbr';

export interface DocumentsDeps {
  db: Kysely<KitTables>;
  relay: OutboxRelay;
  /** The producing side of the PDF queue. */
  queue: JobQueue;
  llm: LlmClient;
  pdfTimeoutMs: number;
  /** Billing's quota API; without it (no BILLING_URL) PDFs are not metered. */
  quota?: QuotaClient;
}

type Credentials = Record<string, string>;

interface Engine {
  engine: FormattingEngine;
  model: string;
}
const OFFLINE: Engine = { engine: 'offline', model: OFFLINE_MODEL };

/** A file to send: its bytes, content type and the name for Content-Disposition. */
export interface FileAnswer {
  body: Buffer | string;
  contentType: string;
  fileName: string;
}

const PRESCRIPTION_SCHEMAS: Record<PrescriptionKind, TSchema> = {
  hospital: HospitalPrescriptionSchema,
  ambulatory: AmbulatoryPrescriptionSchema,
  controlled: ControlledPrescriptionSchema,
};

/** "Receituário - Maria Souza" -> "receituario-maria-souza-22-11-2026.pdf" (ASCII, safe in a header). */
export function fileNameFor(title: string, patientName: string, extension: 'pdf' | 'txt'): string {
  const slug = `${title} ${patientName}`
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'documento'}-${formatDateBr().replace(/\//g, '-')}.${extension}`;
}

function requireText(text: string | undefined): string {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) throw badRequest(DocumentMessages.noFormattedText, 'NO_FORMATTED_TEXT');
  return trimmed;
}

/**
 * Every document, prescription and PDF of the product. Documents are built, returned and
 * forgotten: nothing clinical is stored or logged; only document.generated.v1 (type and format)
 * leaves the service.
 */
export class DocumentsService {
  constructor(private readonly deps: DocumentsDeps) {}

  private get llmReady(): boolean {
    return this.deps.llm.isConfigured('standard');
  }

  private async published(
    principal: Principal | null,
    documentType: string,
    format: DocumentGeneratedPayload['format'],
    /** Billing's reservation for this PDF, so counting the event settles it (counted once). */
    reservationId?: string,
  ) {
    await enqueueEvent(this.deps.db, 'document.generated.v1', {
      userId: principal?.userId ?? null,
      documentType,
      format,
      ...(reservationId ? { reservationId } : {}),
    });
    this.deps.relay.kick();
  }

  private async askModel<T>(
    purpose: string,
    messages: Parameters<LlmClient['completeJson']>[0]['messages'],
    schema: TSchema,
  ) {
    try {
      const answer = await this.deps.llm.completeJson({
        mode: 'standard',
        purpose,
        messages,
        schema,
      });
      return { value: answer.value as T, engine: { engine: 'llm', model: answer.model } as Engine };
    } catch (error) {
      if (error instanceof LlmError) throw new AppError(error.status, error.code, error.message);
      throw error;
    }
  }

  private consultation(text: string): Consultation {
    return parseConsultation(text, isControlledMedication);
  }

  /** POST /api/generate-document */
  async generateDocument(
    body: GenerateDocumentBody,
    principal: Principal | null,
  ): Promise<GenerateDocumentResponse> {
    const consultationText = requireText(body.consultationText);
    const documentType = body.documentType as DocumentType;
    if (!DOCUMENT_TYPES.includes(documentType))
      throw badRequest(DocumentMessages.unknownDocumentType, 'UNKNOWN_DOCUMENT_TYPE');
    const profile = profileOf(body.profile, principal);
    const input = {
      documentType,
      consultationText,
      additionalContext: body.additionalContext?.trim() ?? '',
      profile,
      certificate: body.certificate ?? {},
    };
    let draft: { title: string; sections: { heading: string; content: string }[] };
    let engine = OFFLINE;
    if (this.llmReady) {
      const answer = await this.askModel<typeof draft>(
        'generate-document',
        documentMessages(input),
        ModelDocumentSchema,
      );
      draft = answer.value;
      engine = answer.engine;
    } else {
      draft = buildOfflineDocument({ ...input, consultation: this.consultation(consultationText) });
    }
    await this.published(principal, documentType, 'text');
    return {
      document: renderDraft(draft),
      title: draft.title || DOCUMENT_TITLES[documentType],
      documentType,
      ...engine,
    };
  }

  private async prescription<T>(
    kind: PrescriptionKind,
    body: PrescriptionRequest,
    offline: (c: Consultation) => T,
  ) {
    const text = requireText(body.consultationText);
    if (!this.llmReady) return { value: offline(this.consultation(text)), engine: OFFLINE };
    return this.askModel<T>(
      `prescription-${kind}`,
      prescriptionMessages(kind, text, body.additionalContext?.trim() ?? ''),
      PRESCRIPTION_SCHEMAS[kind],
    );
  }

  async hospitalPrescription(body: PrescriptionRequest, principal: Principal | null) {
    const profile = profileOf(body.profile, principal);
    const { value, engine } = await this.prescription<HospitalPrescription>('hospital', body, (c) =>
      hospitalFromConsultation(c, profile),
    );
    await this.published(principal, 'hospitalar', 'structured');
    return { prescription: normalizeHospital(value), ...engine };
  }

  async ambulatoryPrescription(body: PrescriptionRequest, principal: Principal | null) {
    const profile = profileOf(body.profile, principal);
    const { value, engine } = await this.prescription<AmbulatoryPrescription>(
      'ambulatory',
      body,
      (c) => ambulatoryFromConsultation(c, profile),
    );
    await this.published(principal, 'ambulatorial', 'structured');
    return { prescription: normalizeAmbulatory(value), ...engine };
  }

  async controlledPrescription(
    body: PrescriptionRequest,
    principal: Principal | null,
  ): Promise<ControlledPrescriptionResponse> {
    const { value, engine } = await this.prescription<ControlledPrescription>(
      'controlled',
      body,
      controlledFromConsultation,
    );
    await this.published(principal, 'controlada', 'structured');
    const prescription = normalizeControlled({
      ...value,
      medications: value.medications.map((m) => ({ ...m, list: null })),
    });
    return { prescription, requiredNotifications: requiredNotifications(prescription), ...engine };
  }

  /** Re-checks an edited prescription; with an LLM, the clinician's corrections are applied too. */
  async reprocess(
    body: ReprocessPrescriptionBody,
    principal: Principal | null,
  ): Promise<ReprocessPrescriptionResponse> {
    const corrections = body.corrections?.trim() ?? '';
    let value: unknown = body.prescription;
    let engine = OFFLINE;
    if (this.llmReady && corrections) {
      const answer = await this.askModel(
        'reprocess-prescription',
        reprocessMessages(body.kind, body.prescription, corrections),
        PRESCRIPTION_SCHEMAS[body.kind],
      );
      value = answer.value;
      engine = answer.engine;
    }
    const documentType = {
      hospital: 'hospitalar',
      ambulatory: 'ambulatorial',
      controlled: 'controlada',
    }[body.kind];
    await this.published(principal, documentType, 'structured');
    if (body.kind === 'hospital')
      return {
        kind: 'hospital',
        prescription: normalizeHospital(value as HospitalPrescription),
        ...engine,
      };
    if (body.kind === 'ambulatory')
      return {
        kind: 'ambulatory',
        prescription: normalizeAmbulatory(value as AmbulatoryPrescription),
        ...engine,
      };
    const prescription = normalizeControlled(value as ControlledPrescription);
    return {
      kind: 'controlled',
      prescription,
      requiredNotifications: requiredNotifications(prescription),
      ...engine,
    };
  }

  /** POST /api/generate-text-document: the same document as a .txt file (mobile fallback). */
  async textDocument(body: GeneratePdfBody, principal: Principal | null): Promise<FileAnswer> {
    const content = body.content?.trim();
    if (!content) throw badRequest(DocumentMessages.noContent, 'NO_CONTENT');
    const title = body.title?.trim() || 'Documento';
    const profile = profileOf(body.profile, principal);
    const header = [profile.name, profile.registry, profile.clinicAddress, profile.clinicPhone]
      .filter(Boolean)
      .join('\n');
    const patient = body.patientName?.trim() ? `Paciente: ${body.patientName.trim()}\n` : '';
    const text = `${header ? `${header}\n\n` : ''}${title.toLocaleUpperCase('pt-BR')}\n${patient}\n${content}\n\nEmitido em ${formatDateBr()}\n`;
    await this.published(principal, body.documentType || 'documento', 'text');
    return {
      body: text,
      contentType: 'text/plain; charset=utf-8',
      fileName: fileNameFor(title, body.patientName ?? '', 'txt'),
    };
  }

  async documentPdf(
    body: GeneratePdfBody,
    principal: Principal | null,
    credentials: Credentials = {},
  ): Promise<FileAnswer> {
    const content = body.content?.trim();
    if (!content) throw badRequest(DocumentMessages.noContent, 'NO_CONTENT');
    const title = body.title?.trim() || 'Documento';
    const patientName = body.patientName?.trim() ?? '';
    return this.renderPdf(
      body.documentType || 'documento',
      {
        kind: 'document',
        title,
        content,
        patientName,
        header: headerOf(body.profile, principal),
        date: formatDateBr(),
      },
      fileNameFor(title, patientName, 'pdf'),
      principal,
      credentials,
    );
  }

  async hospitalPdf(
    body: HospitalPrescriptionPdfBody,
    principal: Principal | null,
    credentials: Credentials = {},
  ): Promise<FileAnswer> {
    const title = body.title?.trim() || 'Prescrição Hospitalar';
    const prescription = normalizeHospital(body.prescription);
    return this.renderPdf(
      'hospitalar',
      {
        kind: 'hospital',
        prescription,
        title,
        institutionName: body.institutionName?.trim() ?? '',
        doctorName: body.doctorName?.trim() ?? '',
        crm: body.crm?.trim() ?? '',
        header: headerOf(body.profile, principal),
        date: formatDateBr(),
      },
      fileNameFor(title, prescription.patientData.name, 'pdf'),
      principal,
      credentials,
    );
  }

  async ambulatoryPdf(
    body: AmbulatoryPrescriptionPdfBody,
    principal: Principal | null,
    credentials: Credentials = {},
  ): Promise<FileAnswer> {
    const prescription = normalizeAmbulatory(body.prescription);
    return this.renderPdf(
      'ambulatorial',
      {
        kind: 'ambulatory',
        prescription,
        header: headerOf(body.profile, principal),
        date: formatDateBr(),
      },
      fileNameFor('Receituário', prescription.patientData.name, 'pdf'),
      principal,
      credentials,
    );
  }

  /** The RCE in two copies; a list A or B drug is refused with the notification it needs. */
  async controlledPdf(
    body: ControlledPrescriptionPdfBody,
    principal: Principal | null,
    credentials: Credentials = {},
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
    return this.renderPdf(
      'controlada',
      {
        kind: 'controlled',
        prescription,
        header: headerOf(body.profile, principal),
        date: formatDateBr(),
      },
      fileNameFor('Receituário de Controle Especial', prescription.patientData.name, 'pdf'),
      principal,
      credentials,
    );
  }

  /**
   * Every PDF of the product goes through here: the one place a quota check (billing's monthly
   * PDF limit) belongs, before the job is queued.
   */
  private async renderPdf(
    documentType: string,
    payload: RenderPdfPayload,
    fileName: string,
    principal: Principal | null,
    credentials: Credentials,
  ): Promise<FileAnswer> {
    if ((await this.deps.queue.workerCount()) === 0)
      throw serviceUnavailable(DocumentMessages.pdfUnavailable, 'NO_PDF_WORKER');
    // Signed-in callers spend one PDF of their plan; anonymous visitors are not metered here.
    const quota = principal ? this.deps.quota : undefined;
    const reservationId = randomUUID();
    const reservation = quota ? await quota.consume('pdf', credentials, reservationId) : undefined;
    let result: RenderPdfResult;
    try {
      result = await this.deps.queue.run(renderPdfJob, payload, {
        timeoutMs: this.deps.pdfTimeoutMs,
      });
    } catch (error) {
      if (quota && reservation) await quota.release(reservation, credentials);
      const message = error instanceof Error ? error.message : String(error);
      if (/timed out/i.test(message))
        throw new AppError(504, 'PDF_TIMEOUT', DocumentMessages.pdfTimeout);
      throw new AppError(502, 'PDF_FAILED', DocumentMessages.pdfFailed);
    }
    await this.published(principal, documentType, 'pdf', reservation?.reservationId ?? undefined);
    return {
      body: Buffer.from(result.pdfBase64, 'base64'),
      contentType: 'application/pdf',
      fileName,
    };
  }
}

/** The header data: what the request carries, else the signed-in user's name. */
export function profileOf(
  profile: ProfessionalProfile | undefined,
  principal: Principal | null,
): ProfessionalProfile {
  return { ...profile, name: profile?.name?.trim() || principal?.fullName || '' };
}

function headerOf(
  profile: ProfessionalProfile | undefined,
  principal: Principal | null,
): PdfHeader {
  const p = profileOf(profile, principal);
  return {
    name: p.name ?? '',
    registry: p.registry?.trim() ?? '',
    clinicAddress: p.clinicAddress?.trim() ?? '',
    clinicPhone: p.clinicPhone?.trim() ?? '',
  };
}
