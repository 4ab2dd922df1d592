import { BaseConfigFields, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

export const AnalyticsConfigSchema = Type.Object({
  ...BaseConfigFields,
  /** Listen port. */
  PORT: Type.Integer({ default: 8087 }),
  /** Database name. */
  ANALYTICS_DATABASE: Type.String({ default: 'analytics' }),
  /** The durable JetStream consumer that keeps AI usage, logins and the users projection. */
  ANALYTICS_CONSUMER: Type.String({ pattern: '^[A-Za-z0-9_-]+$', default: 'analytics-events' }),
  /** Page views one address may record per minute before 429 (a flood guard, not a quota). */
  PAGE_VIEW_MAX_PER_MINUTE: Type.Integer({ minimum: 1, default: 120 }),
  /** Days a page view's address, user agent and user are kept; the daily counts stay. */
  VISITOR_IP_RETENTION_DAYS: Type.Integer({ minimum: 8, default: 90 }),
  /** How often the purge of expired addresses runs (one replica at a time, by a Redis lock). */
  VISITOR_PURGE_INTERVAL_MINUTES: Type.Integer({ minimum: 1, default: 60 }),
});
export type AnalyticsConfig = Static<typeof AnalyticsConfigSchema>;

export const loadAnalyticsConfig = (env = process.env) => loadConfig(AnalyticsConfigSchema, env);
