// What every service's runtime takes from its configuration the same way (BaseConfigFields):
// where Postgres, Redis and NATS are, who it is on NATS, the session key, logging, the outbox.
import { natsCredentialsOf, type RuntimeOptions } from './runtime.js';

export type RuntimeSettings = Pick<
  RuntimeOptions,
  | 'postgresUrl'
  | 'redisUrl'
  | 'natsUrl'
  | 'natsCredentials'
  | 'sessionPublicKey'
  | 'logLevel'
  | 'outboxRetentionSeconds'
>;

/** @example openRuntime({ service: 'support', ...runtimeSettingsOf(config), migrations }) */
export const runtimeSettingsOf = (config: {
  POSTGRES_URL: string;
  REDIS_URL: string;
  NATS_URL: string;
  NATS_USER?: string | undefined;
  NATS_PASSWORD?: string | undefined;
  SESSION_PUBLIC_KEY: string;
  LOG_LEVEL: string;
  OUTBOX_RETENTION_SECONDS: number;
}): RuntimeSettings => ({
  postgresUrl: config.POSTGRES_URL,
  redisUrl: config.REDIS_URL,
  natsUrl: config.NATS_URL,
  natsCredentials: natsCredentialsOf(config),
  sessionPublicKey: config.SESSION_PUBLIC_KEY,
  logLevel: config.LOG_LEVEL,
  outboxRetentionSeconds: config.OUTBOX_RETENTION_SECONDS,
});
