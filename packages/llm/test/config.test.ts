import { ConfigError } from '@pv/service-kit/runtime';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import {
  costUsd,
  DEFAULT_PRICES,
  LlmClient,
  LlmError,
  parsePrices,
  priceFor,
} from '../src/index.js';
import { settingsFromEnv } from './helpers.js';

describe('LLM settings from the environment', () => {
  it('applies the documented defaults and is not configured with no env', async () => {
    const settings = settingsFromEnv({});
    expect(settings).toMatchObject({
      main: { baseUrl: undefined, apiKey: undefined },
      alternative: undefined,
      model: 'gpt-4o-mini',
      superModel: 'gpt-4o',
      alternativeModel: 'gpt-4o-mini',
      timeoutMs: 60_000,
      maxRetries: 2,
    });
    expect(settings.prices).toEqual(DEFAULT_PRICES);
    const client = new LlmClient(settings);
    for (const mode of ['standard', 'super', 'alternative'] as const) {
      expect(client.isConfigured(mode)).toBe(false);
    }
    const failure = await client
      .completeJson({
        mode: 'standard',
        purpose: 'format-text',
        messages: [{ role: 'user', content: 'JSON' }],
        schema: Type.Object({}),
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmError);
    expect(failure).toMatchObject({ kind: 'not-configured', status: 503 });
    expect((failure as LlmError).message).toMatch(/não está configurado/);
  });

  it('counts the endpoint as configured with only a URL or only a key', () => {
    const urlOnly = new LlmClient(
      settingsFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }),
    );
    expect(urlOnly.isConfigured('standard')).toBe(true);
    expect(urlOnly.isConfigured('alternative')).toBe(true);
    const keyOnly = new LlmClient(settingsFromEnv({ OPENAI_API_KEY: 'sk-x' }));
    expect(keyOnly.isConfigured('super')).toBe(true);
    const altOnly = new LlmClient(settingsFromEnv({ OPENAI_ALT_BASE_URL: 'http://alt/v1' }));
    expect(altOnly.isConfigured('alternative')).toBe(true);
    expect(altOnly.isConfigured('standard')).toBe(false);
  });

  it('reads models, timeouts and retries, converting numbers, and resolves the alternative endpoint', () => {
    const settings = settingsFromEnv({
      OPENAI_BASE_URL: 'http://main/v1',
      OPENAI_API_KEY: 'sk-main',
      OPENAI_MODEL: 'llama3.1',
      OPENAI_SUPER_MODEL: 'llama3.1:70b',
      OPENAI_ALT_API_KEY: 'sk-alt',
      OPENAI_ALT_MODEL: 'qwen2.5',
      LLM_TIMEOUT_MS: '1500',
      LLM_MAX_RETRIES: '0',
    });
    expect(settings).toMatchObject({
      main: { baseUrl: 'http://main/v1', apiKey: 'sk-main' },
      // A key alone is a separate endpoint (OpenAI's default URL), never the main URL with it.
      alternative: { baseUrl: undefined, apiKey: 'sk-alt' },
      model: 'llama3.1',
      superModel: 'llama3.1:70b',
      alternativeModel: 'qwen2.5',
      timeoutMs: 1500,
      maxRetries: 0,
    });
    const client = new LlmClient(settings);
    expect(client.modelFor('standard')).toBe('llama3.1');
    expect(client.modelFor('super')).toBe('llama3.1:70b');
    expect(client.modelFor('alternative')).toBe('qwen2.5');
  });

  it('rejects malformed values through the service loader', () => {
    expect(() => settingsFromEnv({ LLM_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => settingsFromEnv({ OPENAI_BASE_URL: 'localhost:11434' })).toThrow(
      /OPENAI_BASE_URL/,
    );
    expect(() => settingsFromEnv({ LLM_MAX_RETRIES: '-1' })).toThrow(/LLM_MAX_RETRIES/);
  });

  it('merges LLM_PRICES_JSON over the defaults and rejects a malformed table', () => {
    const settings = settingsFromEnv({
      LLM_PRICES_JSON: JSON.stringify({
        'gpt-4o-mini': { inputPerMillion: 1, outputPerMillion: 2 },
        'llama3.1': { inputPerMillion: 0, outputPerMillion: 0.5 },
      }),
    });
    expect(settings.prices['gpt-4o-mini']).toEqual({ inputPerMillion: 1, outputPerMillion: 2 });
    expect(settings.prices['llama3.1']).toEqual({ inputPerMillion: 0, outputPerMillion: 0.5 });
    expect(settings.prices['gpt-4o']).toEqual(DEFAULT_PRICES['gpt-4o']);
    expect(() => parsePrices('{ not json')).toThrow(/LLM_PRICES_JSON is malformed/);
    expect(() => parsePrices('{"m":{"inputPerMillion":"1","outputPerMillion":2}}')).toThrow(
      /LLM_PRICES_JSON is malformed.*inputPerMillion/,
    );
    expect(() => settingsFromEnv({ LLM_PRICES_JSON: '[1]' })).toThrow(/LLM_PRICES_JSON/);
  });
});

describe('cost', () => {
  it('prices dated snapshots by their longest prefix and formats a plain decimal string', () => {
    expect(priceFor(DEFAULT_PRICES, 'gpt-4o-mini-2024-07-18')).toEqual(
      DEFAULT_PRICES['gpt-4o-mini'],
    );
    expect(priceFor(DEFAULT_PRICES, 'gpt-4o-2024-08-06')).toEqual(DEFAULT_PRICES['gpt-4o']);
    expect(priceFor(DEFAULT_PRICES, 'gpt-4omni')).toBeUndefined();
    expect(priceFor(DEFAULT_PRICES, 'llama3.1')).toBeUndefined();

    const price = { inputPerMillion: 0.15, outputPerMillion: 0.6 };
    expect(costUsd({ promptTokens: 1000, completionTokens: 500 }, price)).toBe('0.00045');
    expect(costUsd({ promptTokens: 1, completionTokens: 0 }, price)).toBe('0'); // below 1e-6
    expect(costUsd({ promptTokens: 2_000_000, completionTokens: 1_000_000 }, price)).toBe('0.9');
    expect(
      costUsd(
        { promptTokens: 1234, completionTokens: 5678 },
        { inputPerMillion: 2.5, outputPerMillion: 10 },
      ),
    ).toBe('0.059865');
    expect(costUsd({ promptTokens: 10, completionTokens: 10 }, undefined)).toBe('0');
    expect(costUsd({ promptTokens: 0, completionTokens: 0 }, price)).toBe('0');
  });
});
