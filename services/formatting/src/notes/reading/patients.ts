/**
 * Several patients in one dictation. The workspace's 'Novo Paciente' button appends a marker
 * `[Paciente N]` (packages/contracts `patientMarker`), numbering it one above the highest marker
 * already in the transcript. So a clinician who dictates the first patient and then presses the
 * button gets `[Paciente 1]` in front of the *second* patient. The rule here:
 *
 * - Text before the first marker, when there is any, is a patient of its own: patient 1. It is
 *   never context shared with the others.
 * - If that text exists and the first marker numbers 1, every marker is shifted by one
 *   (`[Paciente 1]` starts patient 2, ...). If the markers start at 2 or more, they keep their
 *   numbers.
 * - A number used twice gathers both parts (the clinician went back to a patient); patients are
 *   listed by number; a marker with nothing after it is no patient.
 */
import { patientMarker } from '@pv/contracts';

/** Bounded form of the contracts' PATIENT_MARKER_SOURCE (linear on any input). */
const MARKER = /\[Paciente (\d{1,6})\]/g;

export interface PatientText {
  /** 1-based, after the rule above. */
  number: number;
  text: string;
}

export interface PatientSplit {
  /** Each patient's text, by number. Empty when the dictation has no marker. */
  patients: PatientText[];
}

/** Splits a dictation into its patients (see the file comment). */
export function splitPatients(text: string): PatientSplit {
  const matches = [...text.matchAll(MARKER)];
  if (matches.length === 0) return { patients: [] };
  const first = matches[0] as RegExpMatchArray;
  const before = text.slice(0, first.index ?? 0).trim();
  let lowest = Number.POSITIVE_INFINITY;
  for (const m of matches) lowest = Math.min(lowest, Number(m[1]));
  const shift = before !== '' && lowest <= 1 ? 1 - lowest + 1 : 0;
  const byNumber = new Map<number, string[]>();
  const add = (number: number, part: string) => {
    if (part === '') return;
    const parts = byNumber.get(number) ?? [];
    parts.push(part);
    byNumber.set(number, parts);
  };
  add(1, before);
  matches.forEach((match, i) => {
    const from = (match.index ?? 0) + match[0].length;
    const to = (matches[i + 1] as RegExpMatchArray | undefined)?.index ?? text.length;
    add(Number(match[1]) + shift, text.slice(from, to).trim());
  });
  const patients = [...byNumber.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([number, parts]) => ({ number, text: parts.join('\n') }));
  return { patients };
}

/**
 * The dictation with one marker per patient, numbered by the rule above, so that a model sees
 * exactly the patients the offline formatter would: `[Paciente 1]` in front of text dictated
 * before the first marker, markers renumbered 1..N in order. Without markers, the text as is.
 */
export function normalisePatientMarkers(text: string): { text: string; patients: number } {
  const { patients } = splitPatients(text);
  if (patients.length === 0) return { text, patients: 0 };
  return {
    text: patients.map((p, i) => `${patientMarker(i + 1)}\n${p.text}`).join('\n\n'),
    patients: patients.length,
  };
}
