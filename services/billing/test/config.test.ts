import { ConfigError } from '@pv/service-kit/runtime';
import { describe, expect, it } from 'vitest';
import { loadBillingConfig } from '../src/config.js';
import { stripeFrom } from '../src/stripe/stripe-client.js';

const base = { SESSION_PUBLIC_KEY: 'A'.repeat(44) };

describe('billing configuration', () => {
  it('defaults suit one machine: port 8084, payments and Soniox off', () => {
    const config = loadBillingConfig(base);
    expect(config).toMatchObject({
      PORT: 8084,
      BILLING_DATABASE: 'billing',
      SONIOX_API_URL: 'https://api.soniox.com',
      SONIOX_WS_URL: 'wss://stt-rt.soniox.com/transcribe-websocket',
      SONIOX_KEY_TTL_SECONDS: 60,
      QUOTA_RESERVATION_TTL_SECONDS: 600,
      BILLING_CONSUMER: 'billing-usage',
    });
    expect(config.SONIOX_API_KEY).toBeUndefined();
    expect(stripeFrom(config)).toBeNull();
  });

  it('needs all three Stripe keys before it takes payments', () => {
    expect(stripeFrom(loadBillingConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' }))).toBeNull();
    const full = loadBillingConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    });
    expect(stripeFrom(full)).not.toBeNull();
  });

  it('refuses a Soniox WebSocket address that is not ws(s)://', () => {
    expect(() =>
      loadBillingConfig({ ...base, SONIOX_WS_URL: 'https://stt-rt.soniox.com' }),
    ).toThrow(ConfigError);
  });

  it('refuses a Soniox key lifetime Soniox would refuse', () => {
    expect(() => loadBillingConfig({ ...base, SONIOX_KEY_TTL_SECONDS: '5000' })).toThrow(
      ConfigError,
    );
  });
});
