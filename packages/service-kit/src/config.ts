import { type Static, type TObject, type TProperties, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import './formats.js';
import { HttpTimeoutFields } from './http-timeouts.js';

/** Thrown when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The variables every service reads. Services extend it with their own.
 * Defaults suit one machine; production sets every URL explicitly.
 */
export const BaseConfigFields = {
  NODE_ENV: Type.Union(
    [Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
    { default: 'development' },
  ),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  HOST: Type.String({ default: '127.0.0.1' }),
  POSTGRES_URL: Type.String({
    pattern: '^postgres(ql)?://',
    default: 'postgres://postgres@127.0.0.1:5432',
  }),
  REDIS_URL: Type.String({ pattern: '^rediss?://', default: 'redis://127.0.0.1:6379' }),
  NATS_URL: Type.String({ pattern: '^(nats|tls)://', default: 'nats://127.0.0.1:4222' }),
  /**
   * What every Redis key of the product starts with (`pv:formatting:anonymous:<ip>`...). Tests
   * that start real processes give them one of their own, so that what `npm start` left in the
   * machine's Redis (a visitor budget used up) cannot answer for them. The Redis ACLs of
   * infra/k8s grant the default.
   */
  REDIS_KEY_PREFIX: Type.String({ pattern: '^[A-Za-z0-9_.:-]*:$', default: 'pv:' }),
  /** Ed25519 public key (base64 SPKI DER) that verifies session tokens issued by auth. */
  SESSION_PUBLIC_KEY: Type.String({ minLength: 40 }),
  /** Comma-separated origins allowed to make cookie-authenticated writes. */
  PUBLIC_ORIGINS: Type.String({ default: 'http://localhost:8080' }),
  /** Fastify trustProxy: which hops may set X-Forwarded-For (the gateway). */
  TRUST_PROXY: Type.String({ default: 'loopback' }),
  /**
   * Seconds a published outbox row (already emptied of its payload) is kept before deletion.
   * The payload itself goes the moment the broker has the event.
   */
  OUTBOX_RETENTION_SECONDS: Type.Integer({ minimum: 0, default: 60 }),
  /**
   * `false` (Kubernetes): the process only checks that its migrations ran (the release's migration
   * Job runs them); otherwise it runs them while starting (npm start, compose, tests).
   */
  MIGRATE_AT_START: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'true' }),
  /** A worker's internal port for its liveness and readiness probes (serveWorkerHealth); unset: none. */
  HEALTH_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  /** How long a client may take to send a request (http-timeouts.ts, docs/http-timeouts.md). */
  ...HttpTimeoutFields,
} satisfies TProperties;

/**
 * Reads, defaults, coerces and validates env against a schema; throws a ConfigError naming every
 * missing or malformed variable, so a misconfigured process stops before it serves anything.
 * @example const config = loadConfig(Type.Object({ ...BaseConfigFields, PORT: Type.Integer({ default: 8081 }) }))
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
): Readonly<Static<T>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  const problems = [...Value.Errors(schema, converted)].map((e) => {
    const name = e.path.replace(/^\//, '') || '(root)';
    const got = (converted as Record<string, unknown>)[name];
    return got === undefined
      ? `${name} is required but not set`
      : `${name} is malformed: ${e.message}`;
  });
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return Object.freeze(converted as Static<T>);
}

/** Splits a comma-separated env value into trimmed, non-empty items. */
export const csv = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
