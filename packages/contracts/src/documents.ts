import { type Static, Type } from '@sinclair/typebox';
import { ErrorSchema } from './common.js';
import { DOCUMENT_TYPES, DocumentMessages, SigningMessages } from './constants/documents.js';
import {
  AmbulatoryPrescriptionPdfBodySchema,
  ControlledPrescriptionPdfBodySchema,
  ExtractPdfTextResponseSchema,
  GeneratePdfBodySchema,
  HospitalPrescriptionPdfBodySchema,
  PdfFileSchema,
} from './documents/pdfs.js';
import {
  AmbulatoryPrescriptionResponseSchema,
  ControlledPrescriptionResponseSchema,
  HospitalPrescriptionResponseSchema,
  PrescriptionRequestSchema,
  ReprocessPrescriptionBodySchema,
  ReprocessPrescriptionResponseSchema,
} from './documents/prescriptions.js';
import {
  ConsultationTextSchema,
  ContextSchema,
  PatientIndexSchema,
  ProfessionalProfileSchema,
} from './documents/request-fields.js';
import {
  ItiVerificationSchema,
  SignedDocumentFileQuerySchema,
  SignedDocumentParamsSchema,
  SigningCertificateSchema,
  VerifyDocumentQuerySchema,
} from './documents/signing.js';
import { FormattedNoteSchema, FormattingEngineSchema } from './formatting.js';
import { defineRoute } from './route.js';

// The schemas of prescriptions, PDFs and signing live in documents/ by resource; this module is
// the documents service's contract as the package exports it (the same names as ever).
export {
  type AmbulatoryPrescriptionPdfBody,
  AmbulatoryPrescriptionPdfBodySchema,
  type ControlledPrescriptionPdfBody,
  ControlledPrescriptionPdfBodySchema,
  type ExtractPdfTextResponse,
  ExtractPdfTextResponseSchema,
  type GeneratePdfBody,
  GeneratePdfBodySchema,
  type HospitalPrescriptionPdfBody,
  HospitalPrescriptionPdfBodySchema,
} from './documents/pdfs.js';
export {
  AmbulatoryMedicationSchema,
  type AmbulatoryPrescription,
  AmbulatoryPrescriptionResponseSchema,
  AmbulatoryPrescriptionSchema,
  type ControlDecision,
  ControlDecisionSchema,
  type ControlledList,
  ControlledListSchema,
  type ControlledMedication,
  ControlledMedicationSchema,
  type ControlledPrescription,
  type ControlledPrescriptionResponse,
  ControlledPrescriptionResponseSchema,
  ControlledPrescriptionSchema,
  HospitalMedicationSchema,
  type HospitalPrescription,
  HospitalPrescriptionResponseSchema,
  HospitalPrescriptionSchema,
  type PrescriptionRequest,
  type ReprocessPrescriptionBody,
  ReprocessPrescriptionBodySchema,
  type ReprocessPrescriptionResponse,
  ReprocessPrescriptionResponseSchema,
  type RequiredNotification,
  RequiredNotificationSchema,
} from './documents/prescriptions.js';
export { type ProfessionalProfile, ProfessionalProfileSchema } from './documents/request-fields.js';
export {
  type ItiVerification,
  ItiVerificationSchema,
  type SignatureRequest,
  SignatureRequestSchema,
  SignedDocumentFileQuerySchema,
  SignedDocumentParamsSchema,
  type SigningCertificate,
  SigningCertificateSchema,
  VerifyDocumentQuerySchema,
} from './documents/signing.js';

const DocumentTypeSchema = Type.Union(
  DOCUMENT_TYPES.map((t) => Type.Literal(t)),
  { errorMessage: DocumentMessages.unknownDocumentType },
);

/** Medical certificate options (CFM rules: the diagnosis only with the patient's consent). */
export const CertificateOptionsSchema = Type.Object({
  daysOff: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  cid: Type.Optional(Type.String({ maxLength: 20 })),
  /** The patient authorised stating the diagnosis or CID on the certificate. */
  diagnosisAuthorized: Type.Optional(Type.Boolean()),
});
export type CertificateOptions = Static<typeof CertificateOptionsSchema>;

