import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { isEndpointConfigured, type LlmEndpoint, type LlmSettings } from './config.js';
import { costUsd, type LlmUsage, priceFor } from './cost.js';
import { LlmError, type LlmErrorKind } from './errors.js';

/** standard: OPENAI_MODEL; super: OPENAI_SUPER_MODEL (SUPER-IA); alternative: the IA-ALTERNATIVA endpoint. */
export type LlmMode = 'standard' | 'super' | 'alternative';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The part of a pino logger (or Fastify's `request.log`) the client writes to. */
export interface LlmLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CompleteJsonOptions<T extends TSchema> {
  mode: LlmMode;
  messages: LlmMessage[];
  /**
   * The answer must be a JSON value valid against this schema, after Value.Default and Value.Clean
   * (defaults applied, keys the schema does not declare removed; use Type.Record for free keys).
   */
  schema: T;
  /**
   * Extra checks or a transformation after the schema passed. Return the value to use, or
   * `{ error }` (an object whose only key is `error`) to reject the answer: the error text is
   * shown to the model in the corrective retry.
   */
  parse?: (value: Static<T>) => Static<T> | { error: string };
  /**
   * Streams the answer: called with the raw text received so far (a growing JSON document).
   * After a corrective retry the text starts again from the beginning.
   */
  onDelta?: (textSoFar: string) => void;
  signal?: AbortSignal;
  /** What the call is for ('format-text', 'diagnostic-analysis', ...): logged and reported. */
  purpose: string;
  /**
   * Structured Outputs: sent as `response_format: { type: 'json_schema', json_schema: { name,
   * schema, strict: true } }` (the schema must follow the strict rules: every object closed, every
   * property required). An endpoint that refuses it (400/422 naming the response format) is asked
   * again in JSON mode, and remembered as not supporting it; the answer is then parsed as text.
   * When the endpoint accepted it, the answer must also be valid against this schema.
   */
  structuredOutput?: { name: string; schema: TSchema };
  /**
   * How many follow-up requests may continue an answer cut by the length limit
   * (`finish_reason: 'length'`); default 2. Still cut after them: LlmError 'truncated'.
   */
  maxContinuations?: number;
}

/** The `response_format` of one request. */
type ResponseFormat =
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; schema: TSchema; strict: true } }
  | undefined;

export interface CompleteJsonResult<T extends TSchema> {
  value: Static<T>;
  /** The configured model name the request asked for (modelFor(mode)). */
  model: string;
  /** Tokens of every request this call made (a corrective retry included). */
  usage: LlmUsage;
  /** Estimated from the price table; a decimal string in USD, '0' for an unknown model. */
  costUsd: string;
}

interface RawAnswer {
  content: string;
  finishReason: string | null;
  usage: LlmUsage;
  responseModel: string | undefined;
}

type Checked<V> =
  | { ok: true; value: V }
  | { ok: false; reason: 'empty' | 'not-json' | 'schema' | 'parse'; problem: string };

const silentLogger: LlmLogger = { info() {}, warn() {}, error() {} };

/** OpenAI's json_object mode rejects requests whose messages never say "JSON". */
const JSON_INSTRUCTION = 'Responda somente com um objeto JSON válido.';

/** The follow-up request after an answer cut by the length limit. */
const CONTINUE_INSTRUCTION =
  'Sua resposta foi cortada pelo limite de tamanho. Continue exatamente do ponto em que parou, ' +
  'sem repetir nada do que já escreveu e sem texto antes da continuação.';

const DEFAULT_MAX_CONTINUATIONS = 2;

/** Marks errors thrown by the caller's own onDelta/parse callbacks, which are rethrown untouched. */
class CallbackFailure {
  constructor(readonly error: unknown) {}
}

/**
 * The one LLM adapter: chat completions in JSON mode against any OpenAI-compatible endpoint,
 * validated against a TypeBox schema, with usage and an estimated cost. Never logs message
 * contents (they carry patient data): only model, purpose, tokens, duration and status.
 */
export class LlmClient {
  readonly #settings: LlmSettings;
  readonly #log: LlmLogger;
  readonly #sdk = new Map<'main' | 'alternative', OpenAI>();
  /** Endpoints that refused a json_schema response format: asked in JSON mode from then on. */
  readonly #noStructuredOutput = new Set<'main' | 'alternative'>();

