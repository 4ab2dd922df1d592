import { BaseConfigFields, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

export const BillingConfigSchema = Type.Object({
  ...BaseConfigFields,
  /** Listen port. */
  PORT: Type.Integer({ default: 8084 }),
  /** Database name. */
  BILLING_DATABASE: Type.String({ default: 'billing' }),
  /**
   * Stripe keys. Without the secret key (and the webhook secret) create-subscription answers 503
   * and nothing pretends to charge; an admin can still grant Premium in the console.
   */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Signing secret of the webhook endpoint POST /api/stripe/webhook (`whsec_...`). */
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** `pk_...`, returned to the subscribe page with the client secret. */
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** A recurring BRL price created in the dashboard; without it one is created (lookup key). */
  STRIPE_PRICE_ID: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Stripe's Customer Portal configuration (bpc_..., made in the dashboard). When set, Minha Área
   * offers 'Gerenciar assinatura' beside 'Cancelar assinatura'; unset, only the cancel button.
   */
  STRIPE_PORTAL_CONFIGURATION: Type.Optional(Type.String({ pattern: '^bpc_[A-Za-z0-9_]+$' })),
  /** Where the Customer Portal sends the user back: Minha Área on the public origin. */
  STRIPE_PORTAL_RETURN_URL: Type.String({
    pattern: '^https?://',
    default: 'http://localhost:8080/user',
  }),
  /** Where the Stripe SDK sends its calls: a local fake in tests, api.stripe.com otherwise. */
  STRIPE_API_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Soniox's long-lived key; without it the temporary-key route answers 503. */
  SONIOX_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Soniox REST base URL (a local fake in tests). */
  SONIOX_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.soniox.com' }),
  /** The realtime WebSocket the browser opens with a minted key (a local fake in e2e tests). */
  SONIOX_WS_URL: Type.String({
    pattern: '^wss?://',
    default: 'wss://stt-rt.soniox.com/transcribe-websocket',
  }),
  /** How long a minted Soniox key may be used to open a stream (Soniox allows 1..3600). */
  SONIOX_KEY_TTL_SECONDS: Type.Integer({ minimum: 1, maximum: 3_600, default: 60 }),
  /**
   * How often billing reads Soniox's usage logs to settle streams (issue 24); 0: never on a timer
   * (a user's streams are still settled when they ask for a new key).
   */
  SONIOX_SETTLE_INTERVAL_SECONDS: Type.Integer({ minimum: 0, default: 30 }),
  /**
   * How long after a key could last stream its usage record is waited for; past it, a stream
   * with no record is settled at its worst case (the key's whole session duration).
   */
  SONIOX_RECORD_DEADLINE_SECONDS: Type.Integer({ minimum: 0, default: 900 }),
  /** Soniox keys one user may mint per hour (each opens a paid stream). */
  SONIOX_KEYS_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 30 }),
  /**
   * A quota reservation counts until its action's event arrives (formatting: consult.formatted.v1
   * with the same id) or, at the latest, for this long; the action's event counts afterwards.
   */
  QUOTA_RESERVATION_TTL_SECONDS: Type.Integer({ minimum: 60, default: 600 }),
  /** PDF text extractions a free user may run a month (issue 24); Premium is unlimited. */
  FREE_EXTRACTIONS_PER_MONTH: Type.Integer({ minimum: 0, default: 30 }),
  /** The durable JetStream consumer that keeps the usage counters. */
  BILLING_CONSUMER: Type.String({ pattern: '^[A-Za-z0-9_-]+$', default: 'billing-usage' }),
});
export type BillingConfig = Static<typeof BillingConfigSchema>;

export const loadBillingConfig = (env = process.env) => loadConfig(BillingConfigSchema, env);
