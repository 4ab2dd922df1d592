import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { BaseConfigFields, ConfigError, loadConfig } from '../src/config.js';

const Schema = Type.Object({
  ...BaseConfigFields,
  PORT: Type.Integer({ default: 8081 }),
  FEATURE_ON: Type.Boolean({ default: false }),
});

describe('loadConfig', () => {
  it('applies defaults and coerces text to numbers and booleans', () => {
    const config = loadConfig(Schema, {
      SESSION_PUBLIC_KEY: 'k'.repeat(44),
      PORT: '9000',
      FEATURE_ON: 'true',
    });
    expect(config.PORT).toBe(9000);
    expect(config.FEATURE_ON).toBe(true);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names a missing variable', () => {
    expect(() => loadConfig(Schema, {})).toThrowError(/SESSION_PUBLIC_KEY is required but not set/);
  });

  it('names every malformed variable', () => {
    try {
      loadConfig(Schema, {
        SESSION_PUBLIC_KEY: 'k'.repeat(44),
        PORT: 'oito',
        REDIS_URL: 'http://x',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT is malformed/);
      expect(problems).toMatch(/REDIS_URL is malformed/);
    }
  });
});
