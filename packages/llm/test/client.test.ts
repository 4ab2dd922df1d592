import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { type Static, Type } from '@sinclair/typebox';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CompleteJsonOptions,
  LlmClient,
  LlmError,
  type LlmLogger,
  type LlmMessage,
} from '../src/index.js';
import { messageAt, recordingLogger, settingsFromEnv } from './helpers.js';

const NoteSchema = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    items: Type.Array(Type.String()),
    priority: Type.Integer({ default: 1 }),
  },
  { additionalProperties: false },
);
type Note = Static<typeof NoteSchema>;

const PATIENT_TEXT = 'Paciente Maria da Silva, 54 anos, relata dor torácica';
const messages: LlmMessage[] = [
  { role: 'system', content: 'Formate a consulta e responda em JSON.' },
  { role: 'user', content: PATIENT_TEXT },
];
const validNote = '{"title":"Evolução","items":["dor torácica"],"priority":2}';

let main: FakeOpenAI;
let alt: FakeOpenAI;

beforeAll(async () => {
  [main, alt] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
});
afterAll(async () => {
  await Promise.all([main.close(), alt.close()]);
});
beforeEach(() => {
  main.requests.length = 0;
  alt.requests.length = 0;
  main.setResponder(() => ({ content: validNote }));
  alt.setResponder(() => ({ content: validNote }));
});

function clientFor(env: Record<string, string> = {}, log?: LlmLogger): LlmClient {
  return new LlmClient(
    settingsFromEnv({ OPENAI_BASE_URL: main.url, OPENAI_API_KEY: 'sk-test-123', ...env }),
    log,
  );
}

const ask = (client: LlmClient, extra: Partial<CompleteJsonOptions<typeof NoteSchema>> = {}) =>
  client.completeJson({
    mode: 'standard',
    purpose: 'format-text',
    messages,
    schema: NoteSchema,
    ...extra,
  });

async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
  expect(outcome.error).toBeInstanceOf(LlmError);
  return outcome.error as LlmError;
}

