import {
  BILLING_TIME_ZONE,
  BillingMessages,
  type CancelSubscriptionResponse,
  type ConfirmPaymentBody,
  type CreateSubscriptionResponse,
  type MySubscription,
  type MySubscriptionResponse,
  type PortalSessionResponse,
  PREMIUM_CURRENCY,
  PREMIUM_PRICE_CENTS,
  type PremiumSubscription,
  type SubscriptionState,
  type UpgradeResponse,
} from '@pv/contracts';
import type { OutboxRelay } from '@pv/service-kit/events';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  type Principal,
  serviceUnavailable,
} from '@pv/service-kit/http';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { BillingKysely, SubscriptionRow } from '../db/schema.js';
import type { StripeSetup } from '../stripe/stripe-client.js';
import { isPremium } from './premium.js';
import {
  findIncompleteSubscription,
  findRunningSubscription,
  findStripeCustomer,
  findSubscription,
  findSubscriptionOf,
  insertStripeCustomer,
  insertSubscription,
  paidMethodsOfUser,
  recordStripeEvent,
  subscriptionsOfUser,
  upsertPayment,
} from './subscription.repository.js';
import { applyStatus } from './subscription-status.js';

/** The price the product creates for itself when no STRIPE_PRICE_ID is configured. */
export const PREMIUM_LOOKUP_KEY = 'pv_premium_monthly_brl';

