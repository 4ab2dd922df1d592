import {
  type ArchiveConsultBody,
  type ConsultFormattedPayload,
  type EventEnvelope,
  VaultMessages,
} from '@pv/contracts';
import { processOnce } from '@pv/service-kit/events';
import { addressKey, badRequest, type RateLimit, type RateLimiter } from '@pv/service-kit/http';
import type { Logger } from 'pino';
import { anonymise } from '../anonymise/anonymise.js';
import type { KeyedHasher } from '../anonymise/hashing.js';
import type { VaultKysely } from '../db/schema.js';
import { archiveConsult } from './record.service.js';

/**
 * The workspace's archive call is public: a per-address ceiling (VAULT_CONSULT_MAX_PER_HOUR)
 * keeps anyone from flooding the archive. Counted by the address' keyed hash, so not even Redis
 * holds an address of the vault.
 */
export const consultLimit = (maxPerHour: number): RateLimit => ({
  name: 'consult-rate',
  points: maxPerHour,
  durationSeconds: 3_600,
  message: VaultMessages.tooManyConsults,
  code: 'VAULT_CONSULT_RATE_LIMITED',
});

export interface ConsultArchiveDeps {
  db: VaultKysely;
  hasher: KeyedHasher;
  /** The workspace call's ceiling (see consultLimit); the event path is never limited. */
  limiter?: RateLimiter;
}

/**
 * Both ways a consultation reaches the vault, the workspace's call and
 * consult.formatted.v1: anonymised before any transaction starts (nothing raw goes near the
 * database), then archived as one record per consultation whatever the order of the two.
 */
export class ConsultArchive {
  constructor(private readonly deps: ConsultArchiveDeps) {}

  async fromWorkspace(
    body: ArchiveConsultBody,
    caller: { ip: string; userId: string | null },
  ): Promise<{ consultId: string; created: boolean; editSecret?: string }> {
    const formattedText = body.formattedText?.trim() ? body.formattedText : body.transcript;
    if (!formattedText?.trim())
      throw badRequest(VaultMessages.consultTextRequired, 'VAULT_TEXT_REQUIRED');
    await this.deps.limiter?.consume(this.deps.hasher.ip(addressKey(caller.ip)) ?? 'no-address');
    const consult = anonymise(
      {
        source: 'client',
        consultId: body.consultId ?? null,
        formattedText,
        rawTranscript: body.rawTranscript ?? null,
        editedText: body.editedText ?? null,
        professional: body.professional ?? null,
        audioLengthSec: body.audioLengthSec ?? null,
        userId: caller.userId,
        clientIp: caller.ip,
        uf: body.uf ?? null,
        at: new Date(),
        transcriptionId: body.transcriptionId ?? null,
        part: null,
      },
      this.deps.hasher,
    );
    return this.deps.db
      .transaction()
      .execute((trx) => archiveConsult(trx, consult, { editSecret: body.editSecret ?? null }));
  }

  /**
   * Archives one consult.formatted.v1, once: the event id is recorded in the same transaction as
   * the record (processOnce), and the record is keyed by consultId, so a redelivery, a restart or
   * the workspace's own call never makes a second record.
   */
  async fromEvent(event: EventEnvelope, log?: Logger): Promise<void> {
    const p = event.payload as ConsultFormattedPayload;
    // A malformed event can never be archived: skip it instead of redelivering it for ever.
    if (typeof p?.consultId !== 'string' || typeof p.formattedText !== 'string') {
      log?.warn({ eventId: event.id }, 'consult.formatted.v1 without consultId or note; skipped');
      return;
    }
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
        transcriptionId: p.transcription?.id ?? null,
        part: p.transcription
          ? { index: p.transcription.part, count: p.transcription.parts }
          : null,
      },
      this.deps.hasher,
    );
    await processOnce(this.deps.db, event, async (trx) => {
      await archiveConsult(trx, consult);
    });
  }
}
