/**
 * A labelled dictation: what a clinician said (as a speech engine or a keyboard wrote it) and the
 * facts in it, each with the field of the note it belongs to. All names and data are fictitious.
 */
import type { Professional } from '@pv/contracts';

/** 'name' | 'age' | 'gender' (the patient line), or a section key of the professional's note. */
export type FactField = string;

/** [field, text]: the text, as the note may write it, must be found under that field. */
export type Fact = readonly [field: FactField, text: string];

export interface LabelledDictation {
  readonly id: string;
  readonly professional: Professional;
  /**
   * 'speech': lower-case, little or no punctuation, numbers as words (the browser's engine);
   * 'realtime': punctuated and capitalised, unlabelled, maybe with 'Falante N:' lines;
   * 'typed': written at the keyboard, usually with labels ('QP:', 'HD:', 'Conduta:').
   */
  readonly style: 'speech' | 'realtime' | 'typed';
  readonly text: string;
  readonly facts: readonly Fact[];
}
