import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmClient, LlmError, type LlmMessage } from '../src/index.js';
import { messageAt, recordingLogger, settingsFromEnv } from './helpers.js';

// Structured Outputs (json_schema) with the fallback to JSON mode and text parsing, and answers
// cut by the length limit (issue 13 item 4), against the fake OpenAI-compatible server.

const Lenient = Type.Record(Type.String(), Type.Unknown());
const Strict = Type.Object(
  { title: Type.String(), items: Type.Array(Type.String()) },
  { additionalProperties: false },
);
const structuredOutput = { name: 'note', schema: Strict };
const messages: LlmMessage[] = [
  { role: 'system', content: 'Formate a consulta e responda em JSON.' },
  { role: 'user', content: 'Paciente relata tosse' },
];
const valid = '{"title":"Evolução","items":["tosse seca","febre"]}';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setStructuredOutputs(true);
  fake.setResponder(() => ({ content: valid }));
});

const clientFor = (log = recordingLogger()) =>
  new LlmClient(settingsFromEnv({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' }), log);

const formatOf = (i: number) => fake.requests[i]?.body.response_format;

describe('Structured Outputs', () => {
  it('asks for the json_schema response format, strict, and returns the answer', async () => {
    const answer = await clientFor().completeJson({
      mode: 'standard',
      purpose: 'format-text',
      messages,
      schema: Lenient,
      structuredOutput,
    });
    expect(answer.value).toEqual(JSON.parse(valid));
    expect(formatOf(0)).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'note',
        strict: true,
        schema: JSON.parse(JSON.stringify(Strict)),
      },
    });
  });

  it('checks the answer against the promised schema: a violation is corrected once', async () => {
    fake.setResponder(({ index }) => ({
      content: index === 0 ? '{"title":"Evolução","items":"tosse"}' : valid,
    }));
    const answer = await clientFor().completeJson({
      mode: 'standard',
      purpose: 'format-text',
      messages,
      schema: Lenient,
      structuredOutput,
    });
    expect(answer.value).toEqual(JSON.parse(valid));
    expect(fake.requests).toHaveLength(2);
    expect(messageAt(fake.requests[1]?.body.messages ?? [], -1).content).toContain('/items');
  });

  it('falls back to JSON mode where the endpoint has no Structured Outputs, and remembers it', async () => {
    fake.setStructuredOutputs(false);
    // Without a schema to follow, the model wraps the object in a sentence: read as text.
    fake.setResponder(() => ({ content: `Segue o documento:\n${valid}\nAtenciosamente.` }));
    const log = recordingLogger();
    const client = clientFor(log);
    const ask = () =>
      client.completeJson({
        mode: 'standard',
        purpose: 'format-text',
        messages,
        schema: Lenient,
        structuredOutput,
      });
    expect((await ask()).value).toEqual(JSON.parse(valid));
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_object']);
    expect(log.entries.some((e) => e.msg === 'llm json_schema refused')).toBe(true);
    expect((await ask()).value).toEqual(JSON.parse(valid));
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_object',
      'json_object',
    ]);
  });
});

describe('an answer cut by the length limit', () => {
  it('is continued by a follow-up request and the parts are joined, usage summed', async () => {
    fake.setResponder(({ index }) =>
      index === 0
        ? {
            content: valid,
            truncateAfterChars: 20,
            usage: { promptTokens: 10, completionTokens: 5 },
          }
        : { content: valid.slice(20), usage: { promptTokens: 12, completionTokens: 7 } },
    );
    const deltas: string[] = [];
    const answer = await clientFor().completeJson({
      mode: 'standard',
      purpose: 'format-text',
      messages,
      schema: Lenient,
      structuredOutput,
      onDelta: (text) => deltas.push(text),
    });
    expect(answer.value).toEqual(JSON.parse(valid));
    expect(answer.usage).toEqual({ promptTokens: 22, completionTokens: 12 });
    expect(fake.requests).toHaveLength(2);
    const follow = fake.requests[1]?.body;
    // The cut text goes back as the assistant's turn; the continuation is plain text.
    expect(follow?.response_format).toBeUndefined();
    expect(messageAt(follow?.messages ?? [], -2)).toEqual({
      role: 'assistant',
      content: valid.slice(0, 20),
    });
    expect(messageAt(follow?.messages ?? [], -1).content).toContain('Continue exatamente');
    // The stream shows the whole text growing, never starting over.
    expect(deltas.at(-1)).toBe(valid);
    for (let i = 1; i < deltas.length; i++)
      expect((deltas[i] ?? '').startsWith(deltas[i - 1] ?? '')).toBe(true);
  });

  it('still cut after the continuations: reported as truncated, never used', async () => {
    fake.setResponder(() => ({ content: valid, truncateAfterChars: 5 }));
    const failure = await clientFor()
      .completeJson({
        mode: 'standard',
        purpose: 'format-text',
        messages,
        schema: Lenient,
        maxContinuations: 1,
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LlmError);
    expect(failure).toMatchObject({
      kind: 'truncated',
      status: 502,
      code: 'LLM_TRUNCATED',
      message:
        'A resposta da IA ficou longa demais e veio cortada, mesmo depois de pedir a continuação, e não foi usada. Formate o atendimento em partes menores ou tente novamente.',
    });
    expect(fake.requests).toHaveLength(2);
  });
});
