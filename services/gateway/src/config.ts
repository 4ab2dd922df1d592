import { HttpTimeoutFields } from '@pv/service-kit/http';
import { BaseConfigFields, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

const UpstreamUrl = (service: string) =>
  Type.Optional(
    Type.String({
      pattern: '^https?://[^/]+/?$',
      description: `Base URL of the ${service} service (scheme, host and port only). Unset: its routes answer 503.`,
    }),
  );

/**
 * The gateway's environment. It holds no sessions and no database, so it reads neither
 * SESSION_PUBLIC_KEY nor POSTGRES_URL; every upstream URL is optional so the product can come up
 * one service at a time (an unconfigured service answers 503 with its pt-BR name).
 */
export const GatewayConfigSchema = Type.Object({
  LOG_LEVEL: BaseConfigFields.LOG_LEVEL,
  /** Listen address; the gateway is the one process reached from outside. */
  HOST: Type.String({ default: '0.0.0.0' }),
  /** The public port (under `npm start`, `PORT` moves the gateway only). */
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  /**
   * Port of the operators' endpoints (/metrics, /ready/upstreams, /health, /ready), never served
   * on the public PORT: Prometheus and probes reach it, the edge does not.
   */
  INTERNAL_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9464 }),
  REDIS_URL: BaseConfigFields.REDIS_URL,
  REDIS_KEY_PREFIX: BaseConfigFields.REDIS_KEY_PREFIX,
  // Encryption in transit (docs/transport-security.md): https:// upstreams are verified against
  // TLS_CA_FILE; with a certificate the public port serves HTTPS too.
  TLS_CA_FILE: BaseConfigFields.TLS_CA_FILE,
  TLS_CERT_FILE: BaseConfigFields.TLS_CERT_FILE,
  TLS_KEY_FILE: BaseConfigFields.TLS_KEY_FILE,
  TLS_REQUIRED: BaseConfigFields.TLS_REQUIRED,
  /**
   * Which hops may set X-Forwarded-For/-Proto/-Host: 'false' (the gateway is the edge), 'true',
   * a hop count, or addresses/CIDRs/'loopback' separated by commas (a load balancer in front).
   */
  TRUST_PROXY: Type.String({ default: 'false' }),
  AUTH_URL: UpstreamUrl('auth'),
  FORMATTING_URL: UpstreamUrl('formatting'),
  DOCUMENTS_URL: UpstreamUrl('documents'),
  BILLING_URL: UpstreamUrl('billing'),
  SUPPORT_URL: UpstreamUrl('support'),
  VAULT_URL: UpstreamUrl('vault'),
  ANALYTICS_URL: UpstreamUrl('analytics'),
  /** Built workspace SPA (folder with index.html), served at / in one-machine mode. */
  WORKSPACE_WEB_DIST: Type.Optional(Type.String({ minLength: 1 })),
  /** Built admin SPA (folder with index.html), served at /admin in one-machine mode. */
  ADMIN_WEB_DIST: Type.Optional(Type.String({ minLength: 1 })),
  /** Login, registration and password requests per address per window before 429. */
  RATE_LIMIT_AUTH_MAX: Type.Integer({ minimum: 1, default: 20 }),
  /** The window of RATE_LIMIT_AUTH_MAX. */
  RATE_LIMIT_AUTH_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
  /**
   * More Content-Security-Policy connect-src sources, separated by spaces, e.g. a local fake
   * Soniox `ws://127.0.0.1:4100` in browser tests (the policy allows only https: and wss:).
   * Empty in production.
   */
  CSP_CONNECT_SRC_EXTRA: Type.String({
    default: '',
    pattern: '^[^;,\'"]*$',
    description: 'Space-separated CSP sources; no quotes, commas or semicolons.',
  }),
  /** The realtime Soniox socket the browser opens (billing's SONIOX_WS_URL): its origin is in CSP. */
  SONIOX_WS_URL: Type.String({
    pattern: '^wss?://[^\\s;,\'"]+$',
    default: 'wss://stt-rt.soniox.com/transcribe-websocket',
  }),
  /**
   * The console's host name (no scheme or port). Set: admin routes (`/admin`, `/api/admin/*`,
   * `/api/ai-templates`) answer only on this host and the workspace only on the others (404).
   */
  ADMIN_HOST: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9.-]+$', description: 'Host name of the admin console.' }),
  ),
  /** Origins allowed to write on ADMIN_HOST, comma-separated (default https://ADMIN_HOST). */
  ADMIN_ORIGINS: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Time an upstream may take to answer (and between body chunks); LLM calls are slow. Past it
   * the gateway answers 504 with the service's pt-BR name.
   */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 120_000 }),
  /** Connections the gateway keeps open to each upstream at most (each service's pool). */
  UPSTREAM_MAX_SOCKETS: Type.Integer({ minimum: 1, default: 256 }),
  /** Time a request may wait for one of those connections to be free before a pt-BR 503. */
  UPSTREAM_QUEUE_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** How long a client may take to send its request (the kit's, docs/http-timeouts.md). */
  ...HttpTimeoutFields,
});

export type GatewayConfig = Readonly<Static<typeof GatewayConfigSchema>>;

/** Reads the gateway's environment; throws a ConfigError naming every bad variable. */
export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
): GatewayConfig {
  return loadConfig(GatewayConfigSchema, env);
}
