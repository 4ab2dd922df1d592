import { type Static, Type } from '@sinclair/typebox';
import { ErrorSchema, Nullable } from './common.js';
import {
  DOCUMENT_TYPES,
  DocumentMessages,
  DocumentRuleMessages,
  ITI_VALIDATOR_FORMAT,
  SIGNING_PASSWORD_MAX_LENGTH,
  SigningMessages,
  VERIFICATION_CODE_PATTERN,
} from './constants/documents.js';
import { FormattedNoteSchema, FormattingEngineSchema } from './formatting.js';
import { defineRoute } from './route.js';

const DocumentTypeSchema = Type.Union(
  DOCUMENT_TYPES.map((t) => Type.Literal(t)),
  { errorMessage: DocumentMessages.unknownDocumentType },
);

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

/** Medical certificate options (CFM rules: the diagnosis only with the patient's consent). */
export const CertificateOptionsSchema = Type.Object({
  daysOff: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  cid: Type.Optional(Type.String({ maxLength: 20 })),
  /** The patient authorised stating the diagnosis or CID on the certificate. */
  diagnosisAuthorized: Type.Optional(Type.Boolean()),
});
export type CertificateOptions = Static<typeof CertificateOptionsSchema>;

const ConsultationTextSchema = Type.String({ maxLength: 200_000 });
const ContextSchema = Type.Optional(Nullable(Type.String({ maxLength: 20_000 })));

/**
 * One patient per document: for a note with several patients (`notePatients`), the 1-based
 * patient the document is for. Required then (422 PATIENT_REQUIRED), ignored for a one-patient
 * note; beyond the note's patients, 422 PATIENT_NOT_FOUND.
 */
