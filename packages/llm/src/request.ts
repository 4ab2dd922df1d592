import type { TSchema } from '@sinclair/typebox';
import type OpenAI from 'openai';
import { APIConnectionTimeoutError, APIError } from 'openai';
import type { LlmUsage } from './cost.js';
import { LlmError, type LlmErrorKind } from './errors.js';
import {
  CallbackFailure,
  type CompleteJsonOptions,
  type LlmMessage,
  type RawAnswer,
  type ResponseFormat,
} from './types.js';

/** OpenAI's json_object mode rejects requests whose messages never say "JSON". */
const JSON_INSTRUCTION = 'Responda somente com um objeto JSON válido.';

/** The follow-up request after an answer cut by the length limit. */
const CONTINUE_INSTRUCTION =
  'Sua resposta foi cortada pelo limite de tamanho. Continue exatamente do ponto em que parou, ' +
  'sem repetir nada do que já escreveu e sem texto antes da continuação.';

const DEFAULT_MAX_CONTINUATIONS = 2;

/** One request to the endpoint: what to send, and how long a stream may stay silent. */
export interface AnswerRequest<T extends TSchema> {
  model: string;
  messages: LlmMessage[];
  format: ResponseFormat;
  options: CompleteJsonOptions<T>;
  /** The SDK's timeout ends when the headers arrive; inside a stream, silence this long aborts it. */
  idleTimeoutMs: number;
}

/**
 * An answer cut by the length limit is continued: the cut text goes back as the assistant's
 * turn and the model is asked to go on, in plain text (a continuation of a JSON document cannot
 * itself follow a schema). The parts are joined; usage is summed. Returns the last
 * finish_reason, so a text still cut after `maxContinuations` is known to be cut.
 */
export async function continueIfCut<T extends TSchema>(
  sdk: OpenAI,
  call: Omit<AnswerRequest<T>, 'format'> & { answer: RawAnswer },
): Promise<RawAnswer> {
  const { model, options } = call;
  let answer = call.answer;
  const max = options.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS;
  for (let n = 0; n < max && answer.finishReason === 'length'; n++) {
    const sofar = answer.content;
    const onDelta = options.onDelta;
    const next = await requestAnswer(sdk, {
      model,
      idleTimeoutMs: call.idleTimeoutMs,
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

/** Sends one request (streamed when the caller listens to deltas) and reads its answer whole. */
export async function requestAnswer<T extends TSchema>(
  sdk: OpenAI,
  call: AnswerRequest<T>,
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

    const armIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idleTimedOut = true;
        controller.abort();
      }, call.idleTimeoutMs);
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

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): LlmUsage {
  return {
    promptTokens: nonNegativeInteger(usage?.prompt_tokens),
    completionTokens: nonNegativeInteger(usage?.completion_tokens),
  };
}

const nonNegativeInteger = (n: unknown): number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : 0;

export function withJsonInstruction(messages: LlmMessage[]): LlmMessage[] {
  const copy = messages.map((m) => ({ role: m.role, content: m.content }));
  if (copy.some((m) => /json/i.test(m.content))) return copy;
  return [{ role: 'system', content: JSON_INSTRUCTION }, ...copy];
}

/** A 400/422 that names the response format: the endpoint has no Structured Outputs. */
export function refusesResponseFormat(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return /response_format|json_schema|structured/i.test(
    `${error.message} ${String(error.param ?? '')}`,
  );
}

export function toLlmError(
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