export const GenerateDocumentBodySchema = Type.Object({
  /** The formatted note; blank or missing answers 'Texto formatado não disponível'. */
  consultationText: Type.Optional(ConsultationTextSchema),
  documentType: DocumentTypeSchema,
  professional: Type.Optional(Type.String({ maxLength: 100 })),
  additionalContext: ContextSchema,
  profile: Type.Optional(ProfessionalProfileSchema),
  certificate: Type.Optional(CertificateOptionsSchema),
  patientIndex: PatientIndexSchema,
});
export type GenerateDocumentBody = Static<typeof GenerateDocumentBodySchema>;

export const GenerateDocumentResponseSchema = Type.Object({
  /** The document as text the clinician reads and edits; /api/generate-pdf renders it. */
  document: Type.String(),
  title: Type.String(),
  documentType: DocumentTypeSchema,
  engine: FormattingEngineSchema,
  model: Type.String(),
});
export type GenerateDocumentResponse = Static<typeof GenerateDocumentResponseSchema>;

const tags = ['documents'];

/**
 * The FHIR export (issue 28, docs/fhir-export.md): one patient's formatted note (with its record)
 * and, optionally, the signed document it went into. The Bundle is built on request and never
 * stored.
 */
export const FhirExportBodySchema = Type.Object({
  note: FormattedNoteSchema,
  /** A signed PDF of the caller's (X-Document-Id of the signing answer): a DocumentReference. */
  signedDocumentId: Type.Optional(
    Type.String({ format: 'uuid', errorMessage: 'Identificador do documento assinado inválido.' }),
  ),
  /** An anonymous caller's typed profile (a signed-in caller's comes from the account). */
  profile: Type.Optional(ProfessionalProfileSchema),
});
export type FhirExportBody = Static<typeof FhirExportBodySchema>;

/** A FHIR R4 `document` Bundle (application/fhir+json); validated against R4 in the tests. */
export const FhirBundleSchema = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description: 'FHIR R4 Bundle of type document (application/fhir+json)',
  additionalProperties: true,
});

/**
 * The documents service's routes. All are public: the workspace's tool is open to anonymous
 * visitors; a signed-in caller's id goes on document.generated.v1.
 */
