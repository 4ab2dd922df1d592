import Stripe from 'stripe';
import { id, now, type Obj } from './form.js';

/**
 * Stripe's side of the webhooks: events shaped as Stripe sends them, signed with the endpoint's
 * secret, posted to the URL the test set.
 */
export function stripeWebhooks(
  sdk: Stripe,
  endpoint: { secret: string; url: () => string | undefined },
) {
  const webhookSecret = endpoint.secret;
  function event(type: string, object: Obj): Obj {
    return {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  /** Signs a payload as Stripe does (header `stripe-signature`). */
  const sign = (payload: string, secret = webhookSecret) =>
    sdk.webhooks.generateTestHeaderString({ payload, secret });

  /** Posts an event to the webhook URL; resolves with the HTTP status and body. */
  async function deliver(evt: Obj, signature?: string) {
    const webhookUrl = endpoint.url();
    if (!webhookUrl) throw new Error('fake Stripe: set webhookUrl first');
    const payload = JSON.stringify(evt, null, 2);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature ?? sign(payload),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Obj };
  }

  return { event, sign, deliver };
}
