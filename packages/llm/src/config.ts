import { type Static, type TProperties, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** USD per one million tokens, for one model. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Model name -> price. Keys match a model exactly or as the prefix of a dated snapshot. */
export type PriceTable = Record<string, ModelPrice>;

/**
 * Public list prices (USD per 1M tokens) of a few common models, used to estimate `costUsd`.
 * LLM_PRICES_JSON overrides or extends them; a model found in neither costs "0".
 */
export const DEFAULT_PRICES: Readonly<PriceTable> = Object.freeze({
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gpt-5': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'gpt-5-mini': { inputPerMillion: 0.25, outputPerMillion: 2 },
  'gpt-5-nano': { inputPerMillion: 0.05, outputPerMillion: 0.4 },
  'o4-mini': { inputPerMillion: 1.1, outputPerMillion: 4.4 },
});

const HttpUrl = Type.String({ pattern: '^https?://' });

/**
 * The LLM variables, to spread into a service's config schema next to BaseConfigFields:
 * `loadConfig(Type.Object({ ...BaseConfigFields, ...LlmConfigFields, PORT: ... }))`.
 */
export const LlmConfigFields = {
  /** Any OpenAI-compatible endpoint (OpenAI, Azure OpenAI v1, Ollama, vLLM). Unset: api.openai.com. */
  OPENAI_BASE_URL: Type.Optional(HttpUrl),
  /** Bearer key; local servers may need none. The endpoint counts as configured when this or the URL is set. */
  OPENAI_API_KEY: Type.Optional(Type.String()),
  /** Model of the standard mode (and of the alternative mode when OPENAI_ALT_MODEL is unset). */
  OPENAI_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini' }),
  /** The stronger model of the SUPER-IA mode, on the main endpoint. */
  OPENAI_SUPER_MODEL: Type.String({ minLength: 1, default: 'gpt-4o' }),
  /** IA-ALTERNATIVA endpoint. Without it (and without its key) the alternative mode uses the main endpoint. */
  OPENAI_ALT_BASE_URL: Type.Optional(HttpUrl),
  /** Key of the IA-ALTERNATIVA endpoint (never falls back to OPENAI_API_KEY). */
  OPENAI_ALT_API_KEY: Type.Optional(Type.String()),
  /** Model of the alternative mode; unset: OPENAI_MODEL. */
  OPENAI_ALT_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  /** Per-request timeout (each try), in ms; also the longest silence tolerated inside a stream. */
  LLM_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 60_000 }),
  /** Retries of 408/409/429/5xx answers, connection errors and timeouts, with exponential backoff. */
  LLM_MAX_RETRIES: Type.Integer({ minimum: 0, maximum: 10, default: 2 }),
  /** JSON `{ "<model>": { "inputPerMillion": n, "outputPerMillion": n } }` merged over DEFAULT_PRICES. */
  LLM_PRICES_JSON: Type.Optional(Type.String()),
} satisfies TProperties;

const LlmConfigSchema = Type.Object(LlmConfigFields);
/** The slice of a loaded config that llmSettingsFrom reads. */
export type LlmConfig = Static<typeof LlmConfigSchema>;

/** One OpenAI-compatible server. `baseUrl`/`apiKey` undefined mean the SDK default URL / no key. */
export interface LlmEndpoint {
  baseUrl: string | undefined;
  apiKey: string | undefined;
}

/** Everything LlmClient needs, resolved from the environment. */
export interface LlmSettings {
  main: LlmEndpoint;
  /** undefined: the alternative mode runs on the main endpoint. */
  alternative: LlmEndpoint | undefined;
  model: string;
  superModel: string;
  alternativeModel: string;
  timeoutMs: number;
  maxRetries: number;
  prices: PriceTable;
}

const PricesSchema = Type.Record(
  Type.String({ minLength: 1 }),
  Type.Object(
    {
      inputPerMillion: Type.Number({ minimum: 0 }),
      outputPerMillion: Type.Number({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
);

/** Parses LLM_PRICES_JSON; throws an Error naming the variable when it is malformed. */
export function parsePrices(json: string | undefined): PriceTable {
  if (json === undefined || json.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error(`LLM_PRICES_JSON is malformed: ${(error as Error).message}`);
  }
  if (!Value.Check(PricesSchema, value)) {
    const first = [...Value.Errors(PricesSchema, value)][0];
    throw new Error(
      `LLM_PRICES_JSON is malformed: expected { "<model>": { "inputPerMillion": number, "outputPerMillion": number } }` +
        (first ? ` (${first.path || '/'}: ${first.message})` : ''),
    );
  }
  return value;
}

const blank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * Resolves LlmSettings from a config loaded with LlmConfigFields (or any object with those keys).
 * Throws when LLM_PRICES_JSON is malformed, so a misconfigured process stops at startup.
 */
export function llmSettingsFrom(config: LlmConfig): LlmSettings {
  const altBaseUrl = blank(config.OPENAI_ALT_BASE_URL);
  const altApiKey = blank(config.OPENAI_ALT_API_KEY);
  return {
    main: { baseUrl: blank(config.OPENAI_BASE_URL), apiKey: blank(config.OPENAI_API_KEY) },
    alternative:
      altBaseUrl !== undefined || altApiKey !== undefined
        ? { baseUrl: altBaseUrl, apiKey: altApiKey }
        : undefined,
    model: config.OPENAI_MODEL,
    superModel: config.OPENAI_SUPER_MODEL,
    alternativeModel: blank(config.OPENAI_ALT_MODEL) ?? config.OPENAI_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    prices: { ...DEFAULT_PRICES, ...parsePrices(config.LLM_PRICES_JSON) },
  };
}

/** An endpoint is configured when it has a URL or a key. */
export const isEndpointConfigured = (endpoint: LlmEndpoint | undefined): boolean =>
  endpoint !== undefined && (endpoint.baseUrl !== undefined || endpoint.apiKey !== undefined);
