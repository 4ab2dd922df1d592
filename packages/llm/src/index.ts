export {
  type CompleteJsonOptions,
  type CompleteJsonResult,
  LlmClient,
  type LlmLogger,
  type LlmMessage,
  type LlmMode,
} from './client.js';
export {
  DEFAULT_PRICES,
  isEndpointConfigured,
  type LlmConfig,
  LlmConfigFields,
  type LlmEndpoint,
  type LlmSettings,
  llmSettingsFrom,
  type ModelPrice,
  type PriceTable,
  parsePrices,
} from './config.js';
export { costUsd, type LlmUsage, priceFor } from './cost.js';
export {
  isLlmError,
  LLM_ERROR_MESSAGES,
  LLM_ERROR_STATUS,
  LlmError,
  type LlmErrorKind,
  llmErrorCode,
} from './errors.js';
