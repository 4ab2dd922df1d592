import {
  type DocumentGeneratedPayload,
  DocumentMessages,
  type DocumentType,
  type FormattingEngine,
  type ProfessionalProfile,
} from '@pv/contracts';
import { type LlmClient, LlmError } from '@pv/llm';
import { matchKey } from '@pv/pt-text';
import type { QuotaClient } from '@pv/service-clients';
import { type OutboxRelay, stableUuid } from '@pv/service-kit/events';
import { AppError, badRequest, type Principal } from '@pv/service-kit/http';
import type { LlmCall } from '@pv/service-kit/runtime';
import type { TSchema } from '@sinclair/typebox';
import type { DocumentsKysely } from '../db/schema.js';
import {
  type ProfessionalHeader,
  resolveProfessionalHeader,
} from '../professionals/professional-header.js';
import { activeDocumentTemplate } from '../templates/document-template.repository.js';
import { type Consultation, parseConsultation } from './consultation.js';
import { isControlledMedication } from './controlled-drugs.js';
import { formatDateBr } from './dates.js';
import { publishAiRequestCompleted, publishDocumentGenerated } from './document.events.js';
import type { DocumentTemplate } from './document-template.js';

// What every family of documents shares: who writes (the model or the offline writer), who
// signs (the professional's header, resolved on the server), how the file is named, and the event that says a document was made.

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
  const slug = matchKey(`${title} ${patientName}`).replaceAll(' ', '-').slice(0, 80);
  return `${slug || 'documento'}-${formatDateBr().replace(/\//g, '-')}.${extension}`;
}

export function requireText(text: string | undefined): string {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) throw badRequest(DocumentMessages.noFormattedText, 'NO_FORMATTED_TEXT');
  return trimmed;
}

export interface AuthoringDeps {
  db: DocumentsKysely;
  relay: OutboxRelay;
  llm: LlmClient;
  /** Billing's quota API: a signed-in user's LLM calls are AI requests of the plan. */
  quota?: QuotaClient;
  /** Where LLM latency, tokens and cost are counted (pv_llm_*), as formatting counts its own. */
  llmMetrics?: { observe(call: LlmCall): void };
}

/** Who asks for a document: the signed-in user (null: a visitor) and their session headers. */
export interface Caller {
  principal: Principal | null;
  credentials: Record<string, string>;
}

/** The writer and the publisher the document services share. */
export class Authoring {
  constructor(private readonly deps: AuthoringDeps) {}

  /**
   * Who the document names: the signed-in caller's profile as auth holds it (the request's
   * `profile` ignored), or an anonymous caller's typed profile marked unverified.
   */
  header(
    principal: Principal | null,
    bodyProfile: ProfessionalProfile | undefined,
  ): Promise<ProfessionalHeader> {
    return resolveProfessionalHeader(this.deps.db, principal, bodyProfile);
  }

  get llmReady(): boolean {
    return this.deps.llm.isConfigured('standard');
  }

  /** The admin's active template of a document type, as documents' projection holds it. */
  documentTemplate(documentType: DocumentType): Promise<DocumentTemplate | undefined> {
    return activeDocumentTemplate(this.deps.db, documentType);
  }

  consultation(text: string): Consultation {
    return parseConsultation(text, isControlledMedication);
  }

  /**
   * Asks the model for JSON of `schema`; its failures become the answer's status and message.
   * A signed-in caller's call is an AI request of their plan: reserved with billing first (429 at
   * the limit, given back if the call fails) and counted once by ai.request.completed.v1.
   */
  async askModel<T>(
    purpose: string,
    messages: Parameters<LlmClient['completeJson']>[0]['messages'],
    schema: TSchema,
    caller: Caller,
  ): Promise<{ value: T; engine: Engine }> {
    // A signed-in caller's retry (same Idempotency-Key, routes/documents.ts) is the same request:
    // the same reservation and event id, so billing counts the AI request once.
    const key = caller.credentials['idempotency-key'];
    const retryable =
      caller.principal && key ? `${caller.principal.userId}\u0000${purpose}\u0000${key}` : null;
    const ask = async (reservationId: string | null) => {
      let answer: Awaited<ReturnType<LlmClient['completeJson']>>;
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        answer = await this.deps.llm.completeJson({ mode: 'standard', purpose, messages, schema });
      } catch (error) {
        const failure = error instanceof LlmError ? error : undefined;
        this.deps.llmMetrics?.observe({
          purpose,
          model: failure?.model ?? 'unknown',
          outcome: failure?.kind ?? 'error',
          seconds: seconds(),
          ...(failure?.usage ? failure.usage : {}),
          ...(failure?.costUsd ? { costUsd: Number(failure.costUsd) } : {}),
        });
        if (failure) throw new AppError(failure.status, failure.code, failure.message);
        throw error;
      }
      this.deps.llmMetrics?.observe({
        purpose,
        model: answer.model,
        outcome: 'ok',
        seconds: seconds(),
        promptTokens: answer.usage.promptTokens,
        completionTokens: answer.usage.completionTokens,
        costUsd: Number(answer.costUsd),
      });
      await publishAiRequestCompleted(
        this.deps.db,
        {
          userId: caller.principal?.userId ?? null,
          purpose,
          model: answer.model,
          promptTokens: answer.usage.promptTokens,
          completionTokens: answer.usage.completionTokens,
          costUsd: answer.costUsd,
          ...(reservationId ? { reservationId } : {}),
        },
        retryable ? stableUuid('ai.request.completed.v1', retryable) : undefined,
      );
      this.deps.relay.kick();
      return { value: answer.value as T, engine: { engine: 'llm', model: answer.model } as Engine };
    };
    const quota = caller.principal ? this.deps.quota : undefined;
    if (!quota) return ask(null);
    return quota.withReservation(
      {
        kind: 'ai-request',
        credentials: caller.credentials,
        ...(retryable ? { reservationId: stableUuid('ai-request', retryable) } : {}),
      },
      (decision) => ask(decision.reservationId),
    );
  }

  /** document.generated.v1; a PDF's carries billing's reservation id so it is counted once. */
  async published(
    principal: Principal | null,
    document: Omit<DocumentGeneratedPayload, 'userId'>,
    /** A stable event id (a retried PDF's), so the document is counted once. */
    eventId?: string,
  ): Promise<void> {
    await publishDocumentGenerated(
      this.deps.db,
      { userId: principal?.userId ?? null, ...document },
      eventId,
    );
    this.deps.relay.kick();
  }
}
