import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody } from './http.js';

/** The body of `POST /v1/chat/completions`, as the SDK sends it. */
export interface ChatCompletionRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  response_format?: {
    type: string;
    json_schema?: { name?: string; schema?: unknown; strict?: boolean | null };
  } | null;
  [key: string]: unknown;
}

/** What the fake answers to one request. */
export interface FakeReply {
  /** The assistant's text; with an error `status`, the error's message. */
  content: string;
  /** An HTTP error status (429, 500, 503, 401...) answered with an OpenAI-style error body. */
  status?: number;
  /** Wait before answering anything (headers included). */
  delayMs?: number;
  /** Characters per streamed delta (default 8). */
  chunkSize?: number;
  /** Wait between streamed chunks (default 0). */
  chunkDelayMs?: number;
  /** Reported usage; default: about one token per 4 characters. */
  usage?: { promptTokens: number; completionTokens: number };
  finishReason?: 'stop' | 'length' | 'content_filter';
  /** The `code` of an error body (e.g. 'insufficient_quota'); defaults per status. */
  errorCode?: string;
  /** Extra response headers, e.g. `{ 'retry-after-ms': '10' }` to shorten the SDK's backoff. */
  headers?: Record<string, string>;
  /**
   * Cut `content` after this many characters and answer `finish_reason: "length"`, as a model
   * does when it reaches `max_tokens` (or its context) in the middle of its answer.
   */
  truncateAfterChars?: number;
}

export interface FakeRequest {
  body: ChatCompletionRequestBody;
  /** 1 for a first try, 2 for the SDK's first retry of it... (from `x-stainless-retry-count`). */
  attempt: number;
  /** 0-based position among all chat completion requests this server received. */
  index: number;
  headers: IncomingHttpHeaders;
}

export type FakeResponder = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatCompletionRequestBody;
  receivedAt: number;
}

export interface FakeOpenAI {
  /** Base URL ending in /v1, for OPENAI_BASE_URL. */
  url: string;
  /** Every chat completion request received, in order. */
  requests: RecordedRequest[];
  setResponder(respond: FakeResponder): void;
  /**
   * Whether `response_format: { type: "json_schema" }` is accepted (default true). When false the
   * server answers 400 as OpenAI does for a model without Structured Outputs (and as many local
   * OpenAI-compatible servers do).
   */
  setStructuredOutputs(supported: boolean): void;
  close(): Promise<void>;
}

const defaultResponder: FakeResponder = () => ({ content: '{}' });

const estimateTokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

const errorTypes: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Bad request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: 'Incorrect API key provided.',
  },
  403: { type: 'invalid_request_error', code: null, message: 'Forbidden.' },
  404: {
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: 'The model does not exist or you do not have access to it.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again later.',
  },
};

function errorBody(status: number, message?: string, code?: string) {
  const known = errorTypes[status] ?? {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  };
  return {
    error: {
      message: message || known.message,
      type: known.type,
      param: null,
      code: code ?? known.code,
    },
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  });
  res.end(text);
}

/** Resolves after `ms`, or early when the client went away (the answer is then dropped). */
function wait(ms: number, gone: AbortSignal): Promise<void> {
  if (ms <= 0 || gone.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      gone.removeEventListener('abort', done);
      resolve();
    }
    gone.addEventListener('abort', done, { once: true });
  });
}

/**
 * OpenAI's checks of a strict `json_schema` response format (Structured Outputs): the root is an
 * object, every object says `additionalProperties: false` and lists every property as required.
 * The messages are OpenAI's.
 */
function strictSchemaError(name: string, schema: unknown): string | undefined {
  const fail = (context: string, problem: string) =>
    `Invalid schema for response_format '${name}': In context=(${context}), ${problem}`;
  if (
    typeof schema !== 'object' ||
    schema === null ||
    (schema as { type?: unknown }).type !== 'object'
  )
    return fail('', 'schema must be a JSON Schema of \'type: "object"\', got \'type: "None"\'.');
  const visit = (node: unknown, context: string[]): string | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    const n = node as Record<string, unknown>;
    const where = context.map((c) => `'${c}'`).join(', ');
    if (n.type === 'object') {
      if (n.additionalProperties !== false)
        return fail(where, "'additionalProperties' is required to be supplied and to be false.");
      const properties = (n.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(n.required) ? (n.required as string[]) : [];
      const missing = Object.keys(properties).find((key) => !required.includes(key));
      if (missing !== undefined)
        return fail(
          where,
          `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`,
        );
      for (const [key, child] of Object.entries(properties)) {
        const problem = visit(child, [...context, 'properties', key]);
        if (problem) return problem;
      }
    }
    if (n.items !== undefined) {
      const problem = visit(n.items, [...context, 'items']);
      if (problem) return problem;
    }
    for (const keyword of ['anyOf'] as const) {
      const list = n[keyword];
      if (Array.isArray(list))
        for (let i = 0; i < list.length; i++) {
          const problem = visit(list[i], [...context, keyword, String(i)]);
          if (problem) return problem;
        }
    }
    return undefined;
  };
  return visit(schema, []);
}

function responseFormatError(
  format: NonNullable<ChatCompletionRequestBody['response_format']>,
  structuredOutputs: boolean,
): string | undefined {
  if (format.type !== 'json_schema') return undefined;
  if (!structuredOutputs)
    return "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.";
  const spec = format.json_schema;
  if (!spec || typeof spec.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name))
    return "Missing required parameter: 'response_format.json_schema.name'.";
  if (spec.strict === true) return strictSchemaError(spec.name, spec.schema);
  return undefined;
}

