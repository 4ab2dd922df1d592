import {
  AmbulatoryPrescriptionSchema,
  ControlledPrescriptionSchema,
  HospitalPrescriptionSchema,
} from '@pv/contracts';
import { defineJob } from '@pv/service-kit/jobs';
import { type Static, Type } from '@sinclair/typebox';

// The PDF queue's job as the HTTP service and the pdf-worker both know it: everything the layout
// prints is decided before the job is queued, so the layout applies no rule of its own. The
// handler lives in src/workers/pdf-handlers.ts.

/** Default queue name; the running name comes from PDF_QUEUE. */
export const PDF_QUEUE = 'pdf';

/**
 * How far the header is vouched for: `verified` (the signed-in professional's profile, registry
 * and CPF verified by auth), `pending-verification` (the profile, not verified yet: printed with
 * the 'não verificada' line, issue 23), `registry-missing` (signed in, no registry yet: a blank
 * line for a stamp, and the line too) or `unverified` (typed by an anonymous caller: printed with
 * a line saying so).
 */
export const PdfHeaderStatusSchema = Type.Union([
  Type.Literal('verified'),
  Type.Literal('pending-verification'),
  Type.Literal('registry-missing'),
  Type.Literal('unverified'),
]);
export type PdfHeaderStatus = Static<typeof PdfHeaderStatusSchema>;

/** The professional's data printed at the top of every page. */
export const PdfHeaderSchema = Type.Object({
  status: PdfHeaderStatusSchema,
  name: Type.String(),
  /** 'CRM/SP 123456'. */
  registry: Type.String(),
  rqe: Type.String(),
  clinicAddress: Type.String(),
  clinicPhone: Type.String(),
  // The registration as structured fields, when the header's source has them (the auth
  // profile's council, registryNumber and registryUf); the ITI metadata prefers them to
  // parsing `registry` (src/pdf/iti.ts).
  council: Type.Optional(Type.String()),
  registryNumber: Type.Optional(Type.String()),
  registryUf: Type.Optional(Type.String()),
});
export type PdfHeader = Static<typeof PdfHeaderSchema>;

/** One drug of the RCE as printed: the quantity already written out in words. */
export const RceRowSchema = Type.Object({
  medication: Type.String(),
  quantity: Type.String(),
  posology: Type.String(),
});
export type RceRow = Static<typeof RceRowSchema>;

const Base64 = Type.String({ contentEncoding: 'base64' });

/**
 * What the worker needs to sign: the stored certificate envelope (the A1 file under its data key,
 * the data key wrapped by the KEK) and the request's password sealed with that data key. Job data
 * stays in Redis for a while after the job, so neither travels in the clear: reading it takes the
 * KEK, which only the documents service and the pdf-worker hold (SIGNING_KEK).
 */
export const PdfSigningSchema = Type.Object({
  certificate: Type.Object({
    /** Owner and row the envelope is bound to (its AAD): a swapped ciphertext does not open. */
    owner: Type.String(),
    id: Type.String(),
    keyId: Type.String(),
    wrappedKey: Base64,
    nonce: Base64,
    ciphertext: Base64,
  }),
  password: Type.Object({ nonce: Base64, ciphertext: Base64 }),
  /** The signature dictionary's /Reason, e.g. 'Prescrição de medicamento'. */
  reason: Type.String(),
});
export type PdfSigning = Static<typeof PdfSigningSchema>;

/** Printed on a signed PDF: the verification code and the URL its QR code carries. */
export const PdfVerificationSchema = Type.Object({
  code: Type.String(),
  url: Type.String(),
  /** Issue 23: signed under a root of SIGNING_EXTRA_TRUST_ROOTS, not ICP-Brasil: the page says so. */
  extraRoot: Type.Optional(Type.Boolean()),
});
export type PdfVerification = Static<typeof PdfVerificationSchema>;

const common = {
  header: PdfHeaderSchema,
  date: Type.String(),
  /** The ITI document type (keys of @pv/signing's ITI_DOCUMENT_TYPES) for the Info dictionary. */
  itiType: Type.Optional(Type.String()),
  verification: Type.Optional(PdfVerificationSchema),
  signing: Type.Optional(PdfSigningSchema),
};

export const RenderPdfPayloadSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('document'),
    title: Type.String(),
    content: Type.String(),
    patientName: Type.String(),
    patientCpf: Type.String(),
    ...common,
  }),
  Type.Object({
    kind: Type.Literal('hospital'),
    prescription: HospitalPrescriptionSchema,
    title: Type.String(),
    institutionName: Type.String(),
    doctorName: Type.String(),
    crm: Type.String(),
    ...common,
  }),
  Type.Object({
    kind: Type.Literal('ambulatory'),
    prescription: AmbulatoryPrescriptionSchema,
    ...common,
  }),
  Type.Object({
    kind: Type.Literal('controlled'),
    prescription: ControlledPrescriptionSchema,
    rows: Type.Array(RceRowSchema),
    /** The free text of the RCE that is not a field or a drug line, printed on both copies. */
    notes: Type.String(),
    ...common,
  }),
]);
export type RenderPdfPayload = Static<typeof RenderPdfPayloadSchema>;

/** Renders one PDF with pdfmake. BullMQ stores results as JSON, so the file travels base64-encoded. */
export const RenderPdfJob = defineJob({
  queue: PDF_QUEUE,
  name: 'render-pdf',
  payloadSchema: RenderPdfPayloadSchema,
  resultSchema: Type.Object({ pdfBase64: Type.String() }),
});
