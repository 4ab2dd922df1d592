import type { LlmUsage } from './cost.js';

export type LlmErrorKind =
  | 'not-configured'
  | 'unavailable'
  | 'rate-limited'
  | 'timeout'
  | 'invalid-output'
  | 'truncated';

/** The pt-BR message a person reads for each failure (the service shows it as is). */
export const LLM_ERROR_MESSAGES: Readonly<Record<LlmErrorKind, string>> = Object.freeze({
  'not-configured':
    'O serviço de IA não está configurado neste servidor. Peça ao administrador para configurá-lo.',
  unavailable: 'O serviço de IA está indisponível no momento. Tente novamente em instantes.',
  'rate-limited': 'O serviço de IA está sobrecarregado. Aguarde alguns segundos e tente novamente.',
  timeout: 'O serviço de IA demorou demais para responder. Tente novamente.',
  'invalid-output': 'A IA devolveu uma resposta inválida. Tente novamente.',
  truncated:
    'A resposta da IA ficou longa demais e veio cortada, mesmo depois de pedir a continuação, e não foi usada. Formate o atendimento em partes menores ou tente novamente.',
});

/** The HTTP status a service answers with for each failure. */
export const LLM_ERROR_STATUS: Readonly<Record<LlmErrorKind, 502 | 503 | 504>> = Object.freeze({
  'not-configured': 503,
  unavailable: 502,
  'rate-limited': 503,
  timeout: 504,
  'invalid-output': 502,
  truncated: 502,
});

/** A stable error code per failure, for the services' error shape ('LLM_RATE_LIMITED', ...). */
export const llmErrorCode = (kind: LlmErrorKind): string =>
  `LLM_${kind.toUpperCase().replace(/-/g, '_')}`;

/**
 * Why a completion failed, with a pt-BR `message` a person can act on and the `status` to answer
 * with. When tokens were spent before failing (invalid output), `usage`/`costUsd` say how many.
 */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly status: 502 | 503 | 504;
  readonly code: string;
  readonly model: string | undefined;
  readonly usage: LlmUsage | undefined;
  readonly costUsd: string | undefined;

  constructor(
    readonly kind: LlmErrorKind,
    options: { cause?: unknown; model?: string; usage?: LlmUsage; costUsd?: string } = {},
  ) {
    super(LLM_ERROR_MESSAGES[kind], options.cause === undefined ? {} : { cause: options.cause });
    this.status = LLM_ERROR_STATUS[kind];
    this.code = llmErrorCode(kind);
    this.model = options.model;
    this.usage = options.usage;
    this.costUsd = options.costUsd;
  }
}

export const isLlmError = (error: unknown): error is LlmError => error instanceof LlmError;
