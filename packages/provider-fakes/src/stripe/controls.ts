import { id, now, type Obj } from './form.js';
import type { stripeWebhooks } from './webhooks.js';

/** The fake's objects the controls change. */
export interface StripeObjects {
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  intents: Map<string, Obj>;
  subscriptionView(sub: Obj, expand: string[]): Obj;
}

/**
 * What Stripe.js and Stripe's own systems do to a subscription (the card confirmed or declined,
 * renewals, cancellations): each changes the objects and delivers the webhooks Stripe would.
 */
export function stripeControls(
  objects: StripeObjects,
  webhooks: Pick<ReturnType<typeof stripeWebhooks>, 'event' | 'deliver'>,
) {
  const { subscriptions, invoices, intents, subscriptionView } = objects;
  const { event, deliver } = webhooks;
  const intentOfSubscription = (subscriptionId: string) => {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`fake Stripe: no subscription ${subscriptionId}`);
    const invoice = invoices.get(String(sub.latest_invoice_id))!;
    return { sub, invoice, intent: intents.get(String(invoice.payment_intent_id))! };
  };

  const controls = {
    /**
     * What Stripe.js and Stripe do when the card is confirmed: the intent succeeds, the invoice
     * is paid, the subscription turns active; the webhooks go out (and are returned for replays).
     */
    async payFirstInvoice(subscriptionId: string) {
      const { sub, invoice, intent } = intentOfSubscription(subscriptionId);
      intent.status = 'succeeded';
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
      sub.status = 'active';
      const paid = event('invoice.paid', invoice);
      const updated = event('customer.subscription.updated', subscriptionView(sub, []));
      return { events: [paid, updated], responses: [await deliver(paid), await deliver(updated)] };
    },
    /** The subscription is cancelled (in the dashboard or at period end). */
    async cancel(subscriptionId: string) {
      const { sub } = intentOfSubscription(subscriptionId);
      Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: now() });
      const deleted = event('customer.subscription.deleted', subscriptionView(sub, []));
      return { events: [deleted], responses: [await deliver(deleted)] };
    },
    /**
     * The paid period ends: a subscription cancelled at period end is deleted
     * (customer.subscription.deleted); any other renews, its next invoice paid (invoice.paid).
     */
    async endPeriod(subscriptionId: string) {
      const { sub } = intentOfSubscription(subscriptionId);
      if (sub.cancel_at_period_end === true) return controls.cancel(subscriptionId);
      return controls.renewalPaid(subscriptionId);
    },
    /**
     * An invoice.paid for the subscription's next period, whatever its state: Stripe may deliver
     * a paid invoice late, after the subscription was deleted.
     */
    async renewalPaid(subscriptionId: string) {
      const { sub } = intentOfSubscription(subscriptionId);
      const item = (sub.items as { data: Obj[] }).data[0]!;
      const start = Number(item.current_period_end);
      const end = start + 30 * 24 * 3600;
      if (sub.status !== 'canceled')
        Object.assign(item, { current_period_start: start, current_period_end: end });
      const price = item.price as Obj;
      const invoice = {
        id: id('in'),
        object: 'invoice',
        customer: sub.customer,
        currency: price.currency,
        amount_due: price.unit_amount,
        amount_paid: price.unit_amount,
        status: 'paid',
        created: now(),
        billing_reason: 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: sub.id, metadata: sub.metadata ?? {} },
        },
        lines: {
          object: 'list',
          data: [{ id: id('il'), amount: price.unit_amount, period: { start, end } }],
          has_more: false,
        },
      };
      invoices.set(invoice.id, invoice);
      const paid = event('invoice.paid', invoice);
      return { events: [paid], responses: [await deliver(paid)] };
    },
  };

  return {
    ...controls,
    /** A declined card: the intent needs another payment method and invoice.payment_failed goes out. */
    async failFirstInvoice(subscriptionId: string) {
      const { invoice, intent } = intentOfSubscription(subscriptionId);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      });
      const failed = event('invoice.payment_failed', invoice);
      return { events: [failed], responses: [await deliver(failed)] };
    },
  };
}
