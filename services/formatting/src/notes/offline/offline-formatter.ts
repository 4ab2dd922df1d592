/**
 * The built-in formatter: a deterministic note from the dictation's own cues, used when no model
 * is available (or fails). It
 *
 * 1. cleans the transcript (speaker labels, error lines, the workspace's soft line breaks), turns
 *    dictated punctuation ('vírgula', 'ponto final', 'nova linha') into punctuation and corrects
 *    words against the medical dictionary;
 * 2. splits a multi-patient dictation at the patient markers, the text before the first marker
 *    being patient 1 (patients.ts);
 * 3. builds each patient's note on its own (note-builder.ts): sections from labels and spoken
 *    cues, vital signs and doses normalised one per line where they belong, the patient line from
 *    the name, age and sex said, 'Não informado' for everything missing.
 *
 * Linear in the length of the dictation: an 8-hour dictation formats in well under a second.
 */
import type { FormattedNote, Professional } from '@pv/contracts';
import { compiledProfile } from '../reading/cues.js';
import {
  applyMedicalDictionary,
  buildMedicalDictionary,
  type MedicalDictionary,
} from '../reading/dictionary.js';
import { splitPatients } from '../reading/patients.js';
import { applyDictatedPunctuation } from '../reading/punctuation.js';
import { cleanTranscript } from '../reading/transcript.js';
import { buildMultiPatientSummary, renderMultiPatient } from '../render/render.js';
import { buildPatientNote } from './note-builder.js';

export { type PatientSplit, type PatientText, splitPatients } from '../reading/patients.js';
export { applyDictatedPunctuation } from '../reading/punctuation.js';

export interface OfflineFormatInput {
  text: string;
  professional: Professional;
  additionalContext?: string | null;
  multiplePatients?: boolean;
  medicalTerms?: string[];
}

/** One patient: `formatted`. Multiple patients: `patients` and `summary`. `text` always. */
export interface FormatResult {
  formatted?: FormattedNote;
  patients?: FormattedNote[];
  summary?: string;
  text: string;
}

const dictionaries = new Map<string, MedicalDictionary>();
const MAX_CACHED_DICTIONARIES = 4;

function dictionaryFor(terms: readonly string[]): MedicalDictionary {
  const key = terms.join('\n');
  let dictionary = dictionaries.get(key);
  if (!dictionary) {
    dictionary = buildMedicalDictionary(terms);
    if (dictionaries.size >= MAX_CACHED_DICTIONARIES) {
      const oldest = dictionaries.keys().next().value;
      if (oldest !== undefined) dictionaries.delete(oldest);
    }
    dictionaries.set(key, dictionary);
  }
  return dictionary;
}

/** Bounded form of the contracts' marker pattern (linear on any input). */
const ANY_MARKER = /\[Paciente \d{1,6}\]/g;

/** The dictation as note text: cleaned, punctuated and corrected (step 1 above). */
export function prepareDictation(text: string, medicalTerms?: readonly string[]): string {
  let prepared = applyDictatedPunctuation(cleanTranscript(text));
  if (medicalTerms && medicalTerms.length > 0) {
    prepared = applyMedicalDictionary(prepared, dictionaryFor(medicalTerms)).text;
  }
  return prepared;
}

/**
 * The note (or, with `multiplePatients`, one note per patient and a summary) made from the
 * dictation without a model. The dictation is cleaned here (`cleanTranscript`): callers may pass
 * the transcript as the workspace shows it. Custom templates and system instructions are applied
 * afterwards by the caller (`shapeOfflineResult`, templates.ts).
 */
export function formatOffline(input: OfflineFormatInput): FormatResult {
  const cp = compiledProfile(input.professional);
  const text = prepareDictation(input.text, input.medicalTerms);
  const additionalContext = input.additionalContext ?? null;

  if (!input.multiplePatients) {
    const single = text.replace(ANY_MARKER, '\n');
    const formatted = buildPatientNote(cp, single, {
      additionalContext,
      identifyFromContext: true,
    });
    return { formatted, text: formatted.text };
  }

  const split = splitPatients(text);
  const parts = split.patients.length === 0 ? [{ number: 1, text }] : split.patients;
  // With several patients, the additional context is nobody's name or age.
  const identifyFromContext = parts.length === 1;
  const patients = parts.map((part) =>
    buildPatientNote(cp, part.text, { additionalContext, identifyFromContext }),
  );
  const summary = buildMultiPatientSummary(patients);
  return { patients, summary, text: renderMultiPatient(patients, summary) };
}