export const DocumentsRoutes = {
  exportFhir: defineRoute({
    method: 'POST',
    url: '/api/export/fhir',
    access: 'public',
    summary: "Export one patient's note as a FHIR R4 document Bundle (application/fhir+json)",
    tags,
    body: FhirExportBodySchema,
    response: { 200: FhirBundleSchema },
  }),
  generateDocument: defineRoute({
    method: 'POST',
    url: '/api/generate-document',
    access: 'public',
    summary: 'Generate a clinical document of the chosen type from the formatted note',
    tags,
    body: GenerateDocumentBodySchema,
    response: { 200: GenerateDocumentResponseSchema, 502: ErrorSchema, 504: ErrorSchema },
  }),
  generatePdf: defineRoute({
    method: 'POST',
    url: '/api/generate-pdf',
    access: 'public',
    summary: 'Render a document as an A4 PDF (file name in Content-Disposition)',
    tags,
    body: GeneratePdfBodySchema,
    response: { 200: PdfFileSchema, 504: ErrorSchema },
  }),
  generateTextDocument: defineRoute({
    method: 'POST',
    url: '/api/generate-text-document',
    access: 'public',
    summary: 'The same document as plain text (the mobile fallback)',
    tags,
    body: GeneratePdfBodySchema,
    response: { 200: Type.String({ description: 'text/plain; charset=utf-8' }) },
  }),
  hospitalPrescriptionPdf: defineRoute({
    method: 'POST',
    url: '/api/generate-hospital-prescription-pdf',
    access: 'public',
    summary: 'Render a hospital prescription as a PDF',
    tags,
    body: HospitalPrescriptionPdfBodySchema,
    response: { 200: PdfFileSchema, 504: ErrorSchema },
  }),
  hospitalPrescription: defineRoute({
    method: 'POST',
    url: '/api/prescriptions/hospital',
    access: 'public',
    summary: 'Generate a hospital prescription from the formatted note',
    tags,
    body: PrescriptionRequestSchema,
    response: { 200: HospitalPrescriptionResponseSchema, 502: ErrorSchema, 504: ErrorSchema },
  }),
  ambulatoryPrescription: defineRoute({
    method: 'POST',
    url: '/api/prescriptions/ambulatory',
    access: 'public',
    summary: 'Generate an ambulatory prescription, flagging controlled drugs',
    tags,
    body: PrescriptionRequestSchema,
    response: { 200: AmbulatoryPrescriptionResponseSchema, 502: ErrorSchema, 504: ErrorSchema },
  }),
  controlledPrescription: defineRoute({
    method: 'POST',
    url: '/api/prescriptions/controlled',
    access: 'public',
    summary: 'Generate a controlled-drug prescription (Receituário de Controle Especial)',
    tags,
    body: PrescriptionRequestSchema,
    response: { 200: ControlledPrescriptionResponseSchema, 502: ErrorSchema, 504: ErrorSchema },
  }),
  reprocessPrescription: defineRoute({
    method: 'POST',
    url: '/api/prescriptions/reprocess',
    access: 'public',
    summary: "Reprocess an edited prescription with the clinician's corrections",
    tags,
    body: ReprocessPrescriptionBodySchema,
    response: { 200: ReprocessPrescriptionResponseSchema, 502: ErrorSchema, 504: ErrorSchema },
  }),
  ambulatoryPrescriptionPdf: defineRoute({
    method: 'POST',
    url: '/api/prescriptions/ambulatory/pdf',
    access: 'public',
    summary: 'Render an ambulatory prescription as a PDF',
    tags,
    body: AmbulatoryPrescriptionPdfBodySchema,
    response: { 200: PdfFileSchema, 504: ErrorSchema },
  }),
  controlledPrescriptionPdf: defineRoute({
    method: 'POST',
    url: '/api/prescriptions/controlled/pdf',
    access: 'public',
    summary:
      'Render the Receituário de Controle Especial (two copies); 422 for a list A or B drug, which needs a Notificação de Receita',
    tags,
    body: ControlledPrescriptionPdfBodySchema,
    response: { 200: PdfFileSchema, 422: ErrorSchema, 504: ErrorSchema },
  }),
  putSigningCertificate: defineRoute({
    method: 'PUT',
    url: '/api/signing-certificate',
    access: 'premium',
    forbiddenMessage: SigningMessages.premiumOnly,
    summary:
      'Store the caller\'s A1 certificate (multipart: "certificate" .pfx/.p12, "password"), encrypted at rest',
    tags,
    response: {
      200: SigningCertificateSchema,
      413: ErrorSchema,
      415: ErrorSchema,
      422: ErrorSchema,
    },
  }),
  getSigningCertificate: defineRoute({
    method: 'GET',
    url: '/api/signing-certificate',
    access: 'premium',
    forbiddenMessage: SigningMessages.premiumOnly,
    summary: "The caller's stored signing certificate; 404 without one",
    tags,
    response: { 200: SigningCertificateSchema, 404: ErrorSchema },
  }),
  deleteSigningCertificate: defineRoute({
    method: 'DELETE',
    url: '/api/signing-certificate',
    access: 'premium',
    forbiddenMessage: SigningMessages.premiumOnly,
    summary: "Remove the caller's signing certificate",
    tags,
    response: { 200: Type.Object({ message: Type.String() }), 404: ErrorSchema },
  }),
  verifyDocument: defineRoute({
    method: 'GET',
    url: '/api/documents/:id/verify',
    access: 'public',
    summary:
      'ITI validator entry (QR code): with _format=application/validador-iti+json and _secretCode, where to download the signed PDF',
    tags,
    params: SignedDocumentParamsSchema,
    querystring: VerifyDocumentQuerySchema,
    response: {
      200: ItiVerificationSchema,
      401: ErrorSchema,
      404: ErrorSchema,
      429: ErrorSchema,
      // The S3-compatible store of signed PDFs (SIGNED_DOCUMENTS_S3_BUCKET) did not answer.
      503: ErrorSchema,
    },
  }),
  signedDocumentFile: defineRoute({
    method: 'GET',
    url: '/api/documents/:id/file',
    access: 'public',
    summary: 'The signed PDF, byte for byte as it was issued (needs its _secretCode)',
    tags,
    params: SignedDocumentParamsSchema,
    querystring: SignedDocumentFileQuerySchema,
    response: {
      200: PdfFileSchema,
      401: ErrorSchema,
      404: ErrorSchema,
      429: ErrorSchema,
      503: ErrorSchema,
    },
  }),
  extractPdfText: defineRoute({
    method: 'POST',
    url: '/api/extract-pdf-text',
    access: 'public',
    summary:
      'Extract the text of an uploaded PDF (multipart field "file"; at most 10 MB, 200 pages, 20 s)',
    tags,
    response: { 200: ExtractPdfTextResponseSchema, 415: ErrorSchema, 422: ErrorSchema },
  }),
} as const;
