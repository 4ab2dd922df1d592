import type { TSchema } from '@sinclair/typebox';
import { EventCatalog, type EventSubject } from './events.js';
import { publishedSchema } from './published-schema.js';

/**
 * What a team consuming an event needs besides its schema: who publishes it, when, who reads it
 * today, and whether it may be read outside the clinical core.
 * - `phi-free`: ids, counts, money, timestamps; no clinical text and no direct identifier beyond
 *   an opaque user id. Any internal team may consume it.
 * - `restricted`: clinical text (PHI) or direct personal identifiers (name, email, IP address).
 *   A new consumer needs the data protection officer's approval and must not persist the
 *   restricted fields without anonymisation (see docs/events.md).
 */
export interface EventChannelInfo {
  /** The publishing services, comma-separated (the NATS authorization is derived from it). */
  publisher: string;
  summary: string;
  classification: 'phi-free' | 'restricted';
  /** Why a restricted event is restricted. */
  restrictedBecause?: string;
  /**
   * `<service> (<durable>)[, why]`: the services reading it and their durable consumers' default
   * names, from which the catalog derives each service's NATS permissions.
   */
  consumers: string[];
}

export const EVENT_CHANNELS: Record<EventSubject, EventChannelInfo> = {
  'auth.user.logged-in.v1': {
    publisher: 'auth',
    summary: 'Every successful login, including the automatic one after sign-up.',
    classification: 'restricted',
    restrictedBecause: 'carries the client IP address and user agent',
    consumers: ['billing (billing-usage)', 'analytics (analytics-events)'],
  },
  'auth.user.changed.v1': {
    publisher: 'auth',
    summary:
      'A user was registered, updated or deleted (sign-up, admin edit, profile update, first admin).',
    classification: 'restricted',
    restrictedBecause: 'carries names and email',
    consumers: [
      'billing (billing-usage)',
      'support (support-users)',
      'analytics (analytics-events)',
      'formatting (formatting-users), which erases the user',
      'documents (documents-professionals), the professional printed on documents',
    ],
  },
  'consult.formatted.v1': {
    publisher: 'formatting',
    summary:
      'A successful POST /api/format-text: ids, specialty, sizes, engine, tokens and duration (no text).',
    classification: 'phi-free',
    consumers: ['billing (billing-usage)', 'analytics (analytics-events)'],
  },
  'phi.consult.formatted.v1': {
    publisher: 'formatting',
    summary:
      'The same format with the dictation and the note, on the short-lived PV_PHI stream, for the vault only.',
    classification: 'restricted',
    restrictedBecause: 'carries clinical text (PHI) and the client IP address',
    consumers: ['vault (vault-consults), which pseudonymises before storing'],
  },
  'ai.request.completed.v1': {
    publisher: 'formatting',
    summary: 'A call that reached a language model: purpose, model, tokens and estimated cost.',
    classification: 'phi-free',
    consumers: ['billing (billing-usage)', 'analytics (analytics-events)'],
  },
  'ai.template.changed.v1': {
    publisher: 'formatting',
    summary:
      "An AI template of the admin's 'Templates IA' tab was created, edited, activated, deactivated or deleted (its key, type, name, prompt and state; admin-authored text, no patient data).",
    classification: 'phi-free',
    consumers: ['documents (documents-ai-templates), the document templates by document type'],
  },
  'document.generated.v1': {
    publisher: 'documents',
    summary: 'A document, prescription, text file or PDF was generated (no content).',
    classification: 'phi-free',
    consumers: ['billing (billing-usage)'],
  },
  'usage.speech-seconds.v1': {
    publisher: 'billing',
    summary: 'Seconds of Super Transcritor a user reported, with the month total.',
    classification: 'phi-free',
    consumers: [],
  },
  'usage.storage.changed.v1': {
    publisher: 'formatting, documents',
    summary:
      "A user's stored bytes of one kind (custom templates, signed documents, signing certificate) after a change.",
    classification: 'phi-free',
    consumers: ['billing (billing-usage)'],
  },
  'billing.subscription.changed.v1': {
    publisher: 'billing',
    summary: "A Stripe subscription's status changed.",
    classification: 'phi-free',
    consumers: ['auth (auth-subscriptions)'],
  },
  'audit.access.recorded.v1': {
    publisher: 'auth, formatting, billing, support, vault, analytics',
    summary:
      'A member of staff read, exported, changed or deleted sensitive data (the audit trail).',
    classification: 'restricted',
    restrictedBecause: "carries the staff member's e-mail and IP address",
    consumers: ['auth (auth-audit), the append-only audit log'],
  },
};