  constructor(settings: LlmSettings, log?: LlmLogger) {
    this.#settings = settings;
    this.#log = log ?? silentLogger;
  }

  /** Whether `mode` has an endpoint; when false, services use the offline formatter. */
  isConfigured(mode: LlmMode): boolean {
    return isEndpointConfigured(this.#endpoint(mode).endpoint);
  }

  modelFor(mode: LlmMode): string {
    switch (mode) {
      case 'super':
        return this.#settings.superModel;
      case 'alternative':
        return this.#settings.alternativeModel;
      default:
        return this.#settings.model;
    }
  }

  /**
   * Asks for a JSON answer and returns it validated. An answer that is not JSON, fails the schema
   * or is rejected by `parse` is retried once with a corrective message, then fails with
   * LlmError 'invalid-output'. 408/409/429/5xx, connection errors and timeouts are retried by the
   * SDK (LLM_MAX_RETRIES, exponential backoff). A caller abort rejects with the signal's reason.
   */
  async completeJson<T extends TSchema>(
    options: CompleteJsonOptions<T>,
  ): Promise<CompleteJsonResult<T>> {
    const { mode, purpose, schema, signal } = options;
    const model = this.modelFor(mode);
    const base = { purpose, mode, model };
    if (!this.isConfigured(mode)) {
      this.#log.warn({ ...base, kind: 'not-configured' }, 'llm request not sent');
      throw new LlmError('not-configured', { model });
    }
    const sdk = this.#sdkFor(mode);
    const started = performance.now();
    const usage: LlmUsage = { promptTokens: 0, completionTokens: 0 };
    // Priced by the configured name, else by the name the server answered with (a snapshot).
    let responseModel: string | undefined;
    const cost = () =>
      costUsd(
        usage,
        priceFor(this.#settings.prices, model) ??
          (responseModel ? priceFor(this.#settings.prices, responseModel) : undefined),
      );
    let messages = withJsonInstruction(options.messages);

    const endpointKey = this.#endpoint(mode).key;
    const structured = options.structuredOutput;
    const formatFor = (): ResponseFormat =>
      structured && !this.#noStructuredOutput.has(endpointKey)
        ? {
            type: 'json_schema',
            json_schema: { name: structured.name, schema: structured.schema, strict: true },
          }
        : { type: 'json_object' };

    for (let attempt = 1; ; attempt++) {
      let answer: RawAnswer;
      let format = formatFor();
      try {
        try {
          answer = await this.#request(sdk, { model, messages, format, options });
        } catch (error) {
          if (format?.type !== 'json_schema' || !refusesResponseFormat(error)) throw error;
          // Not every OpenAI-compatible server (or model) has Structured Outputs: JSON mode, and
          // the answer is read as text.
          this.#noStructuredOutput.add(endpointKey);
          this.#log.warn({ ...base, kind: 'no-structured-output' }, 'llm json_schema refused');
          format = formatFor();
          answer = await this.#request(sdk, { model, messages, format, options });
        }
        answer = await this.#continueIfCut(sdk, { model, messages, answer, options });
      } catch (error) {
        if (error instanceof CallbackFailure) throw error.error;
        if (signal?.aborted) throw signal.reason ?? error;
        const failure = toLlmError(error, { model, usage, costUsd: cost() });
        const providerStatus = error instanceof APIError ? error.status : undefined;
        const entry = {
          ...base,
          attempt,
          kind: failure.kind,
          providerStatus,
          providerCode: error instanceof APIError ? (error.code ?? error.type) : undefined,
          durationMs: elapsed(started),
        };
        // 4xx other than 408/409/429 means a misconfiguration (key, model, URL): worth an error.
        if (providerStatus !== undefined && providerStatus < 500 && failure.kind === 'unavailable')
          this.#log.error(entry, 'llm request rejected');
        else this.#log.warn(entry, 'llm request failed');
        throw failure;
      }
      responseModel ??= answer.responseModel;
      usage.promptTokens += answer.usage.promptTokens;
      usage.completionTokens += answer.usage.completionTokens;
      if (answer.finishReason === 'length') {
        // Still cut after every continuation: reported, never used as if it were whole.
        this.#log.warn(
          { ...base, attempt, kind: 'truncated', durationMs: elapsed(started) },
          'llm answer cut by the length limit',
        );
        throw new LlmError('truncated', { model, usage: { ...usage }, costUsd: cost() });
      }

      let checked: Checked<Static<T>>;
      try {
        checked = checkAnswer(answer.content, schema, {
          parse: options.parse,
          promised: format?.type === 'json_schema' ? structured?.schema : undefined,
        });
      } catch (error) {
        throw error instanceof CallbackFailure ? error.error : error;
      }
      if (checked.ok) {
        this.#log.info(
          {
            ...base,
            attempts: attempt,
            streamed: options.onDelta !== undefined,
            promptTokens: usage.promptTokens,
            completionTokens: usage.completionTokens,
            costUsd: cost(),
            durationMs: elapsed(started),
          },
          'llm request completed',
        );
        return { value: checked.value, model, usage: { ...usage }, costUsd: cost() };
      }

      // The reason only, never the problem text: it may quote the answer.
      this.#log.warn(
        {
          ...base,
          attempt,
          reason: checked.reason,
          finishReason: answer.finishReason,
          promptTokens: usage.promptTokens,
          completionTokens: usage.completionTokens,
          durationMs: elapsed(started),
        },
        'llm answer invalid',
      );
      if (attempt >= 2) {
        throw new LlmError('invalid-output', { model, usage: { ...usage }, costUsd: cost() });
      }
      messages = [
        ...messages,
        { role: 'assistant', content: answer.content },
        {
          role: 'user',
          content: correctionMessage(checked, answer.finishReason, schema),
        },
      ];
    }
  }

  #endpoint(mode: LlmMode): { key: 'main' | 'alternative'; endpoint: LlmEndpoint } {
    const alternative = this.#settings.alternative;
    if (mode === 'alternative' && isEndpointConfigured(alternative) && alternative) {
      return { key: 'alternative', endpoint: alternative };
    }
    return { key: 'main', endpoint: this.#settings.main };
  }

  #sdkFor(mode: LlmMode): OpenAI {
    const { key, endpoint } = this.#endpoint(mode);
    let sdk = this.#sdk.get(key);
    if (!sdk) {
      // Every option explicit, so the SDK never reads OPENAI_* from the environment itself
      // (an alternative endpoint must not inherit the main key).
      sdk = new OpenAI({
        baseURL: endpoint.baseUrl ?? 'https://api.openai.com/v1',
        apiKey: endpoint.apiKey ?? 'not-needed',
        organization: null,
        project: null,
        timeout: this.#settings.timeoutMs,
        maxRetries: this.#settings.maxRetries,
        // Debug level would log request bodies (patient data), whatever OPENAI_LOG says.
        logLevel: 'warn',
      });
      this.#sdk.set(key, sdk);
    }
    return sdk;
  }

