import type {
  AmbulatoryPrescription,
  AmbulatoryPrescriptionPdfBody,
  ControlDecision,
  ControlledPrescriptionPdfBody,
  ControlledPrescriptionResponse,
  ExtractPdfTextResponse,
  GenerateDocumentBody,
  GenerateDocumentResponse,
  GeneratePdfBody,
  HospitalPrescription,
  HospitalPrescriptionPdfBody,
  PrescriptionRequest,
  ReprocessPrescriptionBody,
  ReprocessPrescriptionResponse,
} from '@pv/contracts';
import { api } from './base';
import { apiUrl, errorFromResponse } from './http';

interface EngineFields {
  engine: 'llm' | 'offline';
  model: string;
}

/** The documents service's calls made by the workspace (spec 1 §7). */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateDocument: build.mutation<GenerateDocumentResponse, GenerateDocumentBody>({
      query: (body) => ({ url: '/api/generate-document', method: 'POST', body }),
    }),
    hospitalPrescription: build.mutation<
      { prescription: HospitalPrescription } & EngineFields,
      PrescriptionRequest
    >({
      query: (body) => ({ url: '/api/prescriptions/hospital', method: 'POST', body }),
    }),
    ambulatoryPrescription: build.mutation<
      { prescription: AmbulatoryPrescription; controlled: ControlDecision[] } & EngineFields,
      PrescriptionRequest
    >({
      query: (body) => ({ url: '/api/prescriptions/ambulatory', method: 'POST', body }),
    }),
    controlledPrescription: build.mutation<ControlledPrescriptionResponse, PrescriptionRequest>({
      query: (body) => ({ url: '/api/prescriptions/controlled', method: 'POST', body }),
    }),
    reprocessPrescription: build.mutation<ReprocessPrescriptionResponse, ReprocessPrescriptionBody>(
      {
        query: (body) => ({ url: '/api/prescriptions/reprocess', method: 'POST', body }),
      },
    ),
  }),
});

export const {
  useGenerateDocumentMutation,
  useHospitalPrescriptionMutation,
  useAmbulatoryPrescriptionMutation,
  useControlledPrescriptionMutation,
  useReprocessPrescriptionMutation,
} = documentsApi;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), else `fallback`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed escape: use the plain name below
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

async function postForFile(path: string, body: unknown, fallbackName: string) {
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName),
  } satisfies DownloadedFile;
}

export const generatePdf = (body: GeneratePdfBody) =>
  postForFile('/api/generate-pdf', body, 'documento.pdf');
export const generateTextDocument = (body: GeneratePdfBody) =>
  postForFile('/api/generate-text-document', body, 'documento.txt');
export const hospitalPrescriptionPdf = (body: HospitalPrescriptionPdfBody) =>
  postForFile('/api/generate-hospital-prescription-pdf', body, 'prescricao-hospitalar.pdf');
export const ambulatoryPrescriptionPdf = (body: AmbulatoryPrescriptionPdfBody) =>
  postForFile('/api/prescriptions/ambulatory/pdf', body, 'prescricao-ambulatorial.pdf');
export const controlledPrescriptionPdf = (body: ControlledPrescriptionPdfBody) =>
  postForFile('/api/prescriptions/controlled/pdf', body, 'receituario-controle-especial.pdf');

/** POST /api/extract-pdf-text (multipart field "file"). */
export async function extractPdfText(file: File): Promise<ExtractPdfTextResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(apiUrl('/api/extract-pdf-text'), {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as ExtractPdfTextResponse;
}