const PatientIndexSchema = Type.Optional(
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
const patientChoice = {
  consultationText: Type.Optional(ConsultationTextSchema),
  patientIndex: PatientIndexSchema,
};

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

// ---- prescriptions ----------------------------------------------------------------------------

/** Portaria SVS/MS 344/98 lists a controlled drug may belong to (C4 has no substance left). */
export const ControlledListSchema = Type.Union(
  ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2', 'C3', 'C5'].map((l) => Type.Literal(l)),
);
export type ControlledList = Static<typeof ControlledListSchema>;

/**
 * Bounds of the prescriptions' printed fields. The PDF renderer's cost grows faster than the text
 * (900,000 characters in one field ran past the 90 s job timeout on an anonymous call), so every
 * field has a length a real prescription never reaches: a line, a medication's own text, the
 * free-text parts (the same 20,000 as a reprocessing's corrections).
 */
const PRESCRIPTION_LINE_MAX = 500;
const PRESCRIPTION_ITEM_MAX = 2_000;
const PRESCRIPTION_FREE_TEXT_MAX = 20_000;
const Line = () => Type.String({ maxLength: PRESCRIPTION_LINE_MAX });
const Item = () => Type.String({ maxLength: PRESCRIPTION_ITEM_MAX });
const FreeText = () => Type.String({ maxLength: PRESCRIPTION_FREE_TEXT_MAX });

export const HospitalMedicationSchema = Type.Object({
  medication: Line(),
  route: Line(),
  dilution: Item(),
  schedule: Item(),
  observations: Item(),
});
export const HospitalPrescriptionSchema = Type.Object({
  patientData: Type.Object({
    name: Line(),
    age: Line(),
    gender: Line(),
    medicalRecord: Line(),
  }),
  medications: Type.Array(HospitalMedicationSchema, { maxItems: 200 }),
  generalObservations: FreeText(),
  prescribingPhysician: Line(),
});
export type HospitalPrescription = Static<typeof HospitalPrescriptionSchema>;

export const AmbulatoryMedicationSchema = Type.Object({
  medication: Line(),
  dosage: Line(),
  instructions: Item(),
  /**
   * Sent: the clinician's "Controlado" flag. Answered: the effective control, the table OR the
   * flag (a flag is never dropped, a drug the table knows is never unflagged).
   */
  isControlled: Type.Boolean(),
  /** Filled by the server: the list of Portaria 344/98 (C1 for a flagged drug the table lacks). */
  list: Type.Optional(Nullable(ControlledListSchema)),
});
export const AmbulatoryPrescriptionSchema = Type.Object({
  patientData: Type.Object({
    name: Line(),
    birthDate: Line(),
    cpf: Line(),
    rg: Line(),
    address: Line(),
    phone: Line(),
  }),
  prescriptionDate: Line(),
  medications: Type.Array(AmbulatoryMedicationSchema, { maxItems: 200 }),
  generalInstructions: FreeText(),
  returnDate: Line(),
  prescribingPhysician: Type.Object({
    name: Line(),
    crm: Line(),
    date: Line(),
  }),
  hasControlledMedications: Type.Boolean(),
});
export type AmbulatoryPrescription = Static<typeof AmbulatoryPrescriptionSchema>;

export const ControlledMedicationSchema = Type.Object({
  medication: Line(),
  /** Quantity in numerals, e.g. '30'. */
  quantity: Line(),
  /** The unit of the quantity, e.g. 'comprimidos'. */
  unit: Line(),
  posology: Item(),
  /** Filled by the server from the controlled-drug table; null when not found there. */
  list: Type.Optional(Nullable(ControlledListSchema)),
});
export type ControlledMedication = Static<typeof ControlledMedicationSchema>;

/**
 * The controlled prescription, edited as free text (`text`) in the workspace; the structured
 * fields are what the Receituário de Controle Especial PDF prints.
 */
export const ControlledPrescriptionSchema = Type.Object({
  patientData: Type.Object({
    name: Line(),
    address: Line(),
    /** Printed when given (CFM 2.381/2024: the patient's CPF when informed). */
    cpf: Type.Optional(Type.String({ maxLength: 20 })),
  }),
  medications: Type.Array(ControlledMedicationSchema, { maxItems: 50 }),
  text: FreeText(),
  date: Line(),
});
export type ControlledPrescription = Static<typeof ControlledPrescriptionSchema>;

/** A drug the RCE cannot carry (lists A, B, C2, C3): the notification it needs instead. */
export const RequiredNotificationSchema = Type.Object({
  medication: Type.String(),
  list: ControlledListSchema,
  /**
   * 'Notificação de Receita A' | 'Notificação de Receita B' | 'Notificação de Receita B2' |
   * 'Notificação de Receita Especial para retinoides' | '... de talidomida e análogos'.
   */
  notification: Type.String(),
  message: Type.String(),
});
export type RequiredNotification = Static<typeof RequiredNotificationSchema>;

/**
 * Where one controlled (or flagged) row of a prescription must go, decided on the server from
 * the Annex I table OR the clinician's flag.
 */
export const ControlDecisionSchema = Type.Object({
  /** 0-based row of the prescription's medications. */
  row: Type.Integer({ minimum: 0 }),
  medication: Type.String(),
  list: ControlledListSchema,
  /** 'RCE' or a notification (NOTIFICACAO_A, NOTIFICACAO_B, NOTIFICACAO_B2, ...). */
  form: Type.String(),
  /** pt-BR name of the form, e.g. 'Notificação de Receita B'. */
  formLabel: Type.String(),
  /** 'table' | 'table-and-flag' | 'clinician-flag' (a flagged drug the table lacks is C1). */
  reason: Type.String(),
  /** pt-BR sentence naming the drug and the form it needs. */
  message: Type.String(),
});
export type ControlDecision = Static<typeof ControlDecisionSchema>;

const PrescriptionRequestSchema = Type.Object({
  consultationText: Type.Optional(ConsultationTextSchema),
  additionalContext: ContextSchema,
  profile: Type.Optional(ProfessionalProfileSchema),
  patientIndex: PatientIndexSchema,
});
export type PrescriptionRequest = Static<typeof PrescriptionRequestSchema>;

const engineFields = { engine: FormattingEngineSchema, model: Type.String() };

export const HospitalPrescriptionResponseSchema = Type.Object({
  prescription: HospitalPrescriptionSchema,
  ...engineFields,
});
export const AmbulatoryPrescriptionResponseSchema = Type.Object({
  prescription: AmbulatoryPrescriptionSchema,
  /** Rows that cannot go on this simple prescription, and the form each needs. */
  controlled: Type.Array(ControlDecisionSchema),
  ...engineFields,
});
export const ControlledPrescriptionResponseSchema = Type.Object({
  prescription: ControlledPrescriptionSchema,
  /** Drugs found that need a notification: the RCE cannot be used for them. */
  requiredNotifications: Type.Array(RequiredNotificationSchema),
  /** Every row's control: the table's list, or C1 for a drug only the clinician marked. */
  controlled: Type.Array(ControlDecisionSchema),
  ...engineFields,
});
export type ControlledPrescriptionResponse = Static<typeof ControlledPrescriptionResponseSchema>;

export const ReprocessPrescriptionBodySchema = Type.Union([
  Type.Object({
    kind: Type.Literal('hospital'),
    prescription: HospitalPrescriptionSchema,
    corrections: Type.Optional(Type.String({ maxLength: 20_000 })),
    ...patientChoice,
  }),
  Type.Object({
    kind: Type.Literal('ambulatory'),
    prescription: AmbulatoryPrescriptionSchema,
    corrections: Type.Optional(Type.String({ maxLength: 20_000 })),
    ...patientChoice,
  }),
  Type.Object({
    kind: Type.Literal('controlled'),
    prescription: ControlledPrescriptionSchema,
    corrections: Type.Optional(Type.String({ maxLength: 20_000 })),
    ...patientChoice,
  }),
]);
export type ReprocessPrescriptionBody = Static<typeof ReprocessPrescriptionBodySchema>;

export const ReprocessPrescriptionResponseSchema = Type.Union([
  Type.Object({ kind: Type.Literal('hospital'), ...HospitalPrescriptionResponseSchema.properties }),
  Type.Object({
    kind: Type.Literal('ambulatory'),
    ...AmbulatoryPrescriptionResponseSchema.properties,
  }),
  Type.Object({
    kind: Type.Literal('controlled'),
    ...ControlledPrescriptionResponseSchema.properties,
  }),
]);
export type ReprocessPrescriptionResponse = Static<typeof ReprocessPrescriptionResponseSchema>;

// ---- PDFs and text documents ------------------------------------------------------------------

/**
 * Asks for the PDF signed (PAdES) with the caller's stored A1 certificate (Premium). The password
 * opens the certificate for this one PDF; it is never stored, logged or echoed.
 */
export const SignatureRequestSchema = Type.Object({
  password: Type.String({
    minLength: 1,
    maxLength: SIGNING_PASSWORD_MAX_LENGTH,
    errorMessage: SigningMessages.noPassword,
  }),
});
export type SignatureRequest = Static<typeof SignatureRequestSchema>;
const signature = Type.Optional(SignatureRequestSchema);

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
const PdfFileSchema = Type.String({ format: 'binary', description: 'application/pdf' });

export const ExtractPdfTextResponseSchema = Type.Object({
  text: Type.String(),
  pages: Type.Integer({ minimum: 0 }),
});
export type ExtractPdfTextResponse = Static<typeof ExtractPdfTextResponseSchema>;

/** What a signing certificate says (PUT/GET /api/signing-certificate). */
export const SigningCertificateSchema = Type.Object({
  /** The holder's common name (ICP-Brasil e-CPF: "NAME:CPF"). */
  subjectName: Type.String(),
  /** 11 digits from the ICP-Brasil otherName 2.16.76.1.3.1, or null. */
  cpf: Nullable(Type.String()),
  issuerName: Type.String(),
  notBefore: Type.String({ format: 'date-time' }),
  notAfter: Type.String({ format: 'date-time' }),
  /** Whether its chain ends in an ICP-Brasil root shipped with the product. */
  icpBrasil: Type.Boolean(),
  /** Issue 23: 'extra' when it chains to a root of SIGNING_EXTRA_TRUST_ROOTS instead. */
  trustRoot: Type.Optional(Type.Union([Type.Literal('icp-brasil'), Type.Literal('extra')])),
});
export type SigningCertificate = Static<typeof SigningCertificateSchema>;

const VerificationCodeSchema = Type.String({
  pattern: VERIFICATION_CODE_PATTERN,
  errorMessage: SigningMessages.wrongCode,
});
export const SignedDocumentParamsSchema = Type.Object({
  // Not `format: uuid`: any other id is simply unknown (404), as the ITI validator expects.
  id: Type.String({ minLength: 1, maxLength: 64 }),
});
export const VerifyDocumentQuerySchema = Type.Object({
  // An unescaped '+' in a query string reads as a space: both spellings are the ITI format.
  _format: Type.Optional(
    Type.Union(
      [Type.Literal(ITI_VALIDATOR_FORMAT), Type.Literal(ITI_VALIDATOR_FORMAT.replace('+', ' '))],
      { errorMessage: SigningMessages.badFormat },
    ),
  ),
  _secretCode: Type.Optional(VerificationCodeSchema),
});
export const SignedDocumentFileQuerySchema = Type.Object({
  _secretCode: Type.Optional(VerificationCodeSchema),
});

/** The ITI validator's answer format: where to download the signed file. */
export const ItiVerificationSchema = Type.Object({
  version: Type.Literal('1.0.0'),
  prescription: Type.Object({
    signatureFiles: Type.Array(Type.Object({ url: Type.String() })),
  }),
});
export type ItiVerification = Static<typeof ItiVerificationSchema>;

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