  /**
   * An answer cut by the length limit is continued: the cut text goes back as the assistant's
   * turn and the model is asked to go on, in plain text (a continuation of a JSON document cannot
   * itself follow a schema). The parts are joined; usage is summed. Returns the last
   * finish_reason, so a text still cut after `maxContinuations` is known to be cut.
   */
  async #continueIfCut<T extends TSchema>(
    sdk: OpenAI,
    call: {
      model: string;
      messages: LlmMessage[];
      answer: RawAnswer;
      options: CompleteJsonOptions<T>;
    },
  ): Promise<RawAnswer> {
    const { model, options } = call;
    let answer = call.answer;
    const max = options.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS;
    for (let n = 0; n < max && answer.finishReason === 'length'; n++) {
      const sofar = answer.content;
      const onDelta = options.onDelta;
      const next = await this.#request(sdk, {
        model,
        messages: [
          ...call.messages,
          { role: 'assistant', content: sofar },
          { role: 'user', content: CONTINUE_INSTRUCTION },
        ],
        format: undefined,
        options: {
          ...options,
          ...(onDelta ? { onDelta: (text: string) => onDelta(sofar + text) } : {}),
        },
      });
      answer = {
        content: sofar + next.content,
        finishReason: next.finishReason,
        usage: {
          promptTokens: answer.usage.promptTokens + next.usage.promptTokens,
          completionTokens: answer.usage.completionTokens + next.usage.completionTokens,
        },
        responseModel: answer.responseModel ?? next.responseModel,
      };
    }
    return answer;
  }

  async #request<T extends TSchema>(
    sdk: OpenAI,
    call: {
      model: string;
      messages: LlmMessage[];
      format: ResponseFormat;
      options: CompleteJsonOptions<T>;
    },
  ): Promise<RawAnswer> {
    const { model, messages, format, options } = call;
    const { onDelta, signal } = options;
    // The SDK's types know json_schema's schema as a plain object.
    const responseFormat = format
      ? { response_format: format as OpenAI.ChatCompletionCreateParams['response_format'] }
      : {};
    // One controller per request: the caller's signal and the stream's idle timer both abort it.
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    else signal?.addEventListener('abort', forward, { once: true });
    let idleTimer: NodeJS.Timeout | undefined;
    let idleTimedOut = false;
    try {
      if (!onDelta) {
        const completion = await sdk.chat.completions.create(
          { model, messages, ...responseFormat, stream: false },
          { signal: controller.signal },
        );
        const choice = completion.choices[0];
        return {
          content: choice?.message.content ?? '',
          finishReason: choice?.finish_reason ?? null,
          usage: usageOf(completion.usage),
          responseModel: completion.model,
        };
      }

      // The SDK's timeout ends when the headers arrive; inside the stream, silence longer than
      // the same timeout aborts it.
      const armIdleTimer = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          idleTimedOut = true;
          controller.abort();
        }, this.#settings.timeoutMs);
      };
      const stream = await sdk.chat.completions.create(
        {
          model,
          messages,
          ...responseFormat,
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: controller.signal },
      );
      armIdleTimer();
      let content = '';
      let finishReason: string | null = null;
      let usage: LlmUsage = { promptTokens: 0, completionTokens: 0 };
      let responseModel: string | undefined;
      for await (const chunk of stream) {
        armIdleTimer();
        responseModel ??= chunk.model;
        if (chunk.usage) usage = usageOf(chunk.usage);
        const choice = chunk.choices[0];
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        const delta = choice?.delta?.content;
        if (delta) {
          content += delta;
          try {
            onDelta(content);
          } catch (error) {
            throw new CallbackFailure(error);
          }
        }
      }
      // The SDK ends a stream quietly when it is aborted: an abort is not an answer.
      if (controller.signal.aborted) {
        if (idleTimedOut) throw new LlmError('timeout', { model });
        throw signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');
      }
      return { content, finishReason, usage, responseModel };
    } catch (error) {
      if (idleTimedOut && !(error instanceof CallbackFailure)) {
        throw new LlmError('timeout', { model, cause: error });
      }
      throw error;
    } finally {
      clearTimeout(idleTimer);
      signal?.removeEventListener('abort', forward);
    }
  }
}

