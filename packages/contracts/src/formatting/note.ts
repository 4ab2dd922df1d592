import { type Static, Type } from '@sinclair/typebox';
import { ClinicalRecordSchema, modelClinicalRecordSchema } from '../clinical-record.js';
import { StringEnum } from '../common.js';
import { PROFESSIONALS } from '../constants/formatting.js';

// The formatted note: what the formatter answers and the documents are written from, and the
// shape a model is asked to answer it in.

export const ProfessionalSchema = Type.Union(
  PROFESSIONALS.map((p) => Type.Literal(p)),
  {
    errorMessage: 'Informe uma especialidade válida da lista.',
  },
);

export const PatientDataSchema = Type.Object({
  name: Type.String(),
  age: Type.String(),
  gender: Type.String(),
});
export type PatientData = Static<typeof PatientDataSchema>;

export const NoteSectionSchema = Type.Object({
  /** Stable key of the section within its specialty (e.g. `occupationalHistory`). */
  key: Type.String(),
  /** The pt-BR heading shown to the clinician. */
  heading: Type.String(),
  content: Type.String(),
});
export type NoteSection = Static<typeof NoteSectionSchema>;

/**
 * A structured clinical note. The seven common fields of a note are always present (missing
 * ones read 'Não informado'); `sections` holds the specialty's own headings, in order, and
 * `text` the rendered note the clinician reads, edits and copies.
 */
export const FormattedNoteSchema = Type.Object({
  title: Type.String(),
  professional: ProfessionalSchema,
  patientData: PatientDataSchema,
  chiefComplaint: Type.String(),
  historyOfPresentIllness: Type.String(),
  physicalExam: Type.String(),
  diagnosticHypothesis: Type.String(),
  treatment: Type.String(),
  observations: Type.String(),
  sections: Type.Array(NoteSectionSchema),
  text: Type.String(),
  /** The note as data (issue 28): what the dictation states, for the FHIR export. */
  record: Type.Optional(ClinicalRecordSchema),
});
export type FormattedNote = Static<typeof FormattedNoteSchema>;

const closed = { additionalProperties: false } as const;

/**
 * The note as a model answers it (the prompt's JSON shape): patient data and the specialty's
 * sections by key, or with several patients one such object each plus the summary. Written for
 * OpenAI's Structured Outputs in strict mode: every object closed, every property required,
 * `Não informado` for what was not said. The formatting worker sends it as the `json_schema`
 * response format and checks the answer against it.
 */
export function modelNoteAnswerSchema(sectionKeys: readonly string[], multiplePatients: boolean) {
  const text = Type.String();
  const patient = Type.Object(
    {
      patientData: Type.Object({ name: text, age: text, gender: text }, closed),
      sections: Type.Array(Type.Object({ key: StringEnum(sectionKeys), content: text }, closed)),
      record: modelClinicalRecordSchema(),
    },
    closed,
  );
  return multiplePatients
    ? Type.Object({ patients: Type.Array(patient), summary: text }, closed)
    : patient;
}
