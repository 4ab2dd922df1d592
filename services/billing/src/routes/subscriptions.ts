import { BillingRoutes } from '@pv/contracts';
import { assertEmailVerified, principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { SubscriptionService } from '../subscriptions/subscription.service.js';

export function subscriptionRoutes(app: FastifyInstance, subscriptions: SubscriptionService) {
  // Issue 23 item 1: no Premium checkout before the account confirmed its e-mail.
  registerRoute(app, BillingRoutes.createSubscription, async (request) => {
    const principal = principalOf(request);
    assertEmailVerified(principal);
    return subscriptions.create(principal);
  });
  registerRoute(app, BillingRoutes.confirmPayment, async (request) =>
    subscriptions.confirmPayment(principalOf(request), request.body),
  );
  registerRoute(app, BillingRoutes.mySubscription, async (request) =>
    subscriptions.current(principalOf(request).userId),
  );
  registerRoute(app, BillingRoutes.cancelSubscription, async (request) =>
    subscriptions.cancel(principalOf(request)),
  );
  registerRoute(app, BillingRoutes.subscriptionPortal, async (request) =>
    subscriptions.portal(principalOf(request)),
  );
  registerRoute(app, BillingRoutes.upgrade, async (request) =>
    subscriptions.upgrade(principalOf(request), request.body.subscriptionId),
  );

  // The signature covers the exact bytes Stripe sent, so this route keeps the body as text.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, String(body)),
    );
    registerRoute(scope, BillingRoutes.stripeWebhook, async (request) =>
      subscriptions.webhook(
        typeof request.body === 'string' ? request.body : '',
        typeof request.headers['stripe-signature'] === 'string'
          ? request.headers['stripe-signature']
          : undefined,
      ),
    );
  });
}
