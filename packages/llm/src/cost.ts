import type { ModelPrice, PriceTable } from './config.js';

/** Tokens one call (or a call plus its corrective retry) consumed. */
export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * The price of a model: an exact key, else the longest key that prefixes a dated snapshot name
 * ('gpt-4o-mini-2024-07-18' -> 'gpt-4o-mini'). undefined when the table does not know it.
 */
export function priceFor(prices: PriceTable, model: string): ModelPrice | undefined {
  const exact = prices[model];
  if (exact) return exact;
  let best: string | undefined;
  for (const key of Object.keys(prices)) {
    if (model.startsWith(`${key}-`) && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : prices[best];
}

/**
 * Estimated cost in USD as a decimal string with at most 6 decimals, no exponent and no trailing
 * zeros ('0', '0.00015', '1.5'): prompt/1e6*input + completion/1e6*output.
 */
export function costUsd(usage: LlmUsage, price: ModelPrice | undefined): string {
  if (!price) return '0';
  const usd =
    (usage.promptTokens * price.inputPerMillion + usage.completionTokens * price.outputPerMillion) /
    1_000_000;
  if (!Number.isFinite(usd) || usd <= 0) return '0';
  const fixed = usd.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '0' || fixed === '' ? '0' : fixed;
}
