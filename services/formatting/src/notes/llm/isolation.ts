/**
 * Checks that a multi-patient note keeps every patient to themself: one note per patient, and no
 * patient's distinctive wording inside another patient's note. Used on a model's answer, which may
 * then be rejected or repaired by the caller; the offline formatter is isolated by construction.
 *
 * "Distinctive" is measured on word trigrams of content words (folded, stop words dropped): a
 * trigram of patient A's dictation that occurs in no other patient's dictation. A model rewrites
 * sentences but keeps their key runs of words ('dor precordial irradiada', '150x90 mmhg'), so a
 * note that holds two or more of another patient's distinctive trigrams carries their facts.
 */
import type { FormattedNote } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { type PatientText, splitPatients } from '../reading/patients.js';
import { cleanTranscript } from '../reading/transcript.js';

/** Folded words that say nothing about a particular patient. */
const STOP_WORDS = new Set(
  (
    'a o e de da do das dos em no na nos nas um uma uns umas com sem por para pelo pela que se ' +
    'ao aos as os ou mas nao ha foi sao esta estao tem ter muito mais menos bem mal ja ainda ' +
    'paciente refere relata nega apresenta anos ano dias dia meses mes semanas semana horas hora ' +
    'vez vezes sua seu suas seus ele ela eles elas isso este esta esse essa informado ' +
    'queixa principal historia doenca atual exame fisico conduta plano hipotese diagnostica ' +
    'observacoes antecedentes avaliacao retorno'
  ).split(' '),
);

function contentWords(text: string): string[] {
  return (fold(text).match(/[a-z0-9]+/g) ?? []).filter(
    (w) => (w.length > 1 || /\d/.test(w)) && !STOP_WORDS.has(w),
  );
}

function trigrams(text: string): Set<string> {
  const list = contentWords(text);
  const out = new Set<string>();
  for (let i = 0; i + 2 < list.length; i++) out.add(`${list[i]} ${list[i + 1]} ${list[i + 2]}`);
  return out;
}

export interface IsolationLeak {
  /** 1-based position of the patient whose wording leaked. */
  from: number;
  /** 1-based position of the note it leaked into. */
  into: number;
  /** The distinctive trigrams found (folded). */
  evidence: string[];
}

export interface IsolationReport {
  ok: boolean;
  expectedPatients: number;
  actualPatients: number;
  leaks: IsolationLeak[];
}

/** Shared trigrams of a note that count as a leak. */
const LEAK_EVIDENCE = 2;

/** The text of a note a reader sees: patient line and sections (headings excluded). */
function noteBody(note: FormattedNote): string {
  const { name, age, gender } = note.patientData;
  return [name, age, gender, ...note.sections.map((s) => s.content)].join('\n');
}

/**
 * Checks a multi-patient result against the patients of the dictation (`splitPatients`): the
 * right number of notes, and no note holding another patient's distinctive wording.
 */
export function checkPatientIsolation(
  result: { patients?: readonly FormattedNote[] },
  segments: readonly PatientText[],
): IsolationReport {
  const notes = result.patients ?? [];
  const grams = segments.map((s) => trigrams(s.text));
  const count = new Map<string, number>();
  for (const set of grams) for (const g of set) count.set(g, (count.get(g) ?? 0) + 1);
  const distinctive = grams.map((set) => new Set([...set].filter((g) => count.get(g) === 1)));
  const leaks: IsolationLeak[] = [];
  notes.forEach((note, i) => {
    const body = trigrams(noteBody(note));
    distinctive.forEach((own, j) => {
      if (j === i) return;
      const evidence = [...own].filter((g) => body.has(g));
      if (evidence.length >= LEAK_EVIDENCE) leaks.push({ from: j + 1, into: i + 1, evidence });
    });
  });
  const expected = segments.length;
  return {
    ok: leaks.length === 0 && (expected === 0 || notes.length === expected),
    expectedPatients: expected,
    actualPatients: notes.length,
    leaks,
  };
}

/**
 * What is wrong with a model's multi-patient answer, as a correction the model can act on (it is
 * shown to the model in the corrective retry, never logged: the evidence quotes the dictation);
 * null when the answer keeps every patient apart. `text` is the dictation as the prompt gave it.
 */
export function isolationProblem(
  result: { patients?: readonly FormattedNote[] },
  text: string,
): string | null {
  const segments = splitPatients(cleanTranscript(text)).patients;
  if (segments.length === 0) return null;
  const report = checkPatientIsolation(result, segments);
  if (report.ok) return null;
  const problems: string[] = [];
  if (report.actualPatients !== report.expectedPatients)
    problems.push(
      `a transcrição tem ${report.expectedPatients} pacientes e a resposta trouxe ${report.actualPatients} documentos; produza um documento por marcador [Paciente N]`,
    );
  for (const leak of report.leaks)
    problems.push(
      `o documento do paciente ${leak.into} contém informações ditas do paciente ${leak.from} (${leak.evidence
        .slice(0, 3)
        .join('; ')}); cada dado fica somente no documento do seu paciente`,
    );
  return problems.join('; ');
}
