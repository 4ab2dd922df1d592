import type {
  AmbulatoryPrescription,
  AmbulatoryPrescriptionPdfBody,
  ControlDecision,
  ControlledPrescriptionPdfBody,
  ControlledPrescriptionResponse,
  ExtractPdfTextResponse,
  FhirExportBody,
  GenerateDocumentBody,
  GenerateDocumentResponse,
  GeneratePdfBody,
  HospitalPrescription,
  HospitalPrescriptionPdfBody,
  PrescriptionRequest,
  ReprocessPrescriptionBody,
  ReprocessPrescriptionResponse,
  SigningCertificate,
} from '@pv/contracts';
import { api } from './base';
import { apiUrl, errorFromResponse, idempotencyHeader, postJson, queryErrorOf } from './http';
import { withRetries } from './retries';

interface EngineFields {
  engine: 'llm' | 'offline';
  model: string;
}

/** The documents service's calls made by the workspace. */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Retried with one idempotency key per press (api/retries.ts). */
    generateDocument: build.mutation<GenerateDocumentResponse, GenerateDocumentBody>({
      queryFn: async (body) => {
        const idempotencyKey = crypto.randomUUID();
        try {
          const data = await withRetries(() =>
            postJson<GenerateDocumentResponse>('/api/generate-document', body, { idempotencyKey }),
          );
          return { data };
        } catch (error) {
          return { error: queryErrorOf(error) };
        }
      },
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
    /** 404 (no certificate) comes back as an error; the section reads it as "none". */
    signingCertificate: build.query<SigningCertificate, void>({
      query: () => '/api/signing-certificate',
      providesTags: ['SigningCertificate'],
    }),
    uploadSigningCertificate: build.mutation<SigningCertificate, { file: File; password: string }>({
      query: ({ file, password }) => {
        const form = new FormData();
        form.append('password', password);
        form.append('certificate', file, file.name);
        return { url: '/api/signing-certificate', method: 'PUT', body: form };
      },
      invalidatesTags: ['SigningCertificate'],
    }),
    deleteSigningCertificate: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/api/signing-certificate', method: 'DELETE' }),
      invalidatesTags: ['SigningCertificate'],
    }),
  }),
});

export const {
  useGenerateDocumentMutation,
  useHospitalPrescriptionMutation,
  useAmbulatoryPrescriptionMutation,
  useControlledPrescriptionMutation,
  useReprocessPrescriptionMutation,
  useSigningCertificateQuery,
  useUploadSigningCertificateMutation,
  useDeleteSigningCertificateMutation,
} = documentsApi;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  /** A signed PDF's verification code (X-Verification-Code). */
  verificationCode?: string;
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

/**
 * POSTs for a file (a PDF, a text document), retried with one idempotency key per call on the
 * product's policy (api/retries.ts): the server renders it again but counts it once.
 */
async function postForFile(path: string, body: unknown, fallbackName: string) {
  const idempotencyKey = crypto.randomUUID();
  return withRetries(() => postForFileOnce(path, body, fallbackName, idempotencyKey));
}

async function postForFileOnce(
  path: string,
  body: unknown,
  fallbackName: string,
  idempotencyKey: string,
) {
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', ...idempotencyHeader(idempotencyKey) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  const code = response.headers.get('x-verification-code');
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName),
    ...(code ? { verificationCode: code } : {}),
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
/** The note as a FHIR R4 document Bundle (issue 28): a file download, like the PDFs. */
export const exportFhir = (body: FhirExportBody) =>
  postForFile('/api/export/fhir', body, 'nota-fhir.json');

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
