import type {
  DiagnosticAnalysisBody,
  DiagnosticAnalysisResponse,
  FormatTextBody,
  FormatTextResponse,
} from '@pv/contracts';
import { createParser } from 'eventsource-parser';
import { api } from './base';
import { ApiCallError, apiUrl, errorFromResponse } from './http';
import { CONNECTION_LOST, withRetries } from './retries';

/** The formatting service's calls made by the workspace; templates: api/account.ts. */
export const formattingApi = api.injectEndpoints({
  endpoints: (build) => ({
    diagnosticAnalysis: build.mutation<DiagnosticAnalysisResponse, DiagnosticAnalysisBody>({
      query: (body) => ({ url: '/api/diagnostic-analysis', method: 'POST', body }),
    }),
  }),
});

export const { useDiagnosticAnalysisMutation } = formattingApi;

/** One event of the format's stream, as the service sends it (docs/decisions.md "Streaming"). */
type FormatEvent =
  | { name: 'delta'; data: { text: string } }
  | { name: 'result'; data: FormatTextResponse }
  | { name: 'error'; data: { statusCode?: number; message?: string; code?: string } };

/**
 * POST /api/format-text as a Server-Sent Events stream (docs/decisions.md "Streaming"): `delta`
 * events carry the note written so far, then one `result` (the JSON answer) or one `error`.
 * The stream is read with eventsource-parser: an event may arrive split across chunks, with
 * `\n` or `\r\n` line ends.
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

  let outcome: FormatEvent | undefined;
  const parser = createParser({
    onEvent: (message) => {
      const event = formatEventOf(message.event ?? 'message', message.data);
      if (!event || outcome) return;
      if (event.name === 'delta') onDelta(event.data.text);
      else outcome = event;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  while (!outcome) {
    const { done, value } = await reader.read();
    if (value) parser.feed(value);
    if (done) break;
  }
  if (outcome) await reader.cancel().catch(() => undefined);
  if (outcome?.name === 'result') return outcome.data;
  if (outcome?.name === 'error') {
    const failure = outcome.data;
    throw new ApiCallError(failure.statusCode ?? 500, failure.message ?? 'Erro', failure.code);
  }
  throw new ApiCallError(502, '502: a resposta da formatação terminou antes do resultado');
}

function formatEventOf(name: string, data: string): FormatEvent | null {
  if (name !== 'delta' && name !== 'result' && name !== 'error') return null;
  try {
    return { name, data: JSON.parse(data) } as FormatEvent;
  } catch {
    return null;
  }
}

/** Shown when the server could not be reached at all, even after the retries. */
export const FORMAT_CONNECTION_LOST = CONNECTION_LOST;

/**
 * One press of 'Formatar' for one part: streamed, and retried with the same request id (the
 * format's idempotency key) on the product's policy (api/retries.ts): no answer, a 503 (no
 * worker yet, a store or a process restarting), a 5xx that is not the error shape. A retry joins
 * the note still being written, or takes the one written for a lost answer, so the note is
 * delivered (and counted) once. A clear answer (a limit, a model failure) is shown as it is.
 */
export async function formatWithRetry(
  body: FormatTextBody,
  onDelta: (textSoFar: string) => void,
  retryDelaysMs?: readonly number[],
): Promise<FormatTextResponse> {
  const once = { ...body, requestId: body.requestId ?? crypto.randomUUID() };
  return withRetries(
    () => streamFormatText(once, onDelta),
    retryDelaysMs ? { delaysMs: retryDelaysMs } : {},
  );
}
