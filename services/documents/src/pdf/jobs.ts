import {
  AmbulatoryPrescriptionSchema,
  ControlledPrescriptionSchema,
  HospitalPrescriptionSchema,
} from '@pv/contracts';
import { defineJob } from '@pv/service-kit';
import { type Static, Type } from '@sinclair/typebox';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { ambulatoryPdf, controlledPdf, documentPdf, hospitalPdf } from './layouts.js';
import { renderPdf } from './render.js';

/** Default queue name; the running name comes from PDF_QUEUE. */
export const PDF_QUEUE = 'pdf';

const HeaderSchema = Type.Object({
  name: Type.String(),
  registry: Type.String(),
  clinicAddress: Type.String(),
  clinicPhone: Type.String(),
});
const common = { header: HeaderSchema, date: Type.String() };

export const RenderPdfPayloadSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('document'),
    title: Type.String(),
    content: Type.String(),
    patientName: Type.String(),
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
    ...common,
  }),
]);
export type RenderPdfPayload = Static<typeof RenderPdfPayloadSchema>;

/** BullMQ stores results as JSON, so the file travels base64-encoded. */
export interface RenderPdfResult {
  pdfBase64: string;
}

export function definitionFor(payload: RenderPdfPayload): TDocumentDefinitions {
  switch (payload.kind) {
    case 'document':
      return documentPdf(payload);
    case 'hospital':
      return hospitalPdf(payload);
    case 'ambulatory':
      return ambulatoryPdf(payload);
    case 'controlled':
      return controlledPdf(payload);
  }
}

/** Renders one PDF with pdfmake; runs in the pdf-worker process. */
export const renderPdfJob = defineJob({
  queue: PDF_QUEUE,
  name: 'render-pdf',
  payloadSchema: RenderPdfPayloadSchema,
  handler: async (payload): Promise<RenderPdfResult> => {
    const pdf = await renderPdf(definitionFor(payload));
    return { pdfBase64: pdf.toString('base64') };
  },
});
