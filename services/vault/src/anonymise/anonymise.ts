/**
 * Turns what arrived (the event or the workspace call) into what may be stored: scrubbed texts,
 * keyed hashes, a month and a UF. In LGPD terms this is pseudonymised, not anonymised, data (art.
 * 12 and 13 §4): the keyed hashes can be linked back by whoever holds the key, and the scrubber's
 * recall is measured, not perfect (docs/anonymisation.md). The names 'anonymise' stay for the code.
 */
import { type BrazilianUf, cleanTranscript, VAULT_TEASER_CHARS } from '@pv/contracts';
import type { KeyedHasher } from './hashing.js';
import { regionFromTexts } from './region.js';
import { scrubConsultTexts } from './scrubber.js';

/** A formatted consultation as received. Held in memory only, never stored or logged. */
export interface ReceivedConsult {
  source: 'event' | 'client';
  /** Null for an id-less workspace call. */
  consultId: string | null;
  formattedText: string;
  rawTranscript: string | null;
  editedText: string | null;
  professional: string | null;
  audioLengthSec: number | null;
  userId: string | null;
  clientIp: string | null;
  /** The workspace's explicit UF, when it sent one. */
  uf: BrazilianUf | null;
  at: Date;
  /** The workspace's id of the dictation, when it sent one (one record per transcription). */
  transcriptionId?: string | null;
  /** Which part of the dictation this format was (events only; absent: the whole). */
  part?: { index: number; count: number } | null;
}

export interface AnonymisedConsult {
  source: 'event' | 'client';
  consultId: string | null;
  transcript: string;
  raw_transcript: string | null;
  edited_transcript: string | null;
  transcript_teaser: string;
  patient_hash: string | null;
  professional_hash: string | null;
  ip_hash: string | null;
  content_key: string;
  geo_region: BrazilianUf | null;
  geo_explicit: boolean;
  date_ym: string;
  timestamp_utc: Date;
  audio_length_sec: number | null;
  professional: string | null;
  transcriptionId: string | null;
  part: { index: number; count: number } | null;
}

const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
});

/** 'YYYY-MM' of an instant in America/Sao_Paulo (the product's calendar). */
export function yearMonthOf(at: Date): string {
  const parts = monthFormat.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The first ~200 characters of the scrubbed note on one line, cut between words. */
export function teaserOf(scrubbed: string): string {
  const flat = scrubbed.replace(/\s+/g, ' ').trim();
  if (flat.length <= VAULT_TEASER_CHARS) return flat;
  let cut = flat.slice(0, VAULT_TEASER_CHARS);
  const space = cut.lastIndexOf(' ');
  if (space > VAULT_TEASER_CHARS * 0.6) cut = cut.slice(0, space);
  // Never end inside a tag ('[NOM').
  const open = cut.lastIndexOf('[');
  if (open > cut.lastIndexOf(']')) cut = cut.slice(0, open);
  return `${cut.trimEnd()}…`;
}

const same = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

export function anonymise(consult: ReceivedConsult, hasher: KeyedHasher): AnonymisedConsult {
  const edited =
    consult.editedText &&
    consult.editedText.trim() !== '' &&
    !same(consult.editedText, consult.formattedText)
      ? consult.editedText
      : null;
  // Speaker labels and the workspace's soft line breaks are display, not the dictation.
  const cleaned = consult.rawTranscript ? cleanTranscript(consult.rawTranscript) : '';
  const raw = cleaned.trim() !== '' ? cleaned : null;
  const scrubbed = scrubConsultTexts({
    formatted: consult.formattedText,
    raw,
    edited,
  });
  const region = consult.uf ?? regionFromTexts(consult.formattedText, raw, edited);
  return {
    source: consult.source,
    consultId: consult.consultId,
    transcript: scrubbed.formatted,
    raw_transcript: scrubbed.raw,
    edited_transcript: scrubbed.edited,
    transcript_teaser: teaserOf(scrubbed.formatted),
    // The patient: the fullest name the texts state (findPatientNames sorts longest first).
    patient_hash: hasher.patient(scrubbed.names[0] ?? null),
    professional_hash: hasher.professional(consult.userId),
    ip_hash: hasher.ip(consult.clientIp),
    content_key: hasher.content(consult.formattedText),
    geo_region: region,
    geo_explicit: consult.uf !== null,
    date_ym: yearMonthOf(consult.at),
    timestamp_utc: consult.at,
    audio_length_sec: consult.audioLengthSec,
    professional: consult.professional,
    transcriptionId: consult.transcriptionId ?? null,
    part: consult.part ?? null,
  };
}
