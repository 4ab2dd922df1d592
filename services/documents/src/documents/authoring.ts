import {
  type DocumentGeneratedPayload,
  DocumentMessages,
  type FormattingEngine,
  type ProfessionalProfile,
} from '@pv/contracts';
import { type LlmClient, LlmError } from '@pv/llm';
import { AppError, badRequest, type OutboxRelay, type Principal } from '@pv/service-kit';
import type { TSchema } from '@sinclair/typebox';
import type { DocumentsKysely } from '../db/schema.js';
import type { PdfHeader } from '../pdf/jobs.js';
import { type Consultation, parseConsultation } from './consultation.js';
import { isControlledMedication } from './controlled-drugs.js';
import { formatDateBr } from './dates.js';
import { publishDocumentGenerated } from './document.events.js';

// What every family of documents shares: who writes (the model or the offline writer), who
// signs (the profile), how the file is named, and the event that says a document was made.

export const OFFLINE_MODEL = 'offline-ptbr';

export interface Engine {
  engine: FormattingEngine;
  model: string;
}
export const OFFLINE: Engine = { engine: 'offline', model: OFFLINE_MODEL };

/** A file to send: its bytes, content type and the name for Content-Disposition. */
export interface FileAnswer {
  body: Buffer | string;
  contentType: string;
  fileName: string;
  /** Extra response headers (a signed PDF's X-Document-Id and X-Verification-Code). */
  headers?: Record<string, string>;
}

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

export function requireText(text: string | undefined): string {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) throw badRequest(DocumentMessages.noFormattedText, 'NO_FORMATTED_TEXT');
  return trimmed;
}

/** The header data: what the request carries, else the signed-in user's name. */
export function profileOf(
  profile: ProfessionalProfile | undefined,
  principal: Principal | null,
): ProfessionalProfile {
  return { ...profile, name: profile?.name?.trim() || principal?.fullName || '' };
}

export function headerOf(
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

export interface AuthoringDeps {
  db: DocumentsKysely;
  relay: OutboxRelay;
  llm: LlmClient;
}

/** The writer and the publisher the document services share. */
export class Authoring {
  constructor(private readonly deps: AuthoringDeps) {}

  get llmReady(): boolean {
    return this.deps.llm.isConfigured('standard');
  }

  consultation(text: string): Consultation {
    return parseConsultation(text, isControlledMedication);
  }

  /** Asks the model for JSON of `schema`; its failures become the answer's status and message. */
  async askModel<T>(
    purpose: string,
    messages: Parameters<LlmClient['completeJson']>[0]['messages'],
    schema: TSchema,
  ): Promise<{ value: T; engine: Engine }> {
    try {
      const answer = await this.deps.llm.completeJson({
        mode: 'standard',
        purpose,
        messages,
        schema,
      });
      return { value: answer.value as T, engine: { engine: 'llm', model: answer.model } };
    } catch (error) {
      if (error instanceof LlmError) throw new AppError(error.status, error.code, error.message);
      throw error;
    }
  }

  /** document.generated.v1; a PDF's carries billing's reservation id so it is counted once. */
  async published(
    principal: Principal | null,
    document: Omit<DocumentGeneratedPayload, 'userId'>,
  ): Promise<void> {
    await publishDocumentGenerated(this.deps.db, {
      userId: principal?.userId ?? null,
      ...document,
    });
    this.deps.relay.kick();
  }
}
