import { type Static, Type } from '@sinclair/typebox';
import {
  AmbulatoryPrescriptionSchema,
  ControlledPrescriptionSchema,
  HospitalPrescriptionSchema,
} from './prescriptions.js';
import { ProfessionalProfileSchema, patientChoice } from './request-fields.js';
import { signature } from './signing.js';

// The PDF routes' bodies and answers: a document or a prescription rendered as a PDF (signed
// when asked), and the text read back out of an uploaded PDF.

export const GeneratePdfBodySchema = Type.Object({
  content: Type.Optional(Type.String({ maxLength: 500_000 })),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  documentType: Type.Optional(Type.String({ maxLength: 100 })),
  professional: Type.Optional(Type.String({ maxLength: 100 })),
  patientName: Type.Optional(Type.String({ maxLength: 200 })),
  /** Printed under the patient's name when given (CFM 2.381/2024). */
  patientCpf: Type.Optional(Type.String({ maxLength: 20 })),
  profile: Type.Optional(ProfessionalProfileSchema),
  ...patientChoice,
  signature,
});
export type GeneratePdfBody = Static<typeof GeneratePdfBodySchema>;

export const HospitalPrescriptionPdfBodySchema = Type.Object({
  prescription: HospitalPrescriptionSchema,
  title: Type.Optional(Type.String({ maxLength: 200 })),
  institutionName: Type.Optional(Type.String({ maxLength: 200 })),
  doctorName: Type.Optional(Type.String({ maxLength: 200 })),
  crm: Type.Optional(Type.String({ maxLength: 100 })),
  profile: Type.Optional(ProfessionalProfileSchema),
  ...patientChoice,
  signature,
});
export type HospitalPrescriptionPdfBody = Static<typeof HospitalPrescriptionPdfBodySchema>;

export const AmbulatoryPrescriptionPdfBodySchema = Type.Object({
  prescription: AmbulatoryPrescriptionSchema,
  profile: Type.Optional(ProfessionalProfileSchema),
  ...patientChoice,
  signature,
});
export type AmbulatoryPrescriptionPdfBody = Static<typeof AmbulatoryPrescriptionPdfBodySchema>;

export const ControlledPrescriptionPdfBodySchema = Type.Object({
  prescription: ControlledPrescriptionSchema,
  profile: Type.Optional(ProfessionalProfileSchema),
  ...patientChoice,
  signature,
});
export type ControlledPrescriptionPdfBody = Static<typeof ControlledPrescriptionPdfBodySchema>;

/** A PDF file (application/pdf); its name comes in Content-Disposition. */
export const PdfFileSchema = Type.String({ format: 'binary', description: 'application/pdf' });

export const ExtractPdfTextResponseSchema = Type.Object({
  text: Type.String(),
  pages: Type.Integer({ minimum: 0 }),
});
export type ExtractPdfTextResponse = Static<typeof ExtractPdfTextResponseSchema>;
