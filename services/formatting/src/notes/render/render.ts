/**
 * Turning section contents into a FormattedNote and rendering notes as the plain text the
 * clinician reads, edits and copies.
 */
import {
  type FormattedNote,
  NOT_INFORMED,
  type NoteSection,
  type PatientData,
} from '@pv/contracts';
import { COMMON_FIELDS, type SpecialtyProfile } from '../data/specialties.js';

export type NoteWithoutText = Omit<FormattedNote, 'text'>;

const orNotInformed = (value: string | null | undefined): string => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? NOT_INFORMED : trimmed;
};

/**
 * The rendered note:
 *
 *     Consulta Médica
 *     Paciente: João da Silva | Idade: 45 anos | Sexo: Masculino
 *
 *     QUEIXA PRINCIPAL
 *     Cefaleia há três dias.
 *
 *     HISTÓRIA DA DOENÇA ATUAL
 *     Não informado
 */
export function renderNote(note: NoteWithoutText): string {
  const { name, age, gender } = note.patientData;
  const lines = [
    note.title,
    `Paciente: ${orNotInformed(name)} | Idade: ${orNotInformed(age)} | Sexo: ${orNotInformed(gender)}`,
  ];
  for (const section of note.sections) {
    lines.push('', section.heading.toLocaleUpperCase('pt-BR'), orNotInformed(section.content));
  }
  return lines.join('\n');
}

/** One block per patient ('PACIENTE 1', ...) and the consultation summary at the end. */
export function renderMultiPatient(patients: readonly NoteWithoutText[], summary: string): string {
  const blocks = patients.map((patient, i) => `PACIENTE ${i + 1}\n${renderNote(patient)}`);
  blocks.push(`RESUMO DO ATENDIMENTO\n${orNotInformed(summary)}`);
  return blocks.join('\n\n');
}

/**
 * A complete note from the contents of the profile's sections (by key; missing or blank ones read
 * 'Não informado'), with the common fields filled through the profile's mapping and the rendered
 * text.
 */
export function buildNote(
  profile: SpecialtyProfile,
  patientData: Partial<Record<keyof PatientData, string | null>>,
  contents: ReadonlyMap<string, string>,
): FormattedNote {
  const sections: NoteSection[] = profile.sections.map((section) => ({
    key: section.key,
    heading: section.heading,
    content: orNotInformed(contents.get(section.key)),
  }));
  const byKey = new Map(sections.map((s) => [s.key, s]));
  const common = {} as Record<(typeof COMMON_FIELDS)[number], string>;
  for (const field of COMMON_FIELDS) {
    const sources = profile.common[field]
      .map((key) => byKey.get(key))
      .filter((s): s is NoteSection => s !== undefined && s.content !== NOT_INFORMED);
    common[field] =
      sources.length === 0
        ? NOT_INFORMED
        : sources.length === 1
          ? (sources[0] as NoteSection).content
          : sources.map((s) => `${s.heading}: ${s.content}`).join('\n');
  }
  const note: NoteWithoutText = {
    title: profile.title,
    professional: profile.professional,
    patientData: {
      name: orNotInformed(patientData.name),
      age: orNotInformed(patientData.age),
      gender: orNotInformed(patientData.gender),
    },
    ...common,
    sections,
  };
  return { ...note, text: renderNote(note) };
}

const SUMMARY_FIELD_MAX = 160;

/** The first line of a field, without a list dash, shortened at a word boundary. */
function brief(value: string): string {
  const firstLine = (value.split('\n')[0] ?? '').replace(/^[-•]\s*/, '').trim();
  if (firstLine.length <= SUMMARY_FIELD_MAX) return firstLine;
  const cut = firstLine.slice(0, SUMMARY_FIELD_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * 'N pacientes atendidos.' then one line per patient with the name, the chief complaint and the
 * diagnostic hypothesis.
 */
export function buildMultiPatientSummary(patients: readonly NoteWithoutText[]): string {
  const count = patients.length;
  const lines = [`${count} ${count === 1 ? 'paciente atendido' : 'pacientes atendidos'}.`];
  patients.forEach((patient, i) => {
    lines.push(
      `Paciente ${i + 1}: ${patient.patientData.name} — Queixa principal: ${brief(
        patient.chiefComplaint,
      )} — Hipótese diagnóstica: ${brief(patient.diagnosticHypothesis)}`,
    );
  });
  return lines.join('\n');
}
