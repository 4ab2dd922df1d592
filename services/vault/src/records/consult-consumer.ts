import type { NatsConnection } from '@nats-io/transport-node';
import type { ConsultFormattedPayload, EventEnvelope } from '@pv/contracts';
import { type DurableSubscription, processOnce, subscribeDurable } from '@pv/service-kit';
import type { Logger } from 'pino';
import { anonymise } from '../anonymise/anonymise.js';
import type { KeyedHasher } from '../anonymise/hashing.js';
import type { VaultKysely } from '../db/types.js';
import { archiveConsult } from './record.service.js';

/**
 * Archives one consult.formatted.v1, once: the event id is recorded in the same transaction as
 * the record (processOnce), and the record is keyed by consultId, so a redelivery, a restart or
 * the workspace's own call never makes a second record.
 */
export async function applyConsultFormatted(
  db: VaultKysely,
  hasher: KeyedHasher,
  event: EventEnvelope,
  log?: Logger,
): Promise<void> {
  const p = event.payload as ConsultFormattedPayload;
  // A malformed event can never be archived: skip it instead of redelivering it for ever.
  if (typeof p?.consultId !== 'string' || typeof p.formattedText !== 'string') {
    log?.warn({ eventId: event.id }, 'consult.formatted.v1 without consultId or note; skipped');
    return;
  }
  // Anonymised before the transaction starts: nothing raw goes near the database.
  const consult = anonymise(
    {
      source: 'event',
      consultId: p.consultId,
      formattedText: p.formattedText,
      rawTranscript: p.rawTranscript,
      editedText: null,
      professional: p.professional,
      audioLengthSec: p.audioLengthSec,
      userId: p.userId,
      clientIp: p.clientIp,
      uf: null,
      at: new Date(event.occurredAt),
    },
    hasher,
  );
  await processOnce(db, event, async (trx) => {
    await archiveConsult(trx, consult);
  });
}

/** The vault's durable consumer of consult.formatted.v1. */
export function startConsultConsumer(
  nc: NatsConnection,
  db: VaultKysely,
  hasher: KeyedHasher,
  durable: string,
  log: Logger,
): Promise<DurableSubscription> {
  return subscribeDurable(nc, {
    durable,
    subjects: ['consult.formatted.v1'],
    handler: (event) => applyConsultFormatted(db, hasher, event, log),
    log,
  });
}