/** The subjects any internal team may consume. */
export const PHI_FREE_SUBJECTS = (Object.keys(EVENT_CHANNELS) as EventSubject[]).filter(
  (subject) => EVENT_CHANNELS[subject].classification === 'phi-free',
);

/** A TypeBox schema as published: plain JSON Schema, `errorMessage` as `x-errorMessage`. */
const plain = (schema: TSchema): Record<string, unknown> => publishedSchema(schema);

const ENVELOPE_DESCRIPTION =
  'Every event travels in this envelope; `id` is what consumers key their idempotency on and is ' +
  'also the JetStream message id (Nats-Msg-Id), so a duplicate publish is dropped by the stream.';

/**
 * The AsyncAPI 3 document of every event, generated from the contracts (docs/api/
 * events.asyncapi.json is this, checked by packages/contracts/test/asyncapi.test.ts).
 */
export function asyncApiDocument(): Record<string, unknown> {
  const subjects = Object.keys(EventCatalog) as EventSubject[];
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const subject of subjects) {
    const info = EVENT_CHANNELS[subject];
    schemas[subject] = plain(EventCatalog[subject]);
    messages[subject] = {
      name: subject,
      title: subject,
      summary: info.summary,
      contentType: 'application/json',
      tags: [{ name: info.classification }, { name: `publisher:${info.publisher}` }],
      'x-pv-classification': info.classification,
      ...(info.restrictedBecause ? { 'x-pv-restricted-because': info.restrictedBecause } : {}),
      payload: {
        type: 'object',
        description: ENVELOPE_DESCRIPTION,
        required: ['id', 'subject', 'occurredAt', 'payload'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          subject: { type: 'string', const: subject },
          occurredAt: { type: 'string', format: 'date-time' },
          payload: { $ref: `#/components/schemas/${subject}` },
        },
      },
    };
    channels[subject] = {
      address: subject,
      title: subject,
      description:
        `${info.summary} Published by ${info.publisher}; read today by ` +
        `${info.consumers.length > 0 ? info.consumers.join(', ') : 'no service'}. ` +
        `Classification: ${info.classification}` +
        `${info.restrictedBecause ? ` (${info.restrictedBecause})` : ''}.`,
      messages: { [subject]: { $ref: `#/components/messages/${subject}` } },
    };
    operations[`${info.publisher}.publishes.${subject}`] = {
      action: 'send',
      title: `${info.publisher} publishes ${subject}`,
      channel: { $ref: `#/channels/${subject}` },
      messages: [{ $ref: `#/channels/${subject}/messages/${subject}` }],
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Prontuário Voz events',
      version: '1.0.0',
      description:
        'Facts the services share through NATS JetStream (stream PV_EVENTS, file storage, 30 ' +
        "days' retention). Subjects read <service>.<entity>.<past-verb>.v<n>; a breaking change " +
        'gets a new subject (v2) published next to v1 until every consumer moved. Messages tagged ' +
        '`phi-free` may be consumed by any internal team; `restricted` ones need approval. ' +
        'Guarantees and an example consumer: docs/events.md.',
    },
    defaultContentType: 'application/json',
    servers: {
      cluster: {
        host: 'pv-nats.pv-data.svc:4222',
        protocol: 'nats',
        description: 'JetStream; consume through a durable consumer on the stream PV_EVENTS.',
      },
    },
    channels,
    operations,
    components: { messages, schemas },
  };
}
