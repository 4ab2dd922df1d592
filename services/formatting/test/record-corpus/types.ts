/**
 * A dictation labelled with the structured record it states (issue 28 item 2): what a clinician
 * said and, slot by slot, what the record must hold. All names and data are fictitious. Written
 * before the record extraction was tuned and kept apart from the tuning corpus
 * (test/corpus): nothing here was used to write the rules.
 */
import type { Professional, VitalKind } from '@pv/contracts';

export type MedicationAction = 'start' | 'change' | 'stop';

export interface ExpectedRecord {
  readonly patient?: {
    readonly name?: string;
    readonly age?: string;
    readonly sex?: 'male' | 'female';
    readonly cpf?: string;
    readonly cns?: string;
  };
  /** [kind, value]: '160/100' for a pressure, else the number as dictated in digits ('36,8'). */
  readonly vitals?: readonly (readonly [VitalKind, string])[];
  /** Problems and hypotheses, as said; with the CID-10 code when dictated ('J18'). */
  readonly problems?: readonly (readonly [text: string, cid10?: string])[];
  readonly allergies?: readonly string[];
  /** Medications the patient already takes: 'losartana 50 mg'. */
  readonly inUse?: readonly string[];
  /** Medications started, changed or stopped today. */
  readonly orders?: readonly (readonly [MedicationAction, string])[];
  /** Exams ('exam') and referrals ('referral') requested. */
  readonly requests?: readonly (readonly ['exam' | 'referral', string])[];
  readonly returnVisit?: string;
}

export interface RecordDictation {
  readonly id: string;
  readonly professional: Professional;
  readonly style: 'speech' | 'realtime' | 'typed';
  readonly text: string;
  readonly expected: ExpectedRecord;
}