const elapsed = (started: number): number => Math.round(performance.now() - started);

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): LlmUsage {
  return {
    promptTokens: nonNegativeInteger(usage?.prompt_tokens),
    completionTokens: nonNegativeInteger(usage?.completion_tokens),
  };
}

const nonNegativeInteger = (n: unknown): number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : 0;

function withJsonInstruction(messages: LlmMessage[]): LlmMessage[] {
  const copy = messages.map((m) => ({ role: m.role, content: m.content }));
  if (copy.some((m) => /json/i.test(m.content))) return copy;
  return [{ role: 'system', content: JSON_INSTRUCTION }, ...copy];
}

/** A 400/422 that names the response format: the endpoint has no Structured Outputs. */
function refusesResponseFormat(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return /response_format|json_schema|structured/i.test(
    `${error.message} ${String(error.param ?? '')}`,
  );
}

function toLlmError(
  error: unknown,
  spent: { model: string; usage: LlmUsage; costUsd: string },
): LlmError {
  if (error instanceof LlmError) return error;
  const details = {
    cause: error,
    model: spent.model,
    ...(spent.usage.promptTokens + spent.usage.completionTokens > 0
      ? { usage: { ...spent.usage }, costUsd: spent.costUsd }
      : {}),
  };
  let kind: LlmErrorKind = 'unavailable';
  if (error instanceof APIConnectionTimeoutError) kind = 'timeout';
  else if (error instanceof APIError) {
    if (error.status === 408) kind = 'timeout';
    // OpenAI answers 429 also when the account has no credit left: waiting does not help.
    else if (error.status === 429 && error.code !== 'insufficient_quota') kind = 'rate-limited';
  }
  return new LlmError(kind, details);
}

const FENCE = '```';

