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
  /** `production` under `npm start`, compose and Kubernetes; `test` in test stacks. */
  NODE_ENV: Type.Union(
    [Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
    { default: 'development' },
  ),
  /** pino level (`fatal` ... `trace`, `silent`). */
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** Listen address. */
  HOST: Type.String({ default: '127.0.0.1' }),
  /** Postgres server (no database name): each service creates and migrates its own database. */
  POSTGRES_URL: Type.String({
    pattern: '^postgres(ql)?://',
    default: 'postgres://postgres@127.0.0.1:5432',
  }),
  /** Redis: sessions, rate limits, locks and BullMQ queues. */
  REDIS_URL: Type.String({ pattern: '^rediss?://', default: 'redis://127.0.0.1:6379' }),
  /** NATS with JetStream (comma-separated for a cluster). */
  NATS_URL: Type.String({ pattern: '^(nats|tls)://', default: 'nats://127.0.0.1:4222' }),
  /**
   * The process's own NATS identity (docs/nats-identity.md): its user and password on a NATS with
   * authorization (compose, Kubernetes, `npm start`'s private NATS). Unset: no credentials, for a
   * NATS without authorization (tests, a developer's machine).
   */
  NATS_USER: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]+$' })),
  /**
   * The password of NATS_USER (`npm start`: generated into `.data/keys/nats.json`; compose:
   * `NATS_PASSWORD_<PROCESS>`; Kubernetes: the process's Secret, the same value as its key in
   * `pv-nats-users`).
   */
  NATS_PASSWORD: Type.Optional(Type.String({ minLength: 1 })),
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
  /**
   * Encryption in transit (docs/transport-security.md). The URLs say which connections use TLS
   * (`sslmode=verify-full`, `rediss://`, `tls://`, `https://`); TLS_CA_FILE is the PEM bundle of
   * the internal CA that every one of them is verified against (unset: Node's public roots).
   */
  TLS_CA_FILE: Type.Optional(Type.String({ minLength: 1 })),
  /** Certificate and key (PEM) a server listens with, HTTPS instead of HTTP; both or neither. */
  TLS_CERT_FILE: Type.Optional(Type.String({ minLength: 1 })),
  /** The private key (PEM) of TLS_CERT_FILE. */
  TLS_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
  /** `true` (Kubernetes): refuse to start with any plaintext or unverified connection configured. */
  TLS_REQUIRED: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'false' }),
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
  // Value.Default fills `raw` in place: what the environment set is known only before it.
  const given = new Set(Object.keys(raw));
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  const problems = [...Value.Errors(schema, converted)].map((e) => {
    const name = e.path.replace(/^\//, '') || '(root)';
    const got = (converted as Record<string, unknown>)[name];
    return got === undefined
      ? `${name} is required but not set`
      : `${name} is malformed: ${e.message}`;
  });
  // Only what the environment set: a worker's schema defaults URLs it never opens.
  if (problems.length === 0) {
    const set = Object.fromEntries(
      Object.entries(converted as Record<string, unknown>).filter(([key]) => given.has(key)),
    );
    problems.push(...transportSecurityProblems(set));
  }
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return Object.freeze(converted as Static<T>);
}

/** Splits a comma-separated env value into trimmed, non-empty items. */
export const csv = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The peer-service URL variables of the configs (the catalog's `<SERVICE>_URL`). */
const PEER_URL = /^(AUTH|FORMATTING|DOCUMENTS|BILLING|SUPPORT|VAULT|ANALYTICS)_URL$/;

/**
 * What is wrong with a config's connections as to encryption in transit: a Postgres `sslmode`
 * other than `disable` or `verify-full` (the others do not check that the certificate names the
 * host, or do not insist on TLS), and, with TLS_REQUIRED=true (the Kubernetes manifests), every
 * configured URL that is not encrypted and verified. Empty when all is well.
 */
export function transportSecurityProblems(config: unknown): string[] {
  const values = (config ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof values[key] === 'string' ? String(values[key]) : undefined);
  const problems: string[] = [];
  const postgres = text('POSTGRES_URL');
  const sslmode =
    postgres === undefined ? undefined : new URL(postgres).searchParams.get('sslmode');
  if (sslmode && sslmode !== 'disable' && sslmode !== 'verify-full')
    problems.push(`POSTGRES_URL sslmode=${sslmode} is not supported: use verify-full (or disable)`);
  if (values.TLS_REQUIRED !== 'true') return problems;
  if (postgres !== undefined && sslmode !== 'verify-full')
    problems.push('POSTGRES_URL must carry sslmode=verify-full (TLS_REQUIRED=true)');
  const redis = text('REDIS_URL');
  if (redis !== undefined && !redis.startsWith('rediss://'))
    problems.push('REDIS_URL must be rediss:// (TLS_REQUIRED=true)');
  const nats = text('NATS_URL');
  if (nats?.split(',').some((server) => !server.trim().startsWith('tls://')))
    problems.push('NATS_URL must list tls:// servers only (TLS_REQUIRED=true)');
  for (const key of Object.keys(values).filter((k) => PEER_URL.test(k))) {
    const value = text(key);
    if (value !== undefined && !value.startsWith('https://'))
      problems.push(`${key} must be https:// (TLS_REQUIRED=true)`);
  }
  if (!text('TLS_CA_FILE')) problems.push('TLS_CA_FILE must be set (TLS_REQUIRED=true)');
  return problems;
}
