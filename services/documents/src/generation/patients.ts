import { DocumentRuleMessages, notePatients } from '@pv/contracts';
import { AppError } from '@pv/service-kit/http';

/** The patient a document is for: that patient's part of the note and the name on it. */
export interface ChosenPatient {
  /** 1-based. */
  index: number;
  /** Patients in the note (1 for a note without markers). */
  count: number;
  name: string;
  /** Only this patient's part of the note: what the document is written from. */
  text: string;
}

/**
 * One patient per document (issue 12): a note with several patients needs `patientIndex`
 * (422 PATIENT_REQUIRED); an index beyond the note's patients is 422 PATIENT_NOT_FOUND, also for
 * a one-patient note, so a client that asks for patient 2 never silently gets patient 1.
 */
export function choosePatient(note: string, patientIndex: number | undefined): ChosenPatient {
  const patients = notePatients(note);
  const count = Math.max(patients.length, 1);
  if (patientIndex === undefined && count > 1)
    throw new AppError(422, 'PATIENT_REQUIRED', DocumentRuleMessages.patientRequired);
  const index = patientIndex ?? 1;
  if (index > count)
    throw new AppError(
      422,
      'PATIENT_NOT_FOUND',
      DocumentRuleMessages.patientNotFound(index, count),
    );
  const patient = patients[index - 1];
  return { index, count, name: patient?.name ?? '', text: patient?.text ?? note };
}

/**
 * For a file route: when the body carries the note, the chosen patient is checked and a blank
 * patient name is filled from that patient's part (a name the clinician edited wins).
 */
export function patientNameFor(
  body: { consultationText?: string; patientIndex?: number },
  written: string | undefined,
): string {
  const name = written?.trim() ?? '';
  if (!body.consultationText?.trim()) return name;
  const chosen = choosePatient(body.consultationText, body.patientIndex);
  return name || chosen.name;
}
