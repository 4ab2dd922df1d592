import { BillingRoutes } from '@pv/contracts';
import { type StaffAccessRecorder, staffActorOf } from '@pv/service-clients';
import { idempotencyKeyOf, principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { SonioxKeys } from '../speech/soniox.js';
import type { SubscriptionService } from '../subscriptions/subscription.service.js';
import type { UsageService } from '../usage/usage.service.js';

export function usageRoutes(
  app: FastifyInstance,
  services: {
    usage: UsageService;
    speech: SonioxKeys;
    subscriptions: SubscriptionService;
    /** The admin views below are staff access to personal data: each is audited. */
    audit: StaffAccessRecorder;
  },
) {
  const { usage, speech, subscriptions, audit } = services;
  registerRoute(app, BillingRoutes.getSpeechUsage, async (request) =>
    usage.speechUsage(principalOf(request)),
  );
  registerRoute(app, BillingRoutes.addSpeechUsage, async (request) =>
    usage.addSpeechSeconds(
      principalOf(request),
      request.body.secondsToAdd,
      request.body.streamEnded ?? false,
      idempotencyKeyOf(request),
    ),
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
  registerRoute(app, BillingRoutes.adminUserUsage, async (request) => {
    const months = await usage.userMonths(request.params.userId);
    await audit(staffActorOf(request), {
      action: 'user.usage.view',
      targetType: 'user',
      targetId: request.params.userId,
    });
    return months;
  });
  registerRoute(app, BillingRoutes.adminMonthUsage, async (request) => {
    const { year, month } = request.query;
    const report = await usage.month({ year, month });
    await audit(staffActorOf(request), {
      action: 'usage.month.view',
      targetType: 'usage',
      details: { year: year ?? null, month: month ?? null },
    });
    return report;
  });
  registerRoute(app, BillingRoutes.adminPremiumSubscriptions, async (request) => {
    const found = await subscriptions.subscriptionsOf(request.params.userId);
    await audit(staffActorOf(request), {
      action: 'user.subscription.view',
      targetType: 'user',
      targetId: request.params.userId,
    });
    return found;
  });
}