describe('completeJson over real HTTP', () => {
  it('sends a JSON-mode chat completion with the key and returns the validated value', async () => {
    const result = await ask(clientFor());
    expect(result.value).toEqual({ title: 'Evolução', items: ['dor torácica'], priority: 2 });
    expect(result.model).toBe('gpt-4o-mini');
    expect(main.requests).toHaveLength(1);
    const request = main.requests[0]!;
    expect(request.headers.authorization).toBe('Bearer sk-test-123');
    expect(request.body).toMatchObject({
      model: 'gpt-4o-mini',
      messages,
      response_format: { type: 'json_object' },
    });
    expect(request.body.stream).toBeFalsy();
  });

  it('applies schema defaults, drops unknown keys and accepts a fenced answer', async () => {
    main.setResponder(() => ({
      content: '```json\n{"title":"Retorno","items":[],"extra":"x"}\n```',
    }));
    const result = await ask(clientFor());
    expect(result.value).toEqual({ title: 'Retorno', items: [], priority: 1 });
    expect(main.requests).toHaveLength(1);
  });

  it('reads a hostile fenced answer in linear time (blanks and line breaks inside a fence)', async () => {
    // The fence pattern this replaced was cubic here: 2 x 1,500 characters took ~10 s, so the
    // small answer is sent first (a regression fails in seconds, not hours), then a large one.
    for (const size of [1_500, 100_000]) {
      main.setResponder(() => ({ content: `\`\`\`\n${'\t'.repeat(size)}O${'\n'.repeat(size)}` }));
      const started = performance.now();
      const failure = await failureOf(ask(clientFor()));
      const ms = performance.now() - started;
      expect(failure.kind).toBe('invalid-output');
      expect(ms, `${2 * size} characters: ${ms.toFixed(0)} ms`).toBeLessThan(2_000);
    }
  });

  it('adds a JSON instruction when no message mentions JSON (OpenAI requires it)', async () => {
    const plain: LlmMessage[] = [{ role: 'user', content: PATIENT_TEXT }];
    const result = await ask(clientFor(), { messages: plain });
    expect(result.value.title).toBe('Evolução');
    const sent = main.requests[0]!.body.messages;
    expect(sent).toHaveLength(2);
    expect(messageAt(sent, 0)).toEqual({
      role: 'system',
      content: 'Responda somente com um objeto JSON válido.',
    });
    expect(messageAt(sent, 1).content).toBe(PATIENT_TEXT);
  });

  it('retries an answer that is not JSON once with a correction, then fails invalid-output', async () => {
    main.setResponder(() => ({
      content: 'Claro! Aqui está a nota.',
      usage: { promptTokens: 100, completionTokens: 10 },
    }));
    const failure = await failureOf(ask(clientFor()));
    expect(failure.kind).toBe('invalid-output');
    expect(failure.status).toBe(502);
    expect(failure.message).toBe('A IA devolveu uma resposta inválida. Tente novamente.');
    expect(failure.usage).toEqual({ promptTokens: 200, completionTokens: 20 });
    expect(main.requests).toHaveLength(2);
    const first = main.requests[0]!.body.messages;
    const second = main.requests[1]!.body.messages;
    expect(first).toEqual(messages);
    expect(second).toHaveLength(messages.length + 2);
    expect(second.slice(0, messages.length)).toEqual(messages);
    expect(messageAt(second, -2)).toEqual({
      role: 'assistant',
      content: 'Claro! Aqui está a nota.',
    });
    const correction = messageAt(second, -1);
    expect(correction.role).toBe('user');
    expect(correction.content).toMatch(/não pôde ser usada: a resposta não é um JSON válido/);
    expect(correction.content).toMatch(/somente com um objeto JSON válido/);
  });

  it('names the schema violations in the correction and succeeds when the retry is valid', async () => {
    main.setResponder(({ index }) =>
      index === 0
        ? {
            content: '{"title":"","items":"dor"}',
            usage: { promptTokens: 50, completionTokens: 5 },
          }
        : { content: validNote, usage: { promptTokens: 80, completionTokens: 20 } },
    );
    const result = await ask(clientFor());
    expect(result.value.title).toBe('Evolução');
    expect(result.usage).toEqual({ promptTokens: 130, completionTokens: 25 });
    expect(main.requests).toHaveLength(2);
    const correction = messageAt(main.requests[1]!.body.messages, -1).content;
    expect(correction).toMatch(/não segue o formato pedido/);
    expect(correction).toMatch(/\/title/);
    expect(correction).toMatch(/\/items/);
    expect(correction).toMatch(/Formato esperado \(JSON Schema\)/);
  });

  it('runs the parse callback: its error goes into the correction, its value is returned', async () => {
    main.setResponder(({ index }) => ({
      content: index === 0 ? '{"title":"Nota","items":[]}' : validNote,
    }));
    const seen: Note[] = [];
    const result = await ask(clientFor(), {
      parse: (value: Note) => {
        seen.push(value);
        return value.items.length === 0
          ? { error: 'a lista de itens não pode ficar vazia' }
          : { ...value, title: value.title.toUpperCase() };
      },
    });
    expect(result.value.title).toBe('EVOLUÇÃO');
    expect(seen).toHaveLength(2);
    expect(main.requests).toHaveLength(2);
    expect(messageAt(main.requests[1]!.body.messages, -1).content).toMatch(
      /a lista de itens não pode ficar vazia/,
    );
  });

  it('retries 429 and 500 with exponential backoff, then succeeds', async () => {
    main.setResponder(({ index }) =>
      index === 0
        ? { content: '', status: 429 }
        : index === 1
          ? { content: '', status: 500 }
          : { content: validNote },
    );
    const result = await ask(clientFor());
    expect(result.value.title).toBe('Evolução');
    expect(main.requests).toHaveLength(3);
    const [a, b, c] = main.requests.map((r) => r.receivedAt);
    // The SDK waits ~0.5 s then ~1 s (minus up to 25% jitter) between tries.
    expect(b! - a!).toBeGreaterThanOrEqual(350);
    expect(c! - b!).toBeGreaterThanOrEqual(700);
    expect(main.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1', '2']);
  });

  it('gives up on 429 after LLM_MAX_RETRIES with the pt-BR rate-limit message', async () => {
    main.setResponder(() => ({ content: '', status: 429, headers: { 'retry-after-ms': '10' } }));
    const failure = await failureOf(ask(clientFor()));
    expect(failure).toMatchObject({ kind: 'rate-limited', status: 503 });
    expect(failure.message).toBe(
      'O serviço de IA está sobrecarregado. Aguarde alguns segundos e tente novamente.',
    );
    expect(main.requests).toHaveLength(3); // 1 + LLM_MAX_RETRIES (2)
  });

  it('gives up on 500 after LLM_MAX_RETRIES with the pt-BR unavailable message', async () => {
    main.setResponder(() => ({ content: '', status: 500, headers: { 'retry-after-ms': '10' } }));
    const failure = await failureOf(ask(clientFor({ LLM_MAX_RETRIES: '1' })));
    expect(failure).toMatchObject({ kind: 'unavailable', status: 502 });
    expect(failure.message).toBe(
      'O serviço de IA está indisponível no momento. Tente novamente em instantes.',
    );
    expect(main.requests).toHaveLength(2); // 1 + LLM_MAX_RETRIES (1)
  });

  it('treats an exhausted quota and a rejected key as unavailable and logs them', async () => {
    const log = recordingLogger();
    main.setResponder(() => ({
      content: 'You exceeded your current quota.',
      status: 429,
      errorCode: 'insufficient_quota',
      headers: { 'retry-after-ms': '1' },
    }));
    expect((await failureOf(ask(clientFor({}, log)))).kind).toBe('unavailable');
    main.setResponder(() => ({ content: '', status: 401 }));
    main.requests.length = 0;
    expect((await failureOf(ask(clientFor({}, log)))).kind).toBe('unavailable');
    expect(main.requests).toHaveLength(1); // 401 is not retried
    expect(log.entries.at(-1)).toMatchObject({
      level: 'error',
      obj: { providerStatus: 401, providerCode: 'invalid_api_key', kind: 'unavailable' },
    });
  });

  it('times out when the server is slower than LLM_TIMEOUT_MS', async () => {
    main.setResponder(() => ({ content: validNote, delayMs: 3000 }));
    const started = Date.now();
    const failure = await failureOf(
      ask(clientFor({ LLM_TIMEOUT_MS: '200', LLM_MAX_RETRIES: '1' })),
    );
    expect(failure).toMatchObject({ kind: 'timeout', status: 504 });
    expect(failure.message).toBe('O serviço de IA demorou demais para responder. Tente novamente.');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(main.requests).toHaveLength(2); // the timeout was retried once
  });

  it('times out a stream that goes silent for longer than LLM_TIMEOUT_MS', async () => {
    main.setResponder(() => ({ content: validNote, chunkSize: 4, chunkDelayMs: 600 }));
    const deltas: string[] = [];
    const failure = await failureOf(
      ask(clientFor({ LLM_TIMEOUT_MS: '250', LLM_MAX_RETRIES: '0' }), {
        onDelta: (text) => deltas.push(text),
      }),
    );
    expect(failure.kind).toBe('timeout');
    expect(deltas).toEqual([]);
  });

  it('streams: onDelta sees the text grow and the value equals the non-streaming one', async () => {
    main.setResponder(() => ({
      content: validNote,
      chunkSize: 6,
      usage: { promptTokens: 321, completionTokens: 17 },
    }));
    const client = clientFor();
    const plain = await ask(client);
    const deltas: string[] = [];
    const streamed = await ask(client, { onDelta: (text) => deltas.push(text) });

    expect(streamed.value).toEqual(plain.value);
    expect(streamed.usage).toEqual({ promptTokens: 321, completionTokens: 17 });
    expect(streamed.usage).toEqual(plain.usage);
    expect(streamed.costUsd).toBe(plain.costUsd);
    expect(deltas.length).toBe(Math.ceil(Array.from(validNote).length / 6));
    for (let i = 1; i < deltas.length; i++) {
      expect(deltas[i]!.startsWith(deltas[i - 1]!)).toBe(true);
      expect(deltas[i]!.length).toBeGreaterThan(deltas[i - 1]!.length);
    }
    expect(deltas.at(-1)).toBe(validNote);
    expect(main.requests[1]!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      response_format: { type: 'json_object' },
    });
  });

  it('computes usage and costUsd from the price table (defaults, LLM_PRICES_JSON, unknown)', async () => {
    main.setResponder(() => ({
      content: validNote,
      usage: { promptTokens: 1000, completionTokens: 500 },
    }));
    // gpt-4o-mini: 1000 * 0.15/1e6 + 500 * 0.60/1e6
    const standard = await ask(clientFor());
    expect(standard.usage).toEqual({ promptTokens: 1000, completionTokens: 500 });
    expect(standard.costUsd).toBe('0.00045');
    // gpt-4o (SUPER-IA): 1000 * 2.5/1e6 + 500 * 10/1e6
    expect((await ask(clientFor(), { mode: 'super' })).costUsd).toBe('0.0075');

    const priced = clientFor({
      OPENAI_MODEL: 'llama3.1',
      LLM_PRICES_JSON: JSON.stringify({ 'llama3.1': { inputPerMillion: 1, outputPerMillion: 2 } }),
    });
    expect((await ask(priced)).costUsd).toBe('0.002');
    expect((await ask(priced, { onDelta: () => {} })).costUsd).toBe('0.002');
    expect((await ask(clientFor({ OPENAI_MODEL: 'unknown-model' }))).costUsd).toBe('0');
  });

  it('uses OPENAI_SUPER_MODEL for super and the alternative endpoint for alternative', async () => {
    const client = clientFor({
      OPENAI_MODEL: 'main-model',
      OPENAI_SUPER_MODEL: 'super-model',
      OPENAI_ALT_BASE_URL: alt.url,
      OPENAI_ALT_API_KEY: 'sk-alt-456',
      OPENAI_ALT_MODEL: 'alt-model',
    });
    expect((await ask(client, { mode: 'super' })).model).toBe('super-model');
    expect(main.requests.map((r) => r.body.model)).toEqual(['super-model']);

    const alternative = await ask(client, { mode: 'alternative' });
    expect(alternative.model).toBe('alt-model');
    expect(main.requests).toHaveLength(1);
    expect(alt.requests).toHaveLength(1);
    expect(alt.requests[0]!.body.model).toBe('alt-model');
    expect(alt.requests[0]!.headers.authorization).toBe('Bearer sk-alt-456');

    await ask(client, { mode: 'standard' });
    expect(main.requests.map((r) => r.body.model)).toEqual(['super-model', 'main-model']);
    expect(alt.requests).toHaveLength(1);
  });

  it('runs the alternative mode on the main endpoint when no alternative endpoint is set', async () => {
    await ask(clientFor({ OPENAI_ALT_MODEL: 'alt-model' }), { mode: 'alternative' });
    await ask(clientFor(), { mode: 'alternative' });
    expect(main.requests.map((r) => r.body.model)).toEqual(['alt-model', 'gpt-4o-mini']);
    expect(main.requests[0]!.headers.authorization).toBe('Bearer sk-test-123');
    expect(alt.requests).toHaveLength(0);
  });

  it('never sends the main key to an alternative URL configured without its own key', async () => {
    const client = clientFor({ OPENAI_ALT_BASE_URL: alt.url });
    await ask(client, { mode: 'alternative' });
    expect(alt.requests[0]!.headers.authorization).toBe('Bearer not-needed');
  });

  it('sends a placeholder key to a key-less local server', async () => {
    const client = new LlmClient(settingsFromEnv({ OPENAI_BASE_URL: main.url }));
    expect(client.isConfigured('standard')).toBe(true);
    await ask(client);
    expect(main.requests[0]!.headers.authorization).toBe('Bearer not-needed');
  });

  it("rejects with the caller's abort reason, not an LlmError", async () => {
    main.setResponder(() => ({ content: validNote, delayMs: 2000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await ask(clientFor(), { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(LlmError);
    expect((error as Error).name).toBe('AbortError');
    expect(main.requests).toHaveLength(1);
  });

  it('rejects with the abort reason when the caller aborts in the middle of a stream', async () => {
    main.setResponder(() => ({ content: validNote, chunkSize: 4, chunkDelayMs: 100 }));
    const controller = new AbortController();
    const deltas: string[] = [];
    const log = recordingLogger();
    const error = await ask(clientFor({}, log), {
      signal: controller.signal,
      onDelta: (text) => {
        deltas.push(text);
        if (deltas.length === 2) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(LlmError);
    expect((error as Error).name).toBe('AbortError');
    expect(deltas).toHaveLength(2);
    expect(main.requests).toHaveLength(1);
    // The partial text was not judged as an answer.
    expect(log.entries.filter((e) => 'reason' in e.obj)).toEqual([]);
  });

  it('logs model, purpose, tokens and duration but never message contents', async () => {
    const log = recordingLogger();
    main.setResponder(({ index }) => ({
      content: index === 0 ? `{"title":"${PATIENT_TEXT}","items":1}` : validNote,
      usage: { promptTokens: 10, completionTokens: 5 },
    }));
    await ask(clientFor({}, log), { purpose: 'diagnostic-analysis' });
    expect(log.entries.map((e) => [e.level, e.msg])).toEqual([
      ['warn', 'llm answer invalid'],
      ['info', 'llm request completed'],
    ]);
    expect(log.entries[0]!.obj).toMatchObject({ reason: 'schema', attempt: 1 });
    expect(log.entries[1]!.obj).toMatchObject({
      purpose: 'diagnostic-analysis',
      model: 'gpt-4o-mini',
      mode: 'standard',
      promptTokens: 20,
      completionTokens: 10,
      attempts: 2,
      durationMs: expect.any(Number),
    });
    const logged = JSON.stringify(log.entries);
    expect(logged).not.toContain('Maria');
    expect(logged).not.toContain('Evolução');
    expect(logged).not.toContain('Formate a consulta');
  });

  it('accepts a pino logger', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    await ask(clientFor({}, logger));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'llm request completed',
      purpose: 'format-text',
    });
  });
});
