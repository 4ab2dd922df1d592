import type { FormatTextBody } from '@pv/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORMAT_CONNECTION_LOST, formatWithRetry } from './formatting';
import { ApiCallError } from './http';

const body: FormatTextBody = {
  text: 'paciente com dor de cabeça',
  professional: 'consulta_medica',
};
const note = { consultId: crypto.randomUUID(), engine: 'offline', model: 'x', text: 'Nota' };

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers each call with the next of `answers` (a function may throw). */
function serve(answers: (() => Response)[]) {
  const sent: { requestId?: string }[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)) as { requestId?: string });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  return sent;
}

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

describe('formatWithRetry', () => {
  it('retries unreadable answers with the same request id until the note arrives', async () => {
    const sent = serve([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
      () => json(200, note),
    ]);
    await expect(formatWithRetry(body, () => {}, [1, 1, 1])).resolves.toMatchObject({
      text: 'Nota',
    });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((b) => b.requestId)).size).toBe(1);
  });

  it('a 503 (no worker yet, a store restarting) is retried with the same request id', async () => {
    const message = 'O formatador está indisponível no momento. Tente novamente em instantes.';
    const sent = serve([
      () => json(503, { statusCode: 503, code: 'NO_WORKER', message }),
      () => json(503, { statusCode: 503, code: 'DEPENDENCY_UNAVAILABLE', message }),
      () => json(200, note),
    ]);
    await expect(formatWithRetry(body, () => {}, [1, 1, 1])).resolves.toMatchObject({
      text: 'Nota',
    });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((b) => b.requestId)).size).toBe(1);
  });

  it('a clear answer that is not a 503 (a limit, a bad field) is not retried', async () => {
    const message = 'Você atingiu o limite de formatações do seu plano.';
    const sent = serve([() => json(429, { statusCode: 429, code: 'QUOTA_EXCEEDED', message })]);
    const failure = await formatWithRetry(body, () => {}, [1, 1, 1]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect((failure as ApiCallError).message).toBe(message);
    expect((failure as ApiCallError).code).toBe('QUOTA_EXCEEDED');
    expect(sent).toHaveLength(1);
  });

  it('reads the note stream when an event is split across chunks, with \\r\\n line ends', async () => {
    const events =
      'event: delta\r\ndata: {"text":"No"}\r\n\r\n' +
      `event: result\r\ndata: ${JSON.stringify(note)}\r\n\r\n`;
    // Cut mid-field, mid-line end and mid-JSON.
    const cuts = [9, 20, 26, 40, 47, events.length];
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        let from = 0;
        for (const to of cuts) {
          controller.enqueue(encoder.encode(events.slice(from, to)));
          from = to;
        }
        controller.close();
      },
    });
    serve([
      () => new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    ]);
    const deltas: string[] = [];
    await expect(formatWithRetry(body, (text) => deltas.push(text), [1])).resolves.toMatchObject({
      text: 'Nota',
    });
    expect(deltas).toEqual(['No']);
  });

  it('no answer at all after the retries: a pt-BR message, not the browser words', async () => {
    const fail = () => {
      throw new TypeError('Failed to fetch');
    };
    const sent = serve([fail, fail, fail, fail]);
    const failure = await formatWithRetry(body, () => {}, [1, 1, 1]).catch((e: unknown) => e);
    expect((failure as Error).message).toBe(FORMAT_CONNECTION_LOST);
    expect(sent).toHaveLength(4);
  });
});
