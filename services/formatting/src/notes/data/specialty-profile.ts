/**
 * The shape of a specialty's note (its sections, how they feed the common fields, where the
 * offline formatter routes what it finds), apart from the profiles themselves (specialties.ts),
 * so that helpers that transform a profile (medications-in-use.ts) need not import the table.
 */
import type { Professional } from '@pv/contracts';

/** The common fields of a formatted consultation besides `patientData`. */
export const COMMON_FIELDS = [
  'chiefComplaint',
  'historyOfPresentIllness',
  'physicalExam',
  'diagnosticHypothesis',
  'treatment',
  'observations',
] as const;
export type CommonField = (typeof COMMON_FIELDS)[number];

export interface SectionSpec {
  /** Stable camelCase key, unique within the profile (used in the model's JSON output). */
  readonly key: string;
  /** The pt-BR heading shown to the clinician. */
  readonly heading: string;
  /** pt-BR: what belongs in the section (used in LLM prompts). */
  readonly guidance: string;
  /**
   * Lower-case pt-BR words or phrases a clinician says to start this part while dictating.
   * Matched accent- and case-insensitively at the start of a sentence or after punctuation; the
   * longest cue wins. A cue may end with ':' (e.g. 's:') to require the colon.
   */
  readonly cues: readonly string[];
}

/** Where the offline formatter puts what it finds outside the cue structure. */
export interface SectionRouting {
  /** Section of the text dictated before any cue. */
  readonly default: string;
  /** Section that receives the normalised vital signs and measurements (null: left in place). */
  readonly vitals: string | null;
  /** Section that receives medication doses, one per line (null: left in place). */
  readonly medications: string | null;
  /** Sections whose medications stay where they are (medications in use, not prescribed now). */
  readonly keepMedications: readonly string[];
  /** Identification section filled from the patient data when nothing was dictated for it. */
  readonly identification: string | null;
  /** Section that receives the additional context. */
  readonly observations: string;
}

export interface SpecialtyProfile {
  readonly professional: Professional;
  /** The note title, in pt-BR. */
  readonly title: string;
  /** pt-BR: who writes the note. */
  readonly role: string;
  readonly sections: readonly SectionSpec[];
  /** Which section keys feed each common field (in order; none: 'Não informado'). */
  readonly common: Readonly<Record<CommonField, readonly string[]>>;
  readonly routing: SectionRouting;
  /** pt-BR instructions for an LLM writing this note in the profession's clinical style. */
  readonly basePrompt: string;
}
