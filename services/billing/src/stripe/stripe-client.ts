import Stripe from 'stripe';
import type { BillingConfig } from '../config.js';

export type StripeApi = Stripe;

/** Everything billing needs to take payments; null when the keys are not configured. */
export interface StripeSetup {
  stripe: Stripe;
  webhookSecret: string;
  publishableKey: string;
  priceId?: string;
  /** Stripe's Customer Portal, when configured (issue 17). */
  portal?: { configuration: string; returnUrl: string };
}

/**
 * The Stripe SDK, pointed at api.stripe.com or (STRIPE_API_URL) at another server that speaks
 * Stripe's API, such as the local fake the tests use. Returns null without all three keys, so
 * the routes answer 503 instead of pretending to charge.
 */
export function stripeFrom(config: BillingConfig): StripeSetup | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET || !config.STRIPE_PUBLISHABLE_KEY)
    return null;
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    ...(config.STRIPE_PRICE_ID ? { priceId: config.STRIPE_PRICE_ID } : {}),
    ...(config.STRIPE_PORTAL_CONFIGURATION
      ? {
          portal: {
            configuration: config.STRIPE_PORTAL_CONFIGURATION,
            returnUrl: config.STRIPE_PORTAL_RETURN_URL,
          },
        }
      : {}),
  };
}
