import type {
  DiagnosticAnalysisBody,
  DiagnosticAnalysisResponse,
  FormatTextBody,
  FormatTextResponse,
} from '@pv/contracts';
import { api } from './base';
import { ApiCallError, apiUrl, errorFromResponse } from './http';

/** The formatting service's calls made by the workspace (spec 1 §7); templates: api/account.ts. */
export const formattingApi = api.injectEndpoints({
  endpoints: (build) => ({
    diagnosticAnalysis: build.mutation<DiagnosticAnalysisResponse, DiagnosticAnalysisBody>({
      query: (body) => ({ url: '/api/diagnostic-analysis', method: 'POST', body }),
    }),
  }),
});

export const { useDiagnosticAnalysisMutation } = formattingApi;

/**
 * POST /api/format-text as a Server-Sent Events stream (docs/decisions.md "Streaming"): `delta`
 * events carry the note written so far, then one `result` (the JSON answer) or one `error`.
 */
export async function streamFormatText(
  body: FormatTextBody,
  onDelta: (textSoFar: string) => void,
  signal?: AbortSignal,
): Promise<FormatTextResponse> {
  const response = await fetch(apiUrl('/api/format-text'), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await errorFromResponse(response);
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream') || !response.body)
    return (await response.json()) as FormatTextResponse;

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const event = parseSseEvent(buffer.slice(0, boundary));
      buffer = buffer.slice(boundary + 2);
      if (event?.name === 'delta') onDelta((event.data as { text: string }).text);
      if (event?.name === 'result') return event.data as FormatTextResponse;
      if (event?.name === 'error') {
        const failure = event.data as { statusCode?: number; message?: string; code?: string };
        throw new ApiCallError(failure.statusCode ?? 500, failure.message ?? 'Erro', failure.code);
      }
      boundary = buffer.indexOf('\n\n');
    }
    if (done) break;
  }
  throw new ApiCallError(502, '502: a resposta da formatação terminou antes do resultado');
}

/**
 * Whether a failed format may be retried with the same request id: no answer at all, an answer
 * cut before its result, or a 5xx without the error shape (a proxy's, not the service's). A
 * clear answer (a code and a message: a limit, NO_WORKER, a model failure) is shown as it is.
 */
export function unreadableFailure(error: unknown): boolean {
  if (!(error instanceof ApiCallError)) return !(error instanceof DOMException);
  return error.code === undefined && error.status >= 500;
}

/** Shown when the server could not be reached at all, even after the retries. */
export const FORMAT_CONNECTION_LOST =
  'Não foi possível falar com o servidor. Verifique a conexão e tente novamente.';

/**
 * One press of 'Formatar' for one part: streamed, and retried with the same request id when the
 * answer could not be read (after 1.5 s, 3 s and 6 s: long enough for a restarting process), so a
 * note written while its answer was lost is delivered (and counted) once instead of being lost.
 */
export async function formatWithRetry(
  body: FormatTextBody,
  onDelta: (textSoFar: string) => void,
  retryDelaysMs: readonly number[] = [1_500, 3_000, 6_000],
): Promise<FormatTextResponse> {
  const once = { ...body, requestId: body.requestId ?? crypto.randomUUID() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await streamFormatText(once, onDelta);
    } catch (error) {
      const delay = retryDelaysMs[attempt];
      if (!unreadableFailure(error)) throw error;
      if (delay === undefined) {
        // No answer at all: the browser's own words (e.g. 'Failed to fetch') are not for people.
        if (!(error instanceof ApiCallError)) throw new ApiCallError(0, FORMAT_CONNECTION_LOST);
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function parseSseEvent(block: string): { name: string; data: unknown } | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  try {
    return { name, data: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}