/**
 * Strips a ```json fence some local models add even in JSON mode: what lies between the fences,
 * without the `json` tag and the blanks around it. String operations, not a pattern: the model's
 * answer echoes what the user dictated, and the former `^\s*```(?:json)?\s*\n?([\s\S]*?)\n?\s*```\s*$`
 * was cubic on blanks and line breaks inside a fence (3,300 characters took 13 s).
 */
function unfence(content: string): string {
  const trimmed = content.trim();
  if (trimmed.length < 2 * FENCE.length || !trimmed.startsWith(FENCE) || !trimmed.endsWith(FENCE))
    return content;
  const inner = trimmed.slice(FENCE.length, -FENCE.length);
  return (/^json/i.test(inner) ? inner.slice(4) : inner).trim();
}

function isParseRejection(result: unknown): result is { error: string } {
  return (
    typeof result === 'object' &&
    result !== null &&
    !Array.isArray(result) &&
    Object.keys(result).length === 1 &&
    typeof (result as { error?: unknown }).error === 'string'
  );
}

/**
 * The JSON of an answer: as is, without a ```json fence, or (text parsing, for endpoints without
 * a JSON mode that wrap the object in a sentence) from its first `{` to its last `}`.
 */
function parseAnswerJson(content: string): { json: unknown } | { problem: string } {
  const text = unfence(content);
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    const first = text.indexOf('{');
    const last = text.lastIndexOf('}');
    if (first >= 0 && last > first && (first > 0 || last < text.length - 1)) {
      try {
        return { json: JSON.parse(text.slice(first, last + 1)) };
      } catch {
        // the first error is the one to report
      }
    }
    return { problem: `a resposta não é um JSON válido (${(error as Error).message})` };
  }
}

function schemaProblem(schema: TSchema, value: unknown): string {
  const errors = [...Value.Errors(schema, value)].slice(0, 10);
  const list = errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; ');
  return `o JSON não segue o formato pedido (${list})`;
}

function checkAnswer<T extends TSchema>(
  content: string,
  schema: T,
  checks: {
    parse: ((value: Static<T>) => Static<T> | { error: string }) | undefined;
    /** The json_schema the endpoint accepted: its answer must keep that promise. */
    promised: TSchema | undefined;
  },
): Checked<Static<T>> {
  const { parse, promised } = checks;
  if (content.trim() === '')
    return { ok: false, reason: 'empty', problem: 'a resposta veio vazia' };
  const read = parseAnswerJson(content);
  if ('problem' in read) return { ok: false, reason: 'not-json', problem: read.problem };
  const json = read.json;
  if (promised && !Value.Check(promised, json))
    return { ok: false, reason: 'schema', problem: schemaProblem(promised, json) };
  // No Value.Convert: coercing ("1" -> 1, "x" -> ["x"]) would hide a wrong answer the
  // corrective retry can fix.
  const value = Value.Clean(schema, Value.Default(schema, json));
  if (!Value.Check(schema, value))
    return { ok: false, reason: 'schema', problem: schemaProblem(schema, value) };
  if (!parse) return { ok: true, value };
  let parsed: Static<T> | { error: string };
  try {
    parsed = parse(value);
  } catch (error) {
    throw new CallbackFailure(error);
  }
  // The answer itself handed back, or a value the schema cannot take for a rejection, is a value
  // even when it looks like `{ error }`; a new `{ error }` object is a rejection even under a
  // schema that accepts any object (Type.Record), which would otherwise swallow every rejection.
  const rejection = isParseRejection(parsed) && parsed !== value ? parsed.error : undefined;
  if (rejection !== undefined) {
    return { ok: false, reason: 'parse', problem: rejection };
  }
  return { ok: true, value: parsed as Static<T> };
}

const MAX_SCHEMA_IN_CORRECTION = 4000;

function correctionMessage(
  checked: { reason: string; problem: string },
  finishReason: string | null,
  schema: TSchema,
): string {
  const parts = [`Sua resposta anterior não pôde ser usada: ${checked.problem}.`];
  if (finishReason === 'length') {
    parts.push('Ela foi cortada por exceder o limite de tamanho; seja mais conciso.');
  }
  if (checked.reason === 'schema') {
    const text = JSON.stringify(schema);
    if (text.length <= MAX_SCHEMA_IN_CORRECTION)
      parts.push(`Formato esperado (JSON Schema): ${text}`);
  }
  parts.push(
    'Responda novamente somente com um objeto JSON válido, no formato pedido, sem nenhum texto fora do JSON.',
  );
  return parts.join('\n');
}
