import { LlmConfigFields } from '@pv/llm';
import { BaseConfigFields, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

export const FormattingConfigSchema = Type.Object({
  ...BaseConfigFields,
  ...LlmConfigFields,
  /** Listen port. */
  PORT: Type.Integer({ default: 8082 }),
  /** Database name. */
  FORMATTING_DATABASE: Type.String({ default: 'formatting' }),
  /**
   * How long POST /api/format-text waits for its job before answering 504. Below the gateway's
   * UPSTREAM_TIMEOUT_MS (120 s), so the caller gets this service's own message.
   */
  FORMAT_TIMEOUT_MS: Type.Integer({ minimum: 1_000, default: 110_000 }),
  /** Formatting requests an anonymous visitor may make per IP per hour. */
  ANON_FORMAT_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 30 }),
  /** The durable JetStream consumer that erases a deleted user's templates (LGPD). */
  FORMATTING_CONSUMER: Type.String({
    pattern: '^[A-Za-z0-9_-]+$',
    default: 'formatting-users',
  }),
  /** The BullMQ queue between the HTTP service and its workers. */
  FORMATTING_QUEUE: Type.String({ pattern: '^[a-z0-9-]+$', default: 'formatting' }),
  /** Jobs one formatting-worker process runs at once (LLM calls mostly wait on the network). */
  FORMATTING_WORKER_CONCURRENCY: Type.Integer({ minimum: 1, default: 8 }),
  /**
   * How long a worker holds a job before another may take it over if the first died; also how
   * often workers look for such jobs. Bounds the delay a worker crash adds to a caller's wait.
   */
  FORMATTING_WORKER_LOCK_MS: Type.Integer({ minimum: 500, default: 30_000 }),
  /**
   * The billing service, which counts signed-in users' formattings against the plan limit.
   * Without it no limit is enforced here (a one-service setup); when it does not answer, a
   * signed-in user's formatting is refused with 503 (docs/decisions.md, Billing).
   */
  BILLING_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
});
export type FormattingConfig = Static<typeof FormattingConfigSchema>;

export const loadFormattingConfig = (env = process.env) => loadConfig(FormattingConfigSchema, env);
