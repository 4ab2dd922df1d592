import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { AuditRecordedPayloadSchema } from './audit.js';
import {
  ProfessionalRegistrySchema,
  RegistryUfSchema,
  SpecialtySchema,
  UserStatusSchema,
} from './auth.js';
import { DateTimeSchema, Nullable } from './common.js';
import { STORAGE_SOURCES } from './constants/billing.js';
import { AiTemplateTypeSchema, TranscriptionRefSchema } from './formatting.js';
import { ChangedUserVerificationSchema } from './verification.js';

/**
 * Every event travels in this envelope. `id` is unique per event and is what consumers key their
 * idempotency on; `subject` is `<service>.<entity>.<past-verb>.v<n>`.
 */
export const EventEnvelopeSchema = <T extends TSchema>(payload: T) =>
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    subject: Type.String(),
    occurredAt: DateTimeSchema,
    payload,
  });
export interface EventEnvelope<P = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  payload: P;
}

export const UserLoggedInPayloadSchema = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  ipAddress: Type.String(),
  userAgent: Type.String(),
});
export type UserLoggedInPayload = Static<typeof UserLoggedInPayloadSchema>;

export const UserChangedPayloadSchema = Type.Object({
  change: Type.Union([
    Type.Literal('registered'),
    Type.Literal('updated'),
    Type.Literal('deleted'),
  ]),
  user: Type.Object({
    id: Type.String({ format: 'uuid' }),
    firstName: Type.String(),
    lastName: Type.String(),
    fullName: Type.String(),
    email: Type.String(),
    isAdmin: Type.Boolean(),
    isPremium: Type.Boolean(),
    userStatus: UserStatusSchema,
    specialty: Nullable(SpecialtySchema),
    createdAt: DateTimeSchema,
    lastLoginAt: Nullable(DateTimeSchema),
    // The professional's identity, printed on every document (documents keeps a projection).
    // Optional because events published before they existed are still in the stream; auth
    // always sends them now, and a missing one reads as null.
    professionalRegistry: Type.Optional(Nullable(ProfessionalRegistrySchema)),
    registryNumber: Type.Optional(Nullable(Type.String())),
    registryUf: Type.Optional(Nullable(RegistryUfSchema)),
    rqe: Type.Optional(Nullable(Type.String())),
    clinicPhone: Type.Optional(Nullable(Type.String())),
    clinicAddress: Type.Optional(Nullable(Type.String())),
    // Issue 23: whether registry and CPF are verified (absent in older events: pendente).
    professionalVerification: Type.Optional(ChangedUserVerificationSchema),
  }),
});
export type UserChangedPayload = Static<typeof UserChangedPayloadSchema>;

/**
 * A successful format, with its text: the only event that carries clinical text. It travels on
 * the restricted subject `phi.consult.formatted.v1` (stream PV_PHI, kept hours), whose one
 * consumer is the vault, which pseudonymises before storing. `clientIp` is there only for the
 * vault's keyed hash.
 */
export const ConsultFormattedPayloadSchema = Type.Object({
  consultId: Type.String({ format: 'uuid' }),
  userId: Nullable(Type.String({ format: 'uuid' })),
  professional: Type.String(),
  engine: Type.String(),
  rawTranscript: Type.String(),
  formattedText: Type.String(),
  audioLengthSec: Nullable(Type.Number()),
  clientIp: Type.String(),
  /**
   * The workspace's transcription (and part) this format belongs to: the vault keeps one record
   * per transcription, updated by every format of it. Absent from older producers.
   */
  transcription: Type.Optional(Nullable(TranscriptionRefSchema)),
});
export type ConsultFormattedPayload = Static<typeof ConsultFormattedPayloadSchema>;

/**
 * A successful format, for internal teams (billing, analytics): ids, specialty, sizes, engine,
 * tokens and durations; no text, no address. Published as `consult.formatted.v1` beside the
 * restricted `phi.consult.formatted.v1` of the same consult.
 */
export const ConsultFormattedSummaryPayloadSchema = Type.Object({
  consultId: Type.String({ format: 'uuid' }),
  userId: Nullable(Type.String({ format: 'uuid' })),
  professional: Type.String(),
  engine: Type.String(),
  /** Characters of the dictation and of the note. */
  transcriptChars: Type.Integer({ minimum: 0 }),
  formattedChars: Type.Integer({ minimum: 0 }),
  audioLengthSec: Nullable(Type.Number()),
  /** The language model's tokens (0 for the offline formatter). */
  promptTokens: Type.Integer({ minimum: 0 }),
  completionTokens: Type.Integer({ minimum: 0 }),
  /** From the request's arrival to the note, in milliseconds. */
  durationMs: Type.Integer({ minimum: 0 }),
});
export type ConsultFormattedSummaryPayload = Static<typeof ConsultFormattedSummaryPayloadSchema>;