function validationError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'We could not parse the JSON body of your request.';
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || b.model === '') return 'you must provide a model parameter';
  if (!Array.isArray(b.messages) || b.messages.length === 0) return "[] is too short - 'messages'";
  const format = b.response_format as { type?: unknown } | undefined | null;
  if (format?.type === 'json_object') {
    const mentionsJson = b.messages.some(
      (m: unknown) =>
        typeof m === 'object' &&
        m !== null &&
        /json/i.test(JSON.stringify((m as { content?: unknown }).content ?? '')),
    );
    if (!mentionsJson)
      return "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.";
  }
  return undefined;
}

/**
 * A real HTTP server on 127.0.0.1 speaking the OpenAI Chat Completions wire protocol
 * (`POST /v1/chat/completions`, JSON or Server-Sent Events), for tests of anything that calls an
 * LLM. It rejects what OpenAI rejects (no model, no messages, json_object mode without the word
 * "JSON", a strict json_schema format that breaks the Structured Outputs rules, and any
 * json_schema format once `setStructuredOutputs(false)`), records every request and answers with
 * `respond` (default: the JSON object `{}`), cut with `finish_reason: "length"` on demand.
 */
export async function startFakeOpenAI(
  options: { respond?: FakeResponder; structuredOutputs?: boolean } = {},
): Promise<FakeOpenAI> {
  let respond: FakeResponder = options.respond ?? defaultResponder;
  let structuredOutputs = options.structuredOutputs ?? true;
  const requests: RecordedRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendJson(
        res,
        404,
        errorBody(404, `Unknown request URL: ${req.method} ${path}.`, 'unknown_url'),
      );
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      sendJson(res, 400, errorBody(400, 'We could not parse the JSON body of your request.'));
      return;
    }
    const invalid =
      validationError(body) ??
      ((body as ChatCompletionRequestBody).response_format
        ? responseFormatError(
            (body as ChatCompletionRequestBody).response_format as NonNullable<
              ChatCompletionRequestBody['response_format']
            >,
            structuredOutputs,
          )
        : undefined);
    if (invalid) {
      sendJson(res, 400, errorBody(400, invalid));
      return;
    }
    const request = body as ChatCompletionRequestBody;
    const index = requests.length;
    requests.push({
      method: req.method,
      path,
      headers: req.headers,
      body: request,
      receivedAt: Date.now(),
    });
    const retryCount = Number(req.headers['x-stainless-retry-count'] ?? 0);
    const reply = await respond({
      body: request,
      attempt: (Number.isFinite(retryCount) ? retryCount : 0) + 1,
      index,
      headers: req.headers,
    });
    await wait(reply.delayMs ?? 0, gone.signal);
    if (gone.signal.aborted) return;

    if (reply.status !== undefined && reply.status >= 400) {
      sendJson(res, reply.status, errorBody(reply.status, reply.content, reply.errorCode), {
        ...reply.headers,
      });
      return;
    }

    const truncated =
      reply.truncateAfterChars !== undefined && reply.truncateAfterChars < reply.content.length;
    const content = truncated ? reply.content.slice(0, reply.truncateAfterChars) : reply.content;
    const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const promptText = request.messages.map((m) => JSON.stringify(m.content ?? '')).join('');
    const usage = reply.usage ?? {
      promptTokens: estimateTokens(promptText),
      completionTokens: estimateTokens(content),
    };
    const wireUsage = {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
    };
    const finishReason = truncated ? 'length' : (reply.finishReason ?? 'stop');
    const fingerprint = 'fp_fake';

    if (!request.stream) {
      sendJson(
        res,
        200,
        {
          id,
          object: 'chat.completion',
          created,
          model: request.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              logprobs: null,
              finish_reason: finishReason,
            },
          ],
          usage: wireUsage,
          system_fingerprint: fingerprint,
        },
        reply.headers,
      );
      return;
    }

    const includeUsage = request.stream_options?.include_usage === true;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': `req_${randomBytes(8).toString('hex')}`,
      ...reply.headers,
    });
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: request.model,
      system_fingerprint: fingerprint,
      choices,
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    });
    const send = (data: unknown) => {
      if (!gone.signal.aborted) res.write(`data: ${JSON.stringify(data)}\n\n`);
    };
    const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
      index: 0,
      delta: d,
      logprobs: null,
      finish_reason: finish,
    });

    send(chunk([delta({ role: 'assistant', content: '', refusal: null })]));
    const characters = Array.from(content);
    const size = Math.max(1, reply.chunkSize ?? 8);
    for (let i = 0; i < characters.length; i += size) {
      await wait(reply.chunkDelayMs ?? 0, gone.signal);
      if (gone.signal.aborted) return;
      send(chunk([delta({ content: characters.slice(i, i + size).join('') })]));
    }
    send(chunk([delta({}, finishReason)]));
    if (includeUsage) send(chunk([], { usage: wireUsage }));
    if (!gone.signal.aborted) res.end('data: [DONE]\n\n');
  };

  const { url, close } = await listen(handle, (res, error) => {
    if (!res.headersSent) {
      sendJson(res, 500, errorBody(500, `Fake responder failed: ${String(error)}`));
    } else res.destroy();
  });
  return {
    url: `${url}/v1`,
    requests,
    setResponder(next) {
      respond = next;
    },
    setStructuredOutputs(supported) {
      structuredOutputs = supported;
    },
    close,
  };
}
