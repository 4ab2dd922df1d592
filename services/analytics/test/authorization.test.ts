import { randomUUID } from 'node:crypto';
import { AnalyticsRoutes, type AnyRouteContract, allRouteContracts } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalyticsUnderTest, type Client, startAnalytics } from './harness.js';

let analytics: AnalyticsUnderTest;
const callers = {} as Record<'anonymous' | 'free' | 'premium' | 'admin', Client>;

beforeAll(async () => {
  analytics = await startAnalytics();
  callers.anonymous = analytics.anonymous();
  callers.free = await analytics.as('free');
  callers.premium = await analytics.as('premium');
  callers.admin = await analytics.as('admin');
});
afterAll(() => analytics.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

describe('every analytics route enforces its access level on the server', () => {
  it('registers every analytics contract (and they are in the product-wide list)', () => {
    const declared = [
      AnalyticsRoutes.recordPageView,
      AnalyticsRoutes.siteAnalytics,
      AnalyticsRoutes.visitorTracking,
      AnalyticsRoutes.dashboard,
      AnalyticsRoutes.listPromotions,
      ...Object.values(AnalyticsRoutes.marketingMessages),
    ];
    expect(analytics.app.contractRoutes).toEqual(expect.arrayContaining(declared));
    expect(analytics.app.contractRoutes).toHaveLength(declared.length);
    for (const route of declared) expect(allRouteContracts).toContain(route);
  });

  it.each(['anonymous', 'free', 'premium', 'admin'] as const)('as %s', async (role) => {
    const own: AnyRouteContract[] = analytics.app.contractRoutes;
    for (const route of own) {
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const res = await callers[role].call(route.method, concrete(route.url), body, {
        'x-forwarded-for': `192.0.2.${role.length}`,
      });
      const name = `${route.method} ${route.url} as ${role}`;
      if (route.access === 'admin' && role === 'anonymous') {
        expect(res.status, name).toBe(401);
        expect(res.body.message).toBe('Você precisa entrar na sua conta para continuar.');
      } else if (route.access === 'admin' && role !== 'admin') {
        expect(res.status, name).toBe(403);
        expect(res.body.message).toBe('Acesso negado. Esta área é restrita a administradores.');
      } else {
        expect([401, 403], name).not.toContain(res.status);
        expect(res.status, name).toBeLessThan(500);
      }
    }
  });
});
