import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../src/index.js';

/** The wire protocol itself, read with plain fetch: what any OpenAI client would see. */
describe('fake OpenAI server', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  const post = (body: unknown) =>
    fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-raw' },
      body: JSON.stringify(body),
    });
  const userJson = [{ role: 'user', content: 'Answer in JSON.' }];

  it('listens on 127.0.0.1 with a base URL ending in /v1 and answers {} by default', async () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const res = await post({ model: 'm', messages: userJson });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: '{}' }, finish_reason: 'stop' }],
    });
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(typeof body.created).toBe('number');
    const usage = body.usage as Record<string, number>;
    expect(usage.total_tokens).toBe((usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0));
    const last = fake.requests.at(-1);
    expect(last?.headers.authorization).toBe('Bearer sk-raw');
    expect(last?.body.messages).toEqual(userJson);
  });

  it('streams Server-Sent Events: role chunk, content deltas, finish, usage, [DONE]', async () => {
    fake.setResponder(() => ({
      content: '{"a":"olá mundo"}',
      chunkSize: 5,
      usage: { promptTokens: 7, completionTokens: 3 },
    }));
    const res = await post({
      model: 'm',
      messages: userJson,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await res.text();
    const events = text.split('\n\n').filter(Boolean);
    expect(events.every((e) => e.startsWith('data: '))).toBe(true);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice(6)));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const content = chunks
      .flatMap((c) => c.choices)
      .map((choice: { delta: { content?: string } }) => choice.delta.content ?? '')
      .join('');
    expect(content).toBe('{"a":"olá mundo"}');
    const deltas = chunks.filter((c) => c.choices[0]?.delta.content);
    expect(deltas.map((c) => c.choices[0].delta.content)).toEqual([
      '{"a":',
      '"olá ',
      'mundo',
      '"}',
    ]);
    const finish = chunks.find((c) => c.choices[0]?.finish_reason);
    expect(finish?.choices[0].finish_reason).toBe('stop');
    const usageChunk = chunks.at(-1);
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
    fake.setResponder(() => ({ content: '{}' }));
  });

  it('sends no usage chunk without stream_options.include_usage', async () => {
    const res = await post({ model: 'm', messages: userJson, stream: true });
    const chunks = (await res.text())
      .split('\n\n')
      .filter((e) => e.startsWith('data: {'))
      .map((e) => JSON.parse(e.slice(6)));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
  });

  it('rejects what OpenAI rejects, with OpenAI-style error bodies', async () => {
    const before = fake.requests.length;
    const noJsonWord = await post({
      model: 'm',
      messages: [{ role: 'user', content: 'oi' }],
      response_format: { type: 'json_object' },
    });
    expect(noJsonWord.status).toBe(400);
    expect(await noJsonWord.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/json/) },
    });
    expect((await post({ messages: userJson })).status).toBe(400);
    expect((await post({ model: 'm', messages: [] })).status).toBe(400);
    expect(fake.requests.length).toBe(before);
    const unknown = await fetch(`${fake.url}/embeddings`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  });

  it('answers a chosen error status with headers and counts attempts from the retry header', async () => {
    const seen: { attempt: number; index: number }[] = [];
    fake.setResponder(({ attempt, index }) => {
      seen.push({ attempt, index });
      return { content: '', status: 429, headers: { 'retry-after-ms': '5' } };
    });
    const res = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-stainless-retry-count': '2' },
      body: JSON.stringify({ model: 'm', messages: userJson }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after-ms')).toBe('5');
    expect(await res.json()).toMatchObject({
      error: { type: 'requests', code: 'rate_limit_exceeded', message: expect.any(String) },
    });
    expect(seen).toEqual([{ attempt: 3, index: fake.requests.length - 1 }]);
    fake.setResponder(() => ({ content: '{}' }));
  });
});

/** Structured Outputs and the length limit, as OpenAI answers them (issue 13 item 4). */
describe('fake OpenAI server: json_schema and finish_reason length', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  const post = (body: unknown) =>
    fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const messages = [{ role: 'user', content: 'Formate.' }];
  const schemaFormat = (schema: unknown) => ({
    type: 'json_schema',
    json_schema: { name: 'note', strict: true, schema },
  });
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { message: string } }).error.message;

  it('accepts a strict schema and refuses one with an open object or a property not required', async () => {
    const ok = await post({
      model: 'm',
      messages,
      response_format: schemaFormat({
        type: 'object',
        properties: { a: { type: 'array', items: { type: 'string' } } },
        required: ['a'],
        additionalProperties: false,
      }),
    });
    expect(ok.status).toBe(200);
    const open = await post({
      model: 'm',
      messages,
      response_format: schemaFormat({
        type: 'object',
        properties: { a: { type: 'object', properties: {}, required: [] } },
        required: ['a'],
        additionalProperties: false,
      }),
    });
    expect(open.status).toBe(400);
    expect(await errorOf(open)).toBe(
      "Invalid schema for response_format 'note': In context=('properties', 'a'), 'additionalProperties' is required to be supplied and to be false.",
    );
    const notRequired = await post({
      model: 'm',
      messages,
      response_format: schemaFormat({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        required: ['a'],
        additionalProperties: false,
      }),
    });
    expect(await errorOf(notRequired)).toBe(
      "Invalid schema for response_format 'note': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'b'.",
    );
  });

  it('refuses json_schema like a model without Structured Outputs once told to', async () => {
    fake.setStructuredOutputs(false);
    const res = await post({
      model: 'm',
      messages,
      response_format: schemaFormat({
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: false,
      }),
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(
      "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
    );
    fake.setStructuredOutputs(true);
  });

  it('cuts an answer on demand with finish_reason length, streamed or not', async () => {
    fake.setResponder(() => ({ content: '{"a":"abcdefgh"}', truncateAfterChars: 6 }));
    const whole = (await (await post({ model: 'm', messages })).json()) as {
      choices: { message: { content: string }; finish_reason: string }[];
    };
    expect(whole.choices[0]).toMatchObject({
      message: { content: '{"a":"' },
      finish_reason: 'length',
    });
    const streamed = await (await post({ model: 'm', messages, stream: true })).text();
    expect(streamed).toContain('"finish_reason":"length"');
    expect(streamed).not.toContain('abcdefgh');
  });
});