/** One call to a language model (or the offline formatter, with zero tokens and cost). */
export const AiRequestCompletedPayloadSchema = Type.Object({
  userId: Nullable(Type.String({ format: 'uuid' })),
  /** 'format-text' | 'diagnostic-analysis' | 'generate-document' | ... */
  purpose: Type.String(),
  model: Type.String(),
  promptTokens: Type.Integer({ minimum: 0 }),
  completionTokens: Type.Integer({ minimum: 0 }),
  /** Estimated from the configured per-model price table; a decimal string in USD. */
  costUsd: Type.String(),
  /** Billing's quota reservation this call was made under; counting the event settles it. */
  reservationId: Type.Optional(Type.String({ format: 'uuid' })),
});
export type AiRequestCompletedPayload = Static<typeof AiRequestCompletedPayloadSchema>;

/**
 * A document, prescription or PDF was generated (no clinical content). `format`: 'text' for a
 * generated document or text file, 'structured' for a prescription, 'pdf' for a PDF file, 'fhir'
 * for a FHIR export (a file that leaves the clinic, counted with the PDFs).
 */
export const DocumentGeneratedPayloadSchema = Type.Object({
  userId: Nullable(Type.String({ format: 'uuid' })),
  documentType: Type.String(),
  format: Type.Union([
    Type.Literal('text'),
    Type.Literal('structured'),
    Type.Literal('pdf'),
    // A FHIR export (issue 28): counted against the plan as a PDF is.
    Type.Literal('fhir'),
  ]),
  /** The id given to billing's quota reservation for this PDF, so billing counts it once. */
  reservationId: Type.Optional(Type.String({ format: 'uuid' })),
});
export type DocumentGeneratedPayload = Static<typeof DocumentGeneratedPayloadSchema>;

/** Seconds of Super Transcritor a user reported; `usedSeconds` is the month's total after it. */
export const SpeechSecondsPayloadSchema = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  secondsAdded: Type.Integer({ minimum: 0 }),
  usedSeconds: Type.Integer({ minimum: 0 }),
  allowanceSeconds: Type.Integer({ minimum: 0 }),
  /** The calendar month (America/Sao_Paulo) the seconds count in, 'YYYY-MM'. */
  period: Type.String(),
});
export type SpeechSecondsPayload = Static<typeof SpeechSecondsPayloadSchema>;

/**
 * A user's Stripe subscription changed status. Auth stores `subscriptionStatus`; the Premium an
 * admin grants by hand is a separate flag that this event never touches.
 */
export const SubscriptionChangedPayloadSchema = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  subscriptionId: Type.String(),
  subscriptionStatus: Type.String(),
  /** True when the subscription alone makes the user Premium (status active). */
  isPremium: Type.Boolean(),
});
export type SubscriptionChangedPayload = Static<typeof SubscriptionChangedPayloadSchema>;

/**
 * An AI template of the admin's 'Templates IA' tab was created, edited (activated or deactivated
 * included) or deleted, with its state after the change (before it, for a deletion). Published by
 * formatting, which owns the templates; documents keeps a projection of the `document_template`
 * ones (the template of a document type, docs/documents.md). Admin-authored configuration: no
 * patient text, no personal data.
 */
export const AiTemplateChangedPayloadSchema = Type.Object({
  change: Type.Union([Type.Literal('saved'), Type.Literal('deleted')]),
  template: Type.Object({
    id: Type.String({ format: 'uuid' }),
    templateKey: Type.String(),
    templateType: AiTemplateTypeSchema,
    name: Type.String(),
    prompt: Type.String(),
    isActive: Type.Boolean(),
    updatedAt: DateTimeSchema,
  }),
});
export type AiTemplateChangedPayload = Static<typeof AiTemplateChangedPayloadSchema>;

/**
 * How much one service keeps for a user of one kind, after a change (issue 17): the total, not a
 * difference, so a redelivered or replayed event changes nothing. `measuredAt` is taken while the
 * user's storage of that source is locked, so a later measure is always the newer one.
 */
export const StorageChangedPayloadSchema = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  source: Type.Union(STORAGE_SOURCES.map((source) => Type.Literal(source))),
  bytes: Type.Integer({ minimum: 0 }),
  measuredAt: DateTimeSchema,
});
export type StorageChangedPayload = Static<typeof StorageChangedPayloadSchema>;

/** Subject -> payload schema, for every event of the product. */
export const EventCatalog = {
  'auth.user.logged-in.v1': UserLoggedInPayloadSchema,
  'auth.user.changed.v1': UserChangedPayloadSchema,
  'consult.formatted.v1': ConsultFormattedSummaryPayloadSchema,
  'phi.consult.formatted.v1': ConsultFormattedPayloadSchema,
  'ai.request.completed.v1': AiRequestCompletedPayloadSchema,
  'ai.template.changed.v1': AiTemplateChangedPayloadSchema,
  'document.generated.v1': DocumentGeneratedPayloadSchema,
  'usage.speech-seconds.v1': SpeechSecondsPayloadSchema,
  'usage.storage.changed.v1': StorageChangedPayloadSchema,
  'billing.subscription.changed.v1': SubscriptionChangedPayloadSchema,
  'audit.access.recorded.v1': AuditRecordedPayloadSchema,
} as const;
export type EventSubject = keyof typeof EventCatalog;
export type EventPayload<S extends EventSubject> = Static<(typeof EventCatalog)[S]>;
