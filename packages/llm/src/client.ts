import type { Static, TSchema } from '@sinclair/typebox';
import OpenAI, { APIError } from 'openai';
import { type Checked, checkAnswer, correctionMessage } from './answer.js';
import { isEndpointConfigured, type LlmEndpoint, type LlmSettings } from './config.js';
import { costUsd, type LlmUsage, priceFor } from './cost.js';
import { LlmError } from './errors.js';
import {
  continueIfCut,
  refusesResponseFormat,
  requestAnswer,
  toLlmError,
  withJsonInstruction,
} from './request.js';
import {
  CallbackFailure,
  type CompleteJsonOptions,
  type CompleteJsonResult,
  type LlmLogger,
  type LlmMessage,
  type LlmMode,
  type RawAnswer,
  type ResponseFormat,
} from './types.js';

export type {
  CompleteJsonOptions,
  CompleteJsonResult,
  LlmLogger,
  LlmMessage,
  LlmMode,
} from './types.js';

type EndpointKey = 'main' | 'alternative';

/**
 * What one completeJson call carries from attempt to attempt: the log fields, the tokens spent by
 * every request so far, and the model name the server answered with (a snapshot, priced when the
 * configured name is not in the price table).
 */
interface CallState<T extends TSchema> {
  options: CompleteJsonOptions<T>;
  sdk: OpenAI;
  endpointKey: EndpointKey;
  model: string;
  base: { purpose: string; mode: LlmMode; model: string };
  started: number;
  usage: LlmUsage;
  responseModel: string | undefined;
}

const silentLogger: LlmLogger = { info() {}, warn() {}, error() {} };

const elapsed = (started: number): number => Math.round(performance.now() - started);

/**
 * The one LLM adapter: chat completions in JSON mode against any OpenAI-compatible endpoint,
 * validated against a TypeBox schema, with usage and an estimated cost. Never logs message
 * contents (they carry patient data): only model, purpose, tokens, duration and status.
 */
