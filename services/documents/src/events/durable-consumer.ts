import type { EventEnvelope } from '@pv/contracts';
import { type DurableSubscription, subscribeDurable } from '@pv/service-kit/events';
import type { Logger } from 'pino';
import type { DocumentsKysely } from '../db/schema.js';

// The connection type as the kit takes it (documents does not depend on the NATS client itself).
type NatsConnection = Parameters<typeof subscribeDurable>[0];

/** What server.ts gives each of documents' consumers. */
export interface DocumentsConsumerOptions {
  db: DocumentsKysely;
  /** The durable consumer's name (configured per consumer). */
  durable: string;
  log: Logger;
}

/** One durable consumer of one subject: each event applied to documents' database. */
export function startDocumentsConsumer(
  nc: NatsConnection,
  options: DocumentsConsumerOptions & {
    subject: string;
    apply: (db: DocumentsKysely, event: EventEnvelope) => Promise<void>;
  },
): Promise<DurableSubscription> {
  const { db, durable, log, subject, apply } = options;
  return subscribeDurable(nc, {
    durable,
    subjects: [subject],
    handler: (event) => apply(db, event),
    log,
  });
}
