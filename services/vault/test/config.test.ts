import { ConfigError } from '@pv/service-kit/runtime';
import { testSessionKeys } from '@pv/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { loadVaultConfig } from '../src/config.js';

const base = { SESSION_PUBLIC_KEY: testSessionKeys().publicKey };

describe('vault configuration', () => {
  it('defaults: port 8086, database vault, 15-minute unlock', () => {
    const config = loadVaultConfig({
      ...base,
      VAULT_HMAC_SECRET: 'h'.repeat(64),
      VAULT_ADMIN_KEY: 'k'.repeat(64),
    });
    expect(config).toMatchObject({
      PORT: 8086,
      VAULT_DATABASE: 'vault',
      VAULT_SESSION_TTL_SECONDS: 900,
      VAULT_CONSUMER: 'vault-consults',
    });
  });

  it('stops without either secret, or with a short one, naming it but never showing it', () => {
    const missing = () => loadVaultConfig(base);
    expect(missing).toThrow(ConfigError);
    expect(missing).toThrow(/VAULT_HMAC_SECRET is required/);
    expect(missing).toThrow(/VAULT_ADMIN_KEY is required/);
    try {
      loadVaultConfig({
        ...base,
        VAULT_HMAC_SECRET: 'curto-demais',
        VAULT_ADMIN_KEY: 'x'.repeat(8),
      });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/VAULT_HMAC_SECRET is malformed/);
      expect(message).toMatch(/VAULT_ADMIN_KEY is malformed/);
      expect(message).not.toContain('curto-demais');
      expect(message).not.toContain('x'.repeat(8));
    }
  });
});
