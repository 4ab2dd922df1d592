import {
  AmbulatoryPrescriptionSchema,
  ControlledPrescriptionSchema,
  HospitalPrescriptionSchema,
} from '@pv/contracts';
import { defineJob } from '@pv/service-kit';
import { type Static, Type } from '@sinclair/typebox';

// The PDF queue's job as the HTTP service and the pdf-worker both know it: everything the layout
// prints is decided before the job is queued, so the layout applies no rule of its own. The
// handler lives in src/workers/pdf-handlers.ts.

/** Default queue name; the running name comes from PDF_QUEUE. */
export const PDF_QUEUE = 'pdf';

/**
 * How far the header is vouched for: `verified` (the signed-in professional's profile),
 * `registry-missing` (signed in, no registry yet: a blank line for a stamp) or `unverified`
 * (typed by an anonymous caller: printed with a line saying so).
 */
export const PdfHeaderStatusSchema = Type.Union([
  Type.Literal('verified'),
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
});
export type PdfHeader = Static<typeof PdfHeaderSchema>;

/** One drug of the RCE as printed: the quantity already written out in words. */
export const RceRowSchema = Type.Object({
  medication: Type.String(),
  quantity: Type.String(),
  posology: Type.String(),
});
export type RceRow = Static<typeof RceRowSchema>;

const common = { header: PdfHeaderSchema, date: Type.String() };

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
