import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { listen, readBody, sendJson } from './http.js';
import { stripeControls } from './stripe/controls.js';
import { asArray, id, now, type Obj, parseStripeForm } from './stripe/form.js';
import { stripeWebhooks } from './stripe/webhooks.js';

export { parseStripeForm } from './stripe/form.js';

/**
 * A local fake of the part of Stripe's HTTP API that billing uses (customers, products, prices,
 * subscriptions with `payment_behavior=default_incomplete`, payment intents), spoken over real
 * HTTP so the official SDK talks to it through `host`/`port`/`protocol`. What Stripe.js and
 * Stripe's own systems do (the card confirmation, renewals, cancellations) are test controls
 * that change the objects and deliver webhooks signed the way Stripe signs them.
 */
export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string } = {},
) {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_test_fake';
  const sdk = new Stripe(secretKey);
  const customers = new Map<string, Obj>();
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const calls: { method: string; path: string; body: Obj }[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  /** Customer Portal configurations "made in the dashboard"; sessions made of them. */
  const portalConfigurations = new Set(['bpc_test_fake']);
  const portalSessions = new Map<string, Obj>();
  let webhookUrl: string | undefined;

  const missing = (res: Parameters<typeof sendJson>[0], what: string, key: string) =>
    sendJson(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${key}'`,
        param: 'id',
      },
    });

  function subscriptionView(sub: Obj, expand: string[]): Obj {
    const invoice = invoices.get(String(sub.latest_invoice_id))!;
    const withSecret = expand.includes('latest_invoice.confirmation_secret');
    const invoiceView = { ...invoice };
    if (!withSecret) delete invoiceView.confirmation_secret;
    const { latest_invoice_id: _, ...rest } = sub;
    return {
      ...rest,
      latest_invoice: expand.some((e) => e.startsWith('latest_invoice')) ? invoiceView : invoice.id,
    };
  }

  const server = await listen(async (req, res) => {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    // The test controls, for a suite in another process (a browser suite): what Stripe itself
    // does to a subscription. Only the fake has these paths.
    const control = /^\/_fake\/subscriptions\/([^/]+)\/(pay|end-period|renewal-paid)$/.exec(
      url.pathname,
    );
    const inspect = /^\/_fake\/subscriptions\/([^/]+)$/.exec(url.pathname);
    // The hosted portal page a session's url opens (Stripe serves it on billing.stripe.com).
    const portalPage = /^\/p\/session\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && portalPage) {
      const session = portalSessions.get(String(portalPage[1]));
      res.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        session
          ? `<!doctype html><title>Portal do cliente</title><h1>Portal do cliente</h1><a href="${String(session.return_url)}">Voltar</a>`
          : '<!doctype html><title>Sessão expirada</title>',
      );
      return;
    }
    if (req.method === 'GET' && inspect) {
      const sub = subscriptions.get(String(inspect[1]));
      if (!sub) return missing(res, 'subscription', String(inspect[1]));
      return sendJson(res, 200, subscriptionView(sub, []));
    }
    if (req.method === 'POST' && control) {
      const [, subscriptionId, action] = control as unknown as [string, string, string];
      if (!subscriptions.has(subscriptionId)) return missing(res, 'subscription', subscriptionId);
      const result =
        action === 'pay'
          ? await controls.payFirstInvoice(subscriptionId)
          : action === 'end-period'
            ? await controls.endPeriod(subscriptionId)
            : await controls.renewalPaid(subscriptionId);
      return sendJson(res, 200, {
        events: result.events.map((e) => e.type),
        statuses: result.responses.map((r) => r.status),
      });
    }
    const body =
      req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    calls.push({ method: req.method ?? 'GET', path: url.pathname, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return sendJson(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    // Stripe answers a repeated Idempotency-Key with the first answer, without doing it again.
    const idempotencyKey = req.headers['idempotency-key'];
    const replay = typeof idempotencyKey === 'string' ? idempotent.get(idempotencyKey) : undefined;
    if (replay) return sendJson(res, replay.status, replay.body);
    if (typeof idempotencyKey === 'string') {
      const send = res.end.bind(res);
      res.end = ((chunk: unknown) => {
        if (typeof chunk === 'string')
          idempotent.set(idempotencyKey, { status: res.statusCode, body: JSON.parse(chunk) });
        return send(chunk as string);
      }) as typeof res.end;
    }
    const [, version, resource, key] = url.pathname.split('/');
    if (version !== 'v1')
      return sendJson(res, 404, { error: { message: 'Unrecognized request URL' } });
    const route = `${req.method} ${resource}${key ? '/:id' : ''}`;
    switch (route) {
      case 'POST customers/:id':
      case 'POST customers': {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return sendJson(res, 200, customer);
      }
      case 'DELETE customers/:id': {
        // As Stripe does: deleting a customer cancels its subscriptions at once.
        const customer = customers.get(String(key));
        if (!customer) return missing(res, 'customer', String(key));
        customers.delete(String(key));
        for (const sub of subscriptions.values())
          if (sub.customer === key && sub.status !== 'canceled')
            Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: now() });
        return sendJson(res, 200, { id: key, object: 'customer', deleted: true });
      }
      // POST /v1/billing_portal/sessions: `customer` required, `configuration` one that exists.
      case 'POST billing_portal/:id': {
        if (key !== 'sessions')
          return sendJson(res, 404, { error: { message: 'Unrecognized request URL' } });
        const customer = customers.get(String(body.customer));
        if (!body.customer)
          return sendJson(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'parameter_missing',
              message: 'Missing required param: customer.',
              param: 'customer',
            },
          });
        if (!customer) return missing(res, 'customer', String(body.customer));
        const configuration = String(body.configuration ?? 'bpc_test_fake');
        if (!portalConfigurations.has(configuration))
          return missing(res, 'billing_portal.configuration', configuration);
        const sessionId = id('bps');
        const session = {
          id: sessionId,
          object: 'billing_portal.session',
          configuration,
          created: now(),
          customer: customer.id,
          flow: null,
          livemode: false,
          locale: body.locale ?? null,
          on_behalf_of: null,
          return_url: body.return_url ?? null,
          url: `${server.url}/p/session/${sessionId}`,
        };
        portalSessions.set(sessionId, session);
        return sendJson(res, 200, session);
      }
      case 'GET customers/:id': {
        const customer = customers.get(String(key));
        if (!customer) return missing(res, 'customer', String(key));
        return sendJson(res, 200, customer);
      }
      case 'POST products': {
        const product = { id: id('prod'), object: 'product', name: body.name, active: true };
        products.set(product.id, product);
        return sendJson(res, 200, product);
      }
      case 'POST prices': {
        const recurring = body.recurring as Obj | undefined;
        const price = {
          id: id('price'),
          object: 'price',
          active: true,
          currency: body.currency,
          unit_amount: Number(body.unit_amount),
          product: body.product,
          lookup_key: body.lookup_key ?? null,
          recurring: { interval: recurring?.interval ?? 'month', interval_count: 1 },
          type: 'recurring',
        };
        prices.set(price.id, price);
        return sendJson(res, 200, price);
      }
      case 'GET prices': {
        const keys = asArray(body.lookup_keys);
        const data = [...prices.values()].filter(
          (p) => keys.length === 0 || keys.includes(String(p.lookup_key)),
        );
        return sendJson(res, 200, { object: 'list', data, has_more: false, url: '/v1/prices' });
      }
      case 'POST subscriptions': {
        const customer = customers.get(String(body.customer));
        if (!customer) return missing(res, 'customer', String(body.customer));
        const items = (body.items as Obj[] | undefined) ?? [];
        const price = prices.get(String(items[0]?.price));
        if (!price) return missing(res, 'price', String(items[0]?.price));
        if (body.payment_behavior !== 'default_incomplete')
          return sendJson(res, 400, {
            error: { type: 'invalid_request_error', message: 'fake expects default_incomplete' },
          });
        const subscriptionId = id('sub');
        const start = now();
        const end = start + 30 * 24 * 3600;
        const intent = {
          id: id('pi'),
          object: 'payment_intent',
          amount: price.unit_amount,
          currency: price.currency,
          customer: customer.id,
          status: 'requires_payment_method',
          payment_method_types: ['card'],
          last_payment_error: null,
          created: start,
        } as Obj;
        intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
        intents.set(String(intent.id), intent);
        const invoice = {
          id: id('in'),
          object: 'invoice',
          customer: customer.id,
          currency: price.currency,
          amount_due: price.unit_amount,
          amount_paid: 0,
          status: 'open',
          created: start,
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: subscriptionId, metadata: body.metadata ?? {} },
          },
          lines: {
            object: 'list',
            data: [{ id: id('il'), amount: price.unit_amount, period: { start, end } }],
            has_more: false,
          },
          confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
          payment_intent_id: intent.id,
        };
        invoices.set(invoice.id, invoice);
        const subscription = {
          id: subscriptionId,
          object: 'subscription',
          customer: customer.id,
          status: 'incomplete',
          created: start,
          start_date: start,
          ended_at: null,
          canceled_at: null,
          cancel_at: null,
          cancel_at_period_end: false,
          metadata: body.metadata ?? {},
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                price,
                quantity: 1,
                current_period_start: start,
                current_period_end: end,
              },
            ],
            has_more: false,
          },
          latest_invoice_id: invoice.id,
        };
        subscriptions.set(subscriptionId, subscription);
        return sendJson(res, 200, subscriptionView(subscription, asArray(body.expand)));
      }
      case 'GET subscriptions/:id': {
        const sub = subscriptions.get(String(key));
        if (!sub) return missing(res, 'subscription', String(key));
        return sendJson(res, 200, subscriptionView(sub, asArray(body.expand)));
      }
      case 'POST subscriptions/:id': {
        const sub = subscriptions.get(String(key));
        if (!sub) return missing(res, 'subscription', String(key));
        if (body.cancel_at_period_end !== undefined) {
          if (sub.status === 'canceled')
            return sendJson(res, 400, {
              error: {
                type: 'invalid_request_error',
                message:
                  'A canceled subscription can only update its cancellation_details and metadata.',
              },
            });
          const cancel = body.cancel_at_period_end === 'true';
          const item = (sub.items as { data: Obj[] }).data[0]!;
          Object.assign(sub, {
            cancel_at_period_end: cancel,
            cancel_at: cancel ? item.current_period_end : null,
            canceled_at: cancel ? now() : null,
          });
        }
        const view = subscriptionView(sub, asArray(body.expand));
        // Stripe tells the webhook about every change, also the ones made through its API.
        if (webhookUrl) {
          const updated = event('customer.subscription.updated', subscriptionView(sub, []));
          setImmediate(() => void deliver(updated).catch(() => {}));
        }
        return sendJson(res, 200, view);
      }
      case 'DELETE subscriptions/:id': {
        const sub = subscriptions.get(String(key));
        if (!sub) return missing(res, 'subscription', String(key));
        Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: now() });
        return sendJson(res, 200, subscriptionView(sub, []));
      }
      case 'GET payment_intents/:id': {
        const intent = intents.get(String(key));
        if (!intent) return missing(res, 'payment_intent', String(key));
        return sendJson(res, 200, intent);
      }
      default:
        return sendJson(res, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` },
        });
    }
  });

  const { event, sign, deliver } = stripeWebhooks(sdk, {
    secret: webhookSecret,
    url: () => webhookUrl,
  });
  const controls = stripeControls(
    { subscriptions, invoices, intents, subscriptionView },
    { event, deliver },
  );

  return {
    url: server.url,
    secretKey,
    webhookSecret,
    publishableKey: 'pk_test_fake',
    calls,
    customers,
    subscriptions,
    intents,
    /** The Customer Portal configurations that exist ('bpc_test_fake'); sessions made. */
    portalConfigurations,
    portalSessions,
    sign,
    deliver,
    event,
    set webhookUrl(value: string) {
      webhookUrl = value;
    },
    payFirstInvoice: controls.payFirstInvoice,
    failFirstInvoice: controls.failFirstInvoice,
    cancel: controls.cancel,
    endPeriod: controls.endPeriod,
    renewalPaid: controls.renewalPaid,
    close: server.close,
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
