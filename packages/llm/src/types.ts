import type { Static, TSchema } from '@sinclair/typebox';
import type { LlmUsage } from './cost.js';

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
export type ResponseFormat =
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

/** One answer as the endpoint sent it, before any check. */
export interface RawAnswer {
  content: string;
  finishReason: string | null;
  usage: LlmUsage;
  responseModel: string | undefined;
}

/** Marks errors thrown by the caller's own onDelta/parse callbacks, which are rethrown untouched. */
export class CallbackFailure {
  constructor(readonly error: unknown) {}
}
