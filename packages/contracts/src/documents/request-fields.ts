import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../common.js';
import { DocumentRuleMessages } from '../constants/documents.js';

// What the document, prescription and PDF requests of the documents service share: who the
// document names and which note (and which of its patients) it is written from.

/**
 * A header typed by an anonymous caller (the tool is open without an account). It is printed
 * under a visible "Identificação profissional não verificada" line; for a signed-in caller it is
 * ignored and the header comes from the profile auth holds (docs/professional-identity.md, "Who the document
 * names").
 */
export const ProfessionalProfileSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  /** e.g. 'CRM/SP 123456' or 'COREN/RJ 98765'. */
  registry: Type.Optional(Type.String({ maxLength: 100 })),
  rqe: Type.Optional(Type.String({ maxLength: 20 })),
  clinicAddress: Type.Optional(Type.String({ maxLength: 300 })),
  clinicPhone: Type.Optional(Type.String({ maxLength: 50 })),
});
export type ProfessionalProfile = Static<typeof ProfessionalProfileSchema>;

export const ConsultationTextSchema = Type.String({ maxLength: 200_000 });
export const ContextSchema = Type.Optional(Nullable(Type.String({ maxLength: 20_000 })));

/**
 * One patient per document: for a note with several patients (`notePatients`), the 1-based
 * patient the document is for. Required then (422 PATIENT_REQUIRED), ignored for a one-patient
 * note; beyond the note's patients, 422 PATIENT_NOT_FOUND.
 */
export const PatientIndexSchema = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: 1000,
    errorMessage: DocumentRuleMessages.patientIndexInvalid,
  }),
);

/**
 * What a file route (PDF, text file, reprocess) may add so the server checks the patient: the
 * note and the chosen patient. With them a blank patient name is filled from that patient's part
 * of the note; without the note the route prints what the body says.
 */
export const patientChoice = {
  consultationText: Type.Optional(ConsultationTextSchema),
  patientIndex: PatientIndexSchema,
};