const fromUnix = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000) : null;
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** dd/mm/aaaa in the product's time zone, for messages. */
const dayOf = (date: Date | null) =>
  date
    ? new Intl.DateTimeFormat('pt-BR', {
        timeZone: BILLING_TIME_ZONE,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(date)
    : '';

function mySubscription(row: SubscriptionRow): MySubscription {
  return {
    subscriptionId: row.id,
    status: row.status,
    isPremium: row.status === 'active',
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
  };
}

function providerFailure(error: unknown, log: Logger): AppError {
  if (error instanceof AppError) return error;
  log.warn({ err: (error as Error).message }, 'stripe call failed');
  return new AppError(502, 'PAYMENT_PROVIDER_ERROR', BillingMessages.paymentProviderError);
}

/** Premium through Stripe: subscription, payment confirmation, upgrade and webhooks. */
export class SubscriptionService {
  private priceId: string | undefined;
  private readonly db: BillingKysely;
  private readonly relay: OutboxRelay;
  /** Stripe and its keys; null when payments are not configured (the routes answer 503). */
  private readonly setup: StripeSetup | null;
  private readonly log: Logger;

  constructor(deps: {
    db: BillingKysely;
    relay: OutboxRelay;
    setup: StripeSetup | null;
    log: Logger;
  }) {
    this.db = deps.db;
    this.relay = deps.relay;
    this.setup = deps.setup;
    this.log = deps.log;
    this.priceId = deps.setup?.priceId;
  }

  private requireStripe(): StripeSetup {
    if (!this.setup)
      throw serviceUnavailable(BillingMessages.paymentsNotConfigured, 'PAYMENTS_NOT_CONFIGURED');
    return this.setup;
  }

  private async premiumPrice(stripe: Stripe): Promise<string> {
    if (this.priceId) return this.priceId;
    const found = await stripe.prices.list({ lookup_keys: [PREMIUM_LOOKUP_KEY], active: true });
    let price = found.data[0];
    if (!price) {
      const product = await stripe.products.create({ name: 'Premium' });
      price = await stripe.prices.create(
        {
          product: product.id,
          currency: PREMIUM_CURRENCY,
          unit_amount: PREMIUM_PRICE_CENTS,
          recurring: { interval: 'month' },
          lookup_key: PREMIUM_LOOKUP_KEY,
        },
        { idempotencyKey: `premium-price-${PREMIUM_PRICE_CENTS}` },
      );
    }
    this.priceId = price.id;
    return price.id;
  }

  private async customerOf(stripe: Stripe, principal: Principal): Promise<string> {
    const known = await findStripeCustomer(this.db, principal.userId);
    if (known) return known;
    const customer = await stripe.customers.create(
      { email: principal.email, name: principal.fullName, metadata: { userId: principal.userId } },
      { idempotencyKey: `customer-${principal.userId}` },
    );
    await insertStripeCustomer(this.db, principal.userId, customer.id);
    return customer.id;
  }

  async create(principal: Principal): Promise<CreateSubscriptionResponse> {
    const { stripe, publishableKey } = this.requireStripe();
    if (await isPremium(this.db, principal))
      throw conflict(BillingMessages.alreadyPremium, 'ALREADY_PREMIUM');
    try {
      const pending = await this.pendingSubscription(stripe, principal.userId);
      if (pending)
        return { ...pending, message: BillingMessages.subscriptionCreated, publishableKey };
      const customer = await this.customerOf(stripe, principal);
      const price = await this.premiumPrice(stripe);
      const subscription = await stripe.subscriptions.create({
        customer,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: {
          save_default_payment_method: 'on_subscription',
          payment_method_types: ['card'],
        },
        metadata: { userId: principal.userId },
        expand: ['latest_invoice.confirmation_secret'],
      });
      const invoice = subscription.latest_invoice as Stripe.Invoice | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!clientSecret) throw new Error('subscription without a confirmation secret');
      await insertSubscription(this.db, {
        id: subscription.id,
        user_id: principal.userId,
        customer_id: customer,
        status: subscription.status,
        amount_cents: PREMIUM_PRICE_CENTS,
        currency: PREMIUM_CURRENCY,
        started_at: null,
        current_period_end: null,
        ended_at: null,
        status_at: new Date(subscription.created * 1000),
      });
      return {
        clientSecret,
        subscriptionId: subscription.id,
        message: BillingMessages.subscriptionCreated,
        publishableKey,
      };
    } catch (error) {
      throw providerFailure(error, this.log);
    }
  }

  /**
   * A subscription of the user's still waiting for its first payment (a second click, a retry
   * after a declined card): its payment is confirmed again instead of opening another one.
   * Stripe expires such subscriptions after 23 hours.
   */
  private async pendingSubscription(
    stripe: Stripe,
    userId: string,
  ): Promise<{ clientSecret: string; subscriptionId: string } | null> {
    const row = await findIncompleteSubscription(
      this.db,
      userId,
      new Date(Date.now() - 22 * 3600 * 1000),
    );
    if (!row) return null;
    const remote = await stripe.subscriptions.retrieve(row.id, {
      expand: ['latest_invoice.confirmation_secret'],
    });
    const secret = (remote.latest_invoice as Stripe.Invoice | null)?.confirmation_secret
      ?.client_secret;
    if (remote.status !== 'incomplete' || !secret) return null;
    return { clientSecret: secret, subscriptionId: remote.id };
  }

  /** Reads the subscription from Stripe and records its status (the webhook may still be coming). */
  private async sync(stripe: Stripe, row: SubscriptionRow): Promise<SubscriptionRow> {
    const remote = await stripe.subscriptions.retrieve(row.id);
    const updated = await this.db.transaction().execute((trx) =>
      applyStatus(trx, {
        subscriptionId: row.id,
        status: remote.status,
        // Stripe's event times are whole seconds; a read now must not outrank a webhook of
        // this same second (e.g. the cancellation that follows).
        at: new Date(Math.floor(Date.now() / 1000) * 1000),
        currentPeriodEnd: fromUnix(remote.items.data[0]?.current_period_end),
        startedAt: fromUnix(remote.start_date),
        endedAt: fromUnix(remote.ended_at),
      }),
    );
    this.relay.kick();
    return updated ?? row;
  }

  private state(row: SubscriptionRow, message: string): SubscriptionState {
    return {
      message,
      subscriptionId: row.id,
      subscriptionStatus: row.status,
      isPremium: row.status === 'active',
    };
  }

  async confirmPayment(principal: Principal, body: ConfirmPaymentBody): Promise<SubscriptionState> {
    const { stripe } = this.requireStripe();
    const row = await findSubscriptionOf(this.db, principal.userId, body.subscriptionId);
    if (!row) throw notFound(BillingMessages.subscriptionNotFound, 'SUBSCRIPTION_NOT_FOUND');
    try {
      const intent = await stripe.paymentIntents
        .retrieve(body.paymentIntentId)
        .catch((error: { statusCode?: number }) => {
          if (error.statusCode === 404)
            throw forbidden(BillingMessages.paymentNotYours, 'PAYMENT_NOT_YOURS');
          throw error;
        });
      if (idOf(intent.customer) !== row.customer_id)
        throw forbidden(BillingMessages.paymentNotYours, 'PAYMENT_NOT_YOURS');
      if (intent.status === 'processing') return this.state(row, BillingMessages.paymentPending);
      if (intent.status !== 'succeeded')
        throw new AppError(402, 'PAYMENT_FAILED', BillingMessages.paymentFailed);
      const synced = await this.sync(stripe, row);
      return this.state(
        synced,
        synced.status === 'active'
          ? BillingMessages.paymentConfirmed
          : BillingMessages.paymentPending,
      );
    } catch (error) {
      throw providerFailure(error, this.log);
    }
  }

  async upgrade(principal: Principal, subscriptionId: string): Promise<UpgradeResponse> {
    const { stripe } = this.requireStripe();
    const row = await findSubscriptionOf(this.db, principal.userId, subscriptionId);
    if (!row) throw notFound(BillingMessages.subscriptionNotFound, 'SUBSCRIPTION_NOT_FOUND');
    try {
      const synced = await this.sync(stripe, row);
      const upgraded = synced.status === 'active';
      return {
        ...this.state(synced, upgraded ? BillingMessages.upgraded : BillingMessages.notUpgraded),
        upgraded,
      };
    } catch (error) {
      throw providerFailure(error, this.log);
    }
  }

  async current(userId: string): Promise<MySubscriptionResponse> {
    const [row, customer] = await Promise.all([
      findRunningSubscription(this.db, userId),
      this.setup?.portal ? findStripeCustomer(this.db, userId) : undefined,
    ]);
    return { subscription: row ? mySubscription(row) : null, portalAvailable: Boolean(customer) };
  }

  /**
   * A session of Stripe's Customer Portal for the caller's customer (issue 17): Stripe's own page
   * to change the card, see invoices, cancel or renew; what it changes comes back by webhook
   * (customer.subscription.updated/deleted), as a cancellation made here does.
   */
  async portal(principal: Principal): Promise<PortalSessionResponse> {
    const { stripe, portal } = this.requireStripe();
    if (!portal)
      throw serviceUnavailable(BillingMessages.portalNotConfigured, 'PORTAL_NOT_CONFIGURED');
    const customer = await findStripeCustomer(this.db, principal.userId);
    if (!customer) throw notFound(BillingMessages.noCustomerForPortal, 'NO_STRIPE_CUSTOMER');
    try {
      const session = await stripe.billingPortal.sessions.create({
        customer,
        configuration: portal.configuration,
        return_url: portal.returnUrl,
        locale: 'pt-BR',
      });
      return { url: session.url };
    } catch (error) {
      throw providerFailure(error, this.log);
    }
  }

  /**
   * Cancels at the end of the paid period (Stripe's cancel_at_period_end): the user keeps the
   * Premium they paid for, no further invoice is made, and Stripe deletes the subscription when
   * the period ends (customer.subscription.deleted, which ends Premium). A second call answers
   * the same without calling Stripe again.
   */
  async cancel(principal: Principal): Promise<CancelSubscriptionResponse> {
    const { stripe } = this.requireStripe();
    const row = await findRunningSubscription(this.db, principal.userId);
    if (!row) throw notFound(BillingMessages.noSubscriptionToCancel, 'NO_SUBSCRIPTION_TO_CANCEL');
    if (row.cancel_at_period_end)
      return {
        message: BillingMessages.subscriptionAlreadyCanceled(dayOf(row.current_period_end)),
        subscription: mySubscription(row),
      };
    try {
      const remote = await stripe.subscriptions.update(
        row.id,
        { cancel_at_period_end: true },
        { idempotencyKey: `cancel-${row.id}` },
      );
      const updated = await this.db.transaction().execute((trx) =>
        applyStatus(trx, {
          subscriptionId: row.id,
          status: remote.status,
          at: new Date(Math.floor(Date.now() / 1000) * 1000),
          cancelAtPeriodEnd: remote.cancel_at_period_end,
          currentPeriodEnd:
            fromUnix(remote.items.data[0]?.current_period_end) ?? row.current_period_end,
        }),
      );
      this.relay.kick();
      const after = updated ?? row;
      return {
        message: BillingMessages.subscriptionCanceled(dayOf(after.current_period_end)),
        subscription: mySubscription(after),
      };
    } catch (error) {
      throw providerFailure(error, this.log);
    }
  }

  /**
   * A Stripe webhook. The signature is checked against the raw body before anything is read; the
   * event id is recorded with its effects in one transaction, so a replay changes nothing.
   */
  async webhook(rawBody: string, signature: string | undefined): Promise<{ received: boolean }> {
    const { stripe, webhookSecret } = this.requireStripe();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
    } catch {
      throw badRequest(BillingMessages.webhookSignature, 'INVALID_SIGNATURE');
    }
    await this.db.transaction().execute(async (trx) => {
      if (!(await recordStripeEvent(trx, { id: event.id, type: event.type }))) return;
      const at = new Date(event.created * 1000);
      switch (event.type) {
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const invoice = event.data.object;
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          if (!subscriptionId) return;
          const paid = event.type === 'invoice.paid';
          const sub = await findSubscription(trx, subscriptionId);
          if (!sub) return;
          await upsertPayment(trx, {
            id: invoice.id,
            subscription_id: subscriptionId,
            user_id: sub.user_id,
            status: paid ? 'paid' : 'failed',
            amount_cents: paid ? invoice.amount_paid : invoice.amount_due,
            currency: invoice.currency,
            payment_method: 'card',
          });
          if (paid) {
            await applyStatus(trx, {
              subscriptionId,
              status: 'active',
              at,
              startedAt: at,
              currentPeriodEnd: fromUnix(invoice.lines?.data[0]?.period?.end),
            });
          } else if (sub.status === 'active') {
            await applyStatus(trx, { subscriptionId, status: 'past_due', at });
          }
          return;
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const subscription = event.data.object;
          await applyStatus(trx, {
            subscriptionId: subscription.id,
            status:
              event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status,
            at,
            currentPeriodEnd: fromUnix(subscription.items?.data[0]?.current_period_end),
            startedAt: fromUnix(subscription.start_date),
            endedAt:
              event.type === 'customer.subscription.deleted'
                ? (fromUnix(subscription.ended_at) ?? at)
                : fromUnix(subscription.ended_at),
            cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
          });
          return;
        }
        default:
          return;
      }
    });
    this.relay.kick();
    return { received: true };
  }

  async subscriptionsOf(userId: string): Promise<PremiumSubscription[]> {
    const [rows, methods] = await Promise.all([
      subscriptionsOfUser(this.db, userId),
      paidMethodsOfUser(this.db, userId),
    ]);
    return rows.map((row) => ({
      subscriptionId: row.id,
      subscriptionType: 'premium_monthly',
      isActive: row.status === 'active',
      status: row.status,
      startDate: row.started_at?.toISOString() ?? null,
      endDate: (row.ended_at ?? row.current_period_end)?.toISOString() ?? null,
      paymentAmount: (row.amount_cents / 100).toFixed(2),
      paymentCurrency: row.currency.toUpperCase(),
      paymentMethod: methods.find((m) => m.subscription_id === row.id)?.payment_method ?? 'card',
    }));
  }
}
