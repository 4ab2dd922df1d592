import { BillingRoutes } from '@pv/contracts';
import { principalOf, registerRoute } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import type { SonioxKeys } from '../speech/soniox.js';
import type { SubscriptionService } from '../subscriptions/subscription.service.js';
import type { UsageService } from '../usage/usage.service.js';

export function usageRoutes(
  app: FastifyInstance,
  services: { usage: UsageService; speech: SonioxKeys; subscriptions: SubscriptionService },
) {
  const { usage, speech, subscriptions } = services;
  registerRoute(app, BillingRoutes.getSpeechUsage, async (request) =>
    usage.speechUsage(principalOf(request)),
  );
  registerRoute(app, BillingRoutes.addSpeechUsage, async (request) =>
    usage.addSpeechSeconds(principalOf(request), request.body.secondsToAdd),
  );
  registerRoute(app, BillingRoutes.sonioxTemporaryKey, async (request) =>
    speech.mint(principalOf(request)),
  );
  registerRoute(app, BillingRoutes.userMetrics, async (request) =>
    usage.userMetrics(principalOf(request)),
  );
  registerRoute(app, BillingRoutes.countTranscriptionSession, async (request) =>
    usage.countTranscriptionSession(principalOf(request), request.body.sessionId),
  );
  registerRoute(app, BillingRoutes.adminUserUsage, async (request) =>
    usage.userMonths(request.params.userId),
  );
  registerRoute(app, BillingRoutes.adminMonthUsage, async (request) =>
    usage.month({ year: request.query.year, month: request.query.month }),
  );
  registerRoute(app, BillingRoutes.adminPremiumSubscriptions, async (request) =>
    subscriptions.subscriptionsOf(request.params.userId),
  );
}