export class LlmClient {
  readonly #settings: LlmSettings;
  readonly #log: LlmLogger;
  readonly #sdk = new Map<EndpointKey, OpenAI>();
  /** Endpoints that refused a json_schema response format: asked in JSON mode from then on. */
  readonly #noStructuredOutput = new Set<EndpointKey>();

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
    const call = this.#begin(options);
    let messages = withJsonInstruction(options.messages);
    for (let attempt = 1; ; attempt++) {
      const { answer, format } = await this.#fetchAnswer(call, messages, attempt);
      this.#spend(call, answer, attempt);
      const checked = this.#check(call, answer, format);
      if (checked.ok) return this.#completed(call, checked.value, attempt);
      this.#rejectInvalid(call, { attempt, answer, checked });
      messages = [
        ...messages,
        { role: 'assistant', content: answer.content },
        { role: 'user', content: correctionMessage(checked, answer.finishReason, options.schema) },
      ];
    }
  }

  /** Refuses a mode without an endpoint; otherwise the state of a new call. */
  #begin<T extends TSchema>(options: CompleteJsonOptions<T>): CallState<T> {
    const { mode, purpose } = options;
    const model = this.modelFor(mode);
    const base = { purpose, mode, model };
    if (!this.isConfigured(mode)) {
      this.#log.warn({ ...base, kind: 'not-configured' }, 'llm request not sent');
      throw new LlmError('not-configured', { model });
    }
    return {
      options,
      sdk: this.#sdkFor(mode),
      endpointKey: this.#endpoint(mode).key,
      model,
      base,
      started: performance.now(),
      usage: { promptTokens: 0, completionTokens: 0 },
      responseModel: undefined,
    };
  }

  /** Priced by the configured name, else by the name the server answered with (a snapshot). */
  #cost<T extends TSchema>(call: CallState<T>): string {
    const prices = this.#settings.prices;
    return costUsd(
      call.usage,
      priceFor(prices, call.model) ??
        (call.responseModel ? priceFor(prices, call.responseModel) : undefined),
    );
  }

  #formatFor<T extends TSchema>(call: CallState<T>): ResponseFormat {
    const structured = call.options.structuredOutput;
    return structured && !this.#noStructuredOutput.has(call.endpointKey)
      ? {
          type: 'json_schema',
          json_schema: { name: structured.name, schema: structured.schema, strict: true },
        }
      : { type: 'json_object' };
  }

  /**
   * One attempt's whole answer: asked with Structured Outputs when the endpoint has them (else in
   * JSON mode), continued while cut by the length limit. A failure is logged and thrown as an
   * LlmError; a caller abort as the signal's reason; the caller's own callback errors untouched.
   */
  async #fetchAnswer<T extends TSchema>(
    call: CallState<T>,
    messages: LlmMessage[],
    attempt: number,
  ): Promise<{ answer: RawAnswer; format: ResponseFormat }> {
    const { model, options, sdk } = call;
    const idleTimeoutMs = this.#settings.timeoutMs;
    let format = this.#formatFor(call);
    try {
      let answer: RawAnswer;
      try {
        answer = await requestAnswer(sdk, { model, messages, format, options, idleTimeoutMs });
      } catch (error) {
        if (format?.type !== 'json_schema' || !refusesResponseFormat(error)) throw error;
        // Not every OpenAI-compatible server (or model) has Structured Outputs: JSON mode, and
        // the answer is read as text.
        this.#noStructuredOutput.add(call.endpointKey);
        this.#log.warn({ ...call.base, kind: 'no-structured-output' }, 'llm json_schema refused');
        format = this.#formatFor(call);
        answer = await requestAnswer(sdk, { model, messages, format, options, idleTimeoutMs });
      }
      answer = await continueIfCut(sdk, { model, messages, answer, options, idleTimeoutMs });
      return { answer, format };
    } catch (error) {
      throw this.#failure(call, error, attempt);
    }
  }

  /** What a failed request throws, logged (never with message contents). */
  #failure<T extends TSchema>(call: CallState<T>, error: unknown, attempt: number): unknown {
    if (error instanceof CallbackFailure) return error.error;
    const signal = call.options.signal;
    if (signal?.aborted) return signal.reason ?? error;
    const failure = toLlmError(error, {
      model: call.model,
      usage: call.usage,
      costUsd: this.#cost(call),
    });
    const providerStatus = error instanceof APIError ? error.status : undefined;
    const entry = {
      ...call.base,
      attempt,
      kind: failure.kind,
      providerStatus,
      providerCode: error instanceof APIError ? (error.code ?? error.type) : undefined,
      durationMs: elapsed(call.started),
    };
    // 4xx other than 408/409/429 means a misconfiguration (key, model, URL): worth an error.
    if (providerStatus !== undefined && providerStatus < 500 && failure.kind === 'unavailable')
      this.#log.error(entry, 'llm request rejected');
    else this.#log.warn(entry, 'llm request failed');
    return failure;
  }

  /** Adds the answer's tokens to the call; an answer still cut after every continuation fails. */
  #spend<T extends TSchema>(call: CallState<T>, answer: RawAnswer, attempt: number): void {
    call.responseModel ??= answer.responseModel;
    call.usage.promptTokens += answer.usage.promptTokens;
    call.usage.completionTokens += answer.usage.completionTokens;
    if (answer.finishReason !== 'length') return;
    // Reported, never used as if it were whole.
    this.#log.warn(
      { ...call.base, attempt, kind: 'truncated', durationMs: elapsed(call.started) },
      'llm answer cut by the length limit',
    );
    throw new LlmError('truncated', {
      model: call.model,
      usage: { ...call.usage },
      costUsd: this.#cost(call),
    });
  }

  #check<T extends TSchema>(
    call: CallState<T>,
    answer: RawAnswer,
    format: ResponseFormat,
  ): Checked<Static<T>> {
    const { options } = call;
    try {
      return checkAnswer(answer.content, options.schema, {
        parse: options.parse,
        promised: format?.type === 'json_schema' ? options.structuredOutput?.schema : undefined,
      });
    } catch (error) {
      throw error instanceof CallbackFailure ? error.error : error;
    }
  }

  #completed<T extends TSchema>(
    call: CallState<T>,
    value: Static<T>,
    attempts: number,
  ): CompleteJsonResult<T> {
    const costUsd = this.#cost(call);
    this.#log.info(
      {
        ...call.base,
        attempts,
        streamed: call.options.onDelta !== undefined,
        promptTokens: call.usage.promptTokens,
        completionTokens: call.usage.completionTokens,
        costUsd,
        durationMs: elapsed(call.started),
      },
      'llm request completed',
    );
    return { value, model: call.model, usage: { ...call.usage }, costUsd };
  }

  /** Logs an unusable answer; the second one in a call fails it with 'invalid-output'. */
  #rejectInvalid<T extends TSchema>(
    call: CallState<T>,
    found: { attempt: number; answer: RawAnswer; checked: { reason: string } },
  ): void {
    const { attempt, answer, checked } = found;
    // The reason only, never the problem text: it may quote the answer.
    this.#log.warn(
      {
        ...call.base,
        attempt,
        reason: checked.reason,
        finishReason: answer.finishReason,
        promptTokens: call.usage.promptTokens,
        completionTokens: call.usage.completionTokens,
        durationMs: elapsed(call.started),
      },
      'llm answer invalid',
    );
    if (attempt >= 2) {
      throw new LlmError('invalid-output', {
        model: call.model,
        usage: { ...call.usage },
        costUsd: this.#cost(call),
      });
    }
  }

  #endpoint(mode: LlmMode): { key: EndpointKey; endpoint: LlmEndpoint } {
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
}
