import { BillingMessages } from '@pv/contracts';
import { staffAccessRecorder } from '@pv/service-clients';
import { createStandardApp, RateLimiter } from '@pv/service-kit/http';
import type { ServiceRuntime } from '@pv/service-kit/runtime';
import type { FastifyInstance } from 'fastify';
import type { BillingConfig } from './config.js';
import type { BillingDatabase } from './db/schema.js';
import { QuotaService } from './quota/quota.service.js';
import { quotaRoutes } from './routes/quota.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { usageRoutes } from './routes/usage.js';
import { SonioxKeys } from './speech/soniox.js';
import { SonioxUsageLogs } from './speech/soniox-usage-logs.js';
import { SpeechSettlement } from './speech/speech-settlement.js';
import { stripeFrom } from './stripe/stripe-client.js';
import { SubscriptionService } from './subscriptions/subscription.service.js';
import { UsageService } from './usage/usage.service.js';

export interface BillingAppOptions {
  config: BillingConfig;
  runtime: ServiceRuntime<BillingDatabase>;
  logger?: boolean;
  /** Prefix of the service's own Redis keys (rate limits); tests give each their own. */
  redisKeyPrefix?: string;
}

/** Streams settled per round, and usage-log pages (1,000 entries each) read per round. */
const SETTLEMENT_BATCH = 200;
const SETTLEMENT_MAX_PAGES = 10;

/** The billing service's HTTP app, built from injected dependencies; it never listens. */
export async function buildBillingApp(options: BillingAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const app = await createStandardApp({ name: 'billing', config, runtime, logger: options.logger });
  const usage = new UsageService(runtime.db, runtime.relay, config.FREE_EXTRACTIONS_PER_MONTH);
  const subscriptions = new SubscriptionService({
    db: runtime.db,
    relay: runtime.relay,
    setup: stripeFrom(config),
    log: runtime.log,
  });
  const settlement = config.SONIOX_API_KEY
    ? new SpeechSettlement({
        db: runtime.db,
        usage,
        logs: new SonioxUsageLogs({
          apiKey: config.SONIOX_API_KEY,
          apiUrl: config.SONIOX_API_URL,
          maxPages: SETTLEMENT_MAX_PAGES,
        }),
        recordDeadlineSeconds: config.SONIOX_RECORD_DEADLINE_SECONDS,
        batch: SETTLEMENT_BATCH,
        log: runtime.log,
      })
    : undefined;
  if (settlement && config.SONIOX_SETTLE_INTERVAL_SECONDS > 0) {
    settlement.start(config.SONIOX_SETTLE_INTERVAL_SECONDS);
    app.addHook('onClose', () => settlement.stop());
  }
  const speech = new SonioxKeys(
    {
      ...(config.SONIOX_API_KEY ? { apiKey: config.SONIOX_API_KEY } : {}),
      apiUrl: config.SONIOX_API_URL,
      wsUrl: config.SONIOX_WS_URL,
      keyTtlSeconds: config.SONIOX_KEY_TTL_SECONDS,
      mintLimit: new RateLimiter(
        runtime.redis,
        {
          name: 'soniox-keys',
          points: config.SONIOX_KEYS_MAX_PER_HOUR,
          durationSeconds: 3_600,
          message: BillingMessages.tooManySpeechKeys,
          code: 'SPEECH_KEYS_RATE_LIMITED',
        },
        { keyPrefix: options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}billing:` },
      ),
    },
    usage,
    runtime.log,
    settlement,
  );
  usageRoutes(app, {
    usage,
    speech,
    subscriptions,
    audit: staffAccessRecorder(runtime, 'billing'),
  });
  subscriptionRoutes(app, subscriptions);
  quotaRoutes(
    app,
    new QuotaService(
      runtime.db,
      config.QUOTA_RESERVATION_TTL_SECONDS,
      config.FREE_EXTRACTIONS_PER_MONTH,
    ),
  );
  return app;
}

export { startUsageConsumer } from './events/usage-consumer.js';
