import { FormattingRoutes } from '@pv/contracts';
import { QuotaClient } from '@pv/service-clients';
import { createStandardApp } from '@pv/service-kit/http';
import type { JobQueue } from '@pv/service-kit/jobs';
import {
  createLlmMetrics,
  registerQueueMetrics,
  type ServiceRuntime,
} from '@pv/service-kit/runtime';
import type { FastifyInstance } from 'fastify';
import type { FormattingConfig } from './config.js';
import { AdminContentService } from './content/admin-content.service.js';
import {
  aiTemplates,
  medicalTerms,
  professionalTemplates,
  systemInstructions,
} from './content/kinds.js';
import type { FormattingDatabase } from './db/schema.js';
import { FormatService } from './format/format.service.js';
import { adminContentRoutes } from './routes/admin-content.js';
import { formatRoutes } from './routes/format.js';
import { userTemplateRoutes } from './routes/user-templates.js';
import { UserTemplatesService } from './templates/user-templates.service.js';

export interface FormattingAppOptions {
  config: FormattingConfig;
  runtime: ServiceRuntime<FormattingDatabase>;
  /** The producing side of the formatting queue (the caller closes it). */
  queue: JobQueue;
  logger?: boolean;
  /** Prefix of this service's Redis keys; tests give each instance its own. */
  redisKeyPrefix?: string;
}

/**
 * The formatting service's HTTP app, built from injected dependencies; it never listens. It
 * enqueues formatting jobs and never calls an LLM itself: that is the formatting-worker's part.
 */
export async function buildFormattingApp(options: FormattingAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const app = await createStandardApp({
    name: 'formatting',
    config,
    runtime,
    logger: options.logger,
  });
  const db = runtime.db;
  adminContentRoutes(
    app,
    FormattingRoutes.professionalTemplates,
    new AdminContentService(db, professionalTemplates, runtime.relay),
  );
  adminContentRoutes(
    app,
    FormattingRoutes.medicalTerms,
    new AdminContentService(db, medicalTerms, runtime.relay),
  );
  adminContentRoutes(
    app,
    FormattingRoutes.systemInstructions,
    new AdminContentService(db, systemInstructions, runtime.relay),
  );
  adminContentRoutes(
    app,
    FormattingRoutes.aiTemplates,
    new AdminContentService(db, aiTemplates, runtime.relay),
  );
  const quota = config.BILLING_URL ? new QuotaClient(config.BILLING_URL, runtime.log) : undefined;
  userTemplateRoutes(
    app,
    new UserTemplatesService({ db, relay: runtime.relay, ...(quota ? { quota } : {}) }),
  );
  formatRoutes(
    app,
    new FormatService({
      db,
      redis: runtime.redis,
      relay: runtime.relay,
      queue: options.queue,
      timeoutMs: config.FORMAT_TIMEOUT_MS,
      anonymousMaxPerHour: config.ANON_FORMAT_MAX_PER_HOUR,
      ...(quota ? { quota } : {}),
      redisKeyPrefix: options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}formatting:`,
      llmMetrics: createLlmMetrics(app.metrics),
    }),
  );
  registerQueueMetrics(app.metrics, options.queue);
  return app;
}
