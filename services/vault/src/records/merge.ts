/**
 * How the two arrivals of one consultation become one record (docs/decisions.md, "Transcript
 * vault"): the consult.formatted.v1 event is authoritative for what the formatting service saw
 * (note, dictation, specialty, length, who, from where); the workspace call adds the edited note
 * and an explicit UF, and otherwise only fills what is still empty. The archive time and month
 * never change after the first arrival. With a transcription id, every format of the dictation
 * updates the same record (issue 13 item 6): the latest format's note, and a new format clears
 * an edit made of the previous one.
 */
import type { Insertable } from 'kysely';
import type { AnonymisedConsult } from '../anonymise/anonymise.js';
import type { VaultRecordRow, VaultRecordsTable } from '../db/schema.js';

export function newRecord(
  consultId: string,
  consult: AnonymisedConsult,
  provisional: boolean,
): Insertable<VaultRecordsTable> {
  return {
    consult_id: consultId,
    date_ym: consult.date_ym,
    geo_region: consult.geo_region,
    timestamp_utc: consult.timestamp_utc,
    audio_length_sec: consult.audio_length_sec,
    professional: consult.professional,
    patient_hash: consult.patient_hash,
    professional_hash: consult.professional_hash,
    ip_hash: consult.ip_hash,
    transcript: consult.transcript,
    raw_transcript: consult.raw_transcript,
    edited_transcript: consult.edited_transcript,
    transcript_teaser: consult.transcript_teaser,
    content_key: consult.content_key,
    has_event: consult.source === 'event',
    has_client: consult.source === 'client',
    provisional_id: provisional,
    geo_explicit: consult.geo_explicit,
    transcription_id: consult.transcriptionId,
    edit_secret_hash: null,
  };
}

export function mergeInto(
  existing: VaultRecordRow,
  incoming: AnonymisedConsult,
): Partial<Insertable<VaultRecordsTable>> {
  // The record is the transcription's from the first arrival that names it.
  const transcription = existing.transcription_id ?? incoming.transcriptionId;
  if (incoming.source === 'event') {
    // A new format of the transcription (its first part) makes an earlier edit of the note stale.
    const newRun = incoming.transcriptionId !== null && (incoming.part?.index ?? 1) === 1;
    return {
      transcription_id: transcription,
      ...(newRun ? { edited_transcript: null } : {}),
      transcript: incoming.transcript,
      transcript_teaser: incoming.transcript_teaser,
      content_key: incoming.content_key,
      raw_transcript: incoming.raw_transcript ?? existing.raw_transcript,
      professional: incoming.professional ?? existing.professional,
      audio_length_sec: incoming.audio_length_sec ?? existing.audio_length_sec,
      patient_hash: incoming.patient_hash ?? existing.patient_hash,
      professional_hash: incoming.professional_hash ?? existing.professional_hash,
      ip_hash: incoming.ip_hash ?? existing.ip_hash,
      geo_region: existing.geo_explicit
        ? existing.geo_region
        : (incoming.geo_region ?? existing.geo_region),
      has_event: true,
      provisional_id: false,
    };
  }
  const fill = <T>(current: T | null, offered: T | null): T | null => current ?? offered;
  return {
    transcription_id: transcription,
    edited_transcript: incoming.edited_transcript ?? existing.edited_transcript,
    raw_transcript: fill(existing.raw_transcript, incoming.raw_transcript),
    professional: fill(existing.professional, incoming.professional),
    audio_length_sec: fill(existing.audio_length_sec, incoming.audio_length_sec),
    patient_hash: fill(existing.patient_hash, incoming.patient_hash),
    professional_hash: fill(existing.professional_hash, incoming.professional_hash),
    ip_hash: fill(existing.ip_hash, incoming.ip_hash),
    geo_region: incoming.geo_explicit
      ? incoming.geo_region
      : fill(existing.geo_region, incoming.geo_region),
    geo_explicit: existing.geo_explicit || incoming.geo_explicit,
    has_client: true,
  };
}
