// The one description of how the product's processes are wired: which process listens where, what
// it needs in its environment, which secrets it may hold, which peers it calls and what it may
// touch in Postgres, Redis and NATS. docker-compose.yml, infra/k8s/, the Postgres roles, the Redis
// ACL and the Dockerfile are generated from it (`npm run infra:generate`); `npm start` takes its
// ports and per-process environment from it; tests/infra checks the committed files against it.

import type { CatalogProcess, ExternalCaller, HpaScaling, SecretSpec } from './catalog-types.js';

export type * from './catalog-types.js';
export { DEPLOYMENT, DEV_TOOLS, TRUST_PROXY } from './deployment.js';

/** Secrets that are not connection credentials, and who may hold each (see CatalogProcess.secrets). */
export const SECRETS: readonly SecretSpec[] = [
  {
    name: 'SESSION_PRIVATE_KEY',
    description: 'Ed25519 private key (base64 PKCS8 DER) that signs sessions',
    required: true,
    make: 'ed25519-private',
  },
  {
    name: 'ADMIN_PASSWORD',
    description: 'password of the first admin (with ADMIN_EMAIL), seeded once',
    required: false,
    make: 'password',
  },
  {
    name: 'ADMIN_TOTP_SECRET',
    description:
      "base32 TOTP secret seeded as the first admin's authenticator (automated set-ups); unset: enrol by QR code at first sign-in",
    required: false,
    make: 'base32',
  },
  {
    name: 'VAULT_HMAC_SECRET',
    description: 'key of the vault pseudonyms (64 hex characters)',
    required: true,
    make: 'hex32',
  },
  {
    name: 'VAULT_ADMIN_KEY',
    description: 'key that unlocks the vault for an admin (64 hex characters)',
    required: true,
    make: 'hex32',
  },
  {
    name: 'SMTP_URL',
    description:
      'smtp(s)://user:password@host:port of the mail server (confirmation links); unset: .eml files in MAIL_OUTBOX_DIR',
    required: false,
    make: 'provider',
  },
  {
    name: 'OPENAI_API_KEY',
    description: 'LLM key; unset: offline formatting',
    required: false,
    make: 'provider',
  },
  {
    name: 'OPENAI_ALT_API_KEY',
    description: 'key of the IA-ALTERNATIVA endpoint',
    required: false,
    make: 'provider',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    description: 'Stripe API key; unset: no card payments',
    required: false,
    make: 'provider',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    description: 'Stripe webhook signing secret',
    required: false,
    make: 'provider',
  },
  {
    name: 'SIGNING_KEK',
    description:
      'key-encryption key of the signing certificates (64 hex); unset: no digital signature',
    required: false,
    make: 'hex32',
  },
  {
    name: 'VERIFICATION_EVIDENCE_KEY',
    description:
      'key of the council-card evidence of professional verification (64 hex); unset: certificate verification only',
    required: false,
    make: 'hex32',
  },
  {
    name: 'TOTP_SECRET_KEY',
    description: "key sealing the admins' TOTP secrets at rest (64 hex); unset: stored as given",
    required: false,
    make: 'hex32',
  },
  {
    name: 'SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY',
    description:
      'secret key of the S3-compatible bucket of signed PDFs; unset: Postgres (or the SDK default chain)',
    required: false,
    make: 'provider',
  },
  {
    name: 'SONIOX_API_KEY',
    description: 'Soniox key; unset: no realtime transcription keys',
    required: false,
    make: 'provider',
  },
];

/**
 * Connection URLs carry credentials, so each process's are its own secret values; NATS takes its
 * password apart (NATS_PASSWORD, with the user NATS_USER: docs/nats-identity.md).
 */
export const CONNECTION_SECRETS = [
  'POSTGRES_URL',
  'REDIS_URL',
  'NATS_URL',
  'NATS_PASSWORD',
] as const;

/** Agreed with the runtime side of issue 16: drain grace and the pod's termination budget. */
export const SHUTDOWN_GRACE_MS = 120_000;
export const TERMINATION_GRACE_SECONDS = 135;
export const PRESTOP_PAUSE_SECONDS = 5;

/** Every process verifies sessions with the public half; the service kit wants it in workers too. */
const SESSION_READER = ['pv:session:*'];
/** ...and refreshes its idle clock on every request (SessionStore.get), so it writes these. */
const SESSION_ACTIVITY = 'pv:session-seen:*';
const LLM_SETTINGS = [
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'OPENAI_SUPER_MODEL',
  'OPENAI_ALT_BASE_URL',
  'OPENAI_ALT_MODEL',
];

const HTTP_SCALING: HpaScaling = { kind: 'hpa', min: 2, max: 10, cpuPercent: 70 };
/** What a server has unless its entry says otherwise. */
const SERVER_DEFAULTS = {
  calls: [],
  env: {},
  optional: [],
  secrets: [],
  internet: false,
  scaling: HTTP_SCALING,
} satisfies Partial<CatalogProcess>;

const service = (
  name: string,
  port: number,
  rest: Omit<
    CatalogProcess,
    'name' | 'service' | 'kind' | 'entry' | 'port' | keyof typeof SERVER_DEFAULTS
  > &
    Partial<Pick<CatalogProcess, keyof typeof SERVER_DEFAULTS>>,
): CatalogProcess => ({
  name,
  service: name,
  kind: 'server',
  entry: `services/${name}/src/server.ts`,
  port,
  ...SERVER_DEFAULTS,
  ...rest,
});

const SMALL = { cpu: '50m', memory: '192Mi', memoryLimit: '512Mi' };
const MEDIUM = { cpu: '100m', memory: '256Mi', memoryLimit: '768Mi' };

/**
 * OpenTelemetry traces (off unless an exporter is named; docs/observability.md): every process may
 * be given these standard variables. OTEL_SERVICE_NAME is not among them: it defaults to the
 * process's own name, and one value for every process would merge them in a trace viewer.
 */
export const TRACING_SETTINGS = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_TRACES_EXPORTER',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_SDK_DISABLED',
] as const;

const DECLARED: readonly CatalogProcess[] = [
  service('gateway', 8080, {
    summary: 'the only public entry: routes /auth and /api to the services, serves both SPAs',
    nats: false,
    redisKeys: { readWrite: ['pv:gateway:*'], readOnly: [] },
    calls: ['auth', 'formatting', 'documents', 'billing', 'support', 'vault', 'analytics'],
    internalPort: 9464,
    env: {
      WORKSPACE_WEB_DIST: '/app/web/workspace-web',
      ADMIN_WEB_DIST: '/app/web/admin-web',
      INTERNAL_PORT: '9464',
    },
    optional: [
      'RATE_LIMIT_AUTH_MAX',
      'UPSTREAM_TIMEOUT_MS',
      'UPSTREAM_MAX_SOCKETS',
      'UPSTREAM_QUEUE_TIMEOUT_MS',
      'ADMIN_HOST',
      'ADMIN_ORIGINS',
    ],
    resources: { cpu: '100m', memory: '192Mi', memoryLimit: '512Mi' },
  }),
  service('auth', 8081, {
    summary: 'accounts, sessions, terms and the first admin',
    database: 'auth',
    nats: true,
    redisKeys: {
      readWrite: ['pv:auth:*', 'pv:session:*', 'pv:user-sessions:*', SESSION_ACTIVITY],
      readOnly: [],
    },
    env: { COOKIE_SECURE: 'true' },
    // Issue 23: extra trust roots of the certificate verification (tests, development only), the
    // key before a TOTP key rotation, and the sender and link origin of the confirmation mails.
    optional: [
      'ADMIN_EMAIL',
      'SIGNING_EXTRA_TRUST_ROOTS',
      'TOTP_SECRET_KEY_PREVIOUS',
      'MAIL_FROM',
      'MAIL_LINK_ORIGIN',
    ],
    secrets: [
      'SESSION_PRIVATE_KEY',
      'ADMIN_PASSWORD',
      'VERIFICATION_EVIDENCE_KEY',
      'ADMIN_TOTP_SECRET',
      'TOTP_SECRET_KEY',
      'SMTP_URL',
    ],
    smtp: true,
    resources: { cpu: '100m', memory: '192Mi', memoryLimit: '512Mi' },
  }),
  service('formatting', 8082, {
    summary: 'formatting API and templates; enqueues LLM work for formatting-worker',
    database: 'formatting',
    nats: true,
    redisKeys: {
      readWrite: ['pv:formatting:*', 'bull:formatting:*', SESSION_ACTIVITY],
      readOnly: SESSION_READER,
    },
    redisExtraCommands: ['client|list'],
    calls: ['billing'],
    optional: ['FORMAT_TIMEOUT_MS'],
    resources: MEDIUM,
  }),
  {
    name: 'formatting-worker',
    service: 'formatting',
    kind: 'worker',
    entry: 'services/formatting/src/workers/formatting-worker.ts',
    port: 8090,
    summary: 'BullMQ worker of the formatting queue: the LLM calls',
    nats: false,
    redisKeys: { readWrite: ['bull:formatting:*'], readOnly: [] },
    calls: [],
    env: {},
    optional: [...LLM_SETTINGS, 'FORMATTING_WORKER_CONCURRENCY'],
    secrets: ['OPENAI_API_KEY', 'OPENAI_ALT_API_KEY'],
    internet: true,
    resources: { cpu: '100m', memory: '256Mi', memoryLimit: '512Mi' },
    // FORMATTING_WORKER_CONCURRENCY's default: LLM calls mostly wait on the network.
    scaling: { kind: 'keda', queue: 'formatting', min: 1, max: 10, jobsPerReplica: 8 },
  },
  service('documents', 8083, {
    summary: 'documents, prescriptions, text extraction; enqueues PDFs for pdf-worker',
    database: 'documents',
    nats: true,
    // pv:documents:* holds the anonymous limits and the verification routes' rate limit.
    redisKeys: {
      readWrite: ['pv:documents:*', 'bull:pdf:*', SESSION_ACTIVITY],
      readOnly: SESSION_READER,
    },
    redisExtraCommands: ['client|list'],
    calls: ['billing'],
    optional: [
      ...LLM_SETTINGS,
      'PUBLIC_URL',
      'SIGNED_DOCUMENT_RETENTION_DAYS',
      'VERIFY_MAX_PER_MINUTE',
      // Issue 14: signed PDFs in an S3-compatible bucket instead of Postgres (unset: Postgres).
      'SIGNED_DOCUMENTS_S3_BUCKET',
      'SIGNED_DOCUMENTS_S3_ENDPOINT',
      'SIGNED_DOCUMENTS_S3_REGION',
      'SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID',
      'SIGNED_DOCUMENTS_S3_FORCE_PATH_STYLE',
      // Issue 23: roots trusted besides ICP-Brasil's (tests, development only).
      'SIGNING_EXTRA_TRUST_ROOTS',
    ],
    secrets: [
      'OPENAI_API_KEY',
      'OPENAI_ALT_API_KEY',
      'SIGNING_KEK',
      'SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY',
    ],
    internet: true,
    resources: MEDIUM,
  }),
  {
    name: 'pdf-worker',
    service: 'documents',
    kind: 'worker',
    entry: 'services/documents/src/workers/pdf-worker.ts',
    port: 8091,
    summary: 'BullMQ worker of the pdf queue: PDF rendering, CPU bound',
    nats: false,
    redisKeys: { readWrite: ['bull:pdf:*'], readOnly: [] },
    calls: [],
    env: {},
    optional: ['PDF_WORKER_CONCURRENCY'],
    // Opens the certificate envelope to sign (issue 14).
    secrets: ['SIGNING_KEK'],
    internet: false,
    resources: { cpu: '250m', memory: '384Mi', memoryLimit: '1Gi' },
    // PDF_WORKER_CONCURRENCY's default: about one render per core.
    scaling: { kind: 'keda', queue: 'pdf', min: 1, max: 8, jobsPerReplica: 2 },
  },
  service('billing', 8084, {
    summary: 'plans, quotas (/internal/quota), Stripe, Soniox keys, usage',
    database: 'billing',
    nats: true,
    redisKeys: { readWrite: ['pv:billing:*', SESSION_ACTIVITY], readOnly: SESSION_READER },
    optional: [
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_PRICE_ID',
      'STRIPE_PORTAL_CONFIGURATION',
      'STRIPE_PORTAL_RETURN_URL',
    ],
    secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SONIOX_API_KEY'],
    internet: true,
    resources: SMALL,
  }),
  service('support', 8085, {
    summary: 'support tickets',
    database: 'support',
    nats: true,
    redisKeys: { readWrite: ['pv:support:*', SESSION_ACTIVITY], readOnly: SESSION_READER },
    resources: SMALL,
  }),
  service('vault', 8086, {
    summary: 'the transcript vault (pseudonymised archive)',
    database: 'vault',
    nats: true,
    redisKeys: { readWrite: ['pv:vault:*', SESSION_ACTIVITY], readOnly: SESSION_READER },
    env: { COOKIE_SECURE: 'true' },
    secrets: ['VAULT_HMAC_SECRET', 'VAULT_ADMIN_KEY'],
    resources: SMALL,
  }),
  service('analytics', 8087, {
    summary: 'page views, dashboards, marketing messages',
    database: 'analytics',
    nats: true,
    redisKeys: { readWrite: ['pv:analytics:*', SESSION_ACTIVITY], readOnly: SESSION_READER },
    resources: SMALL,
  }),
];

/**
 * How long a client may take to send a request (the kit's HttpTimeoutFields, docs/http-timeouts.md):
 * every server may be given them; workers serve no requests.
 */
export const HTTP_TIMEOUT_SETTINGS = [
  'HTTP_HEADERS_TIMEOUT_MS',
  'HTTP_REQUEST_TIMEOUT_MS',
  'HTTP_KEEP_ALIVE_TIMEOUT_MS',
  'HTTP_IDLE_TIMEOUT_MS',
] as const;

export const PROCESSES: readonly CatalogProcess[] = DECLARED.map((proc) => ({
  ...proc,
  optional: [
    ...proc.optional,
    ...(proc.kind === 'server' ? HTTP_TIMEOUT_SETTINGS : []),
    ...TRACING_SETTINGS,
  ],
}));

export function processNamed(name: string): CatalogProcess {
  const found = PROCESSES.find((p) => p.name === name);
  if (!found) throw new Error(`no process named ${name} in the catalog`);
  return found;
}

/** `formatting` -> `FORMATTING_URL`, `speech-proxy` -> `SPEECH_PROXY_URL`. */
export function serviceUrlVariable(service: string): string {
  return `${service.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_URL`;
}

/** Who calls a process over HTTP: other processes, and the edge/monitoring for servers. */
export function callersOf(name: string): { processes: string[]; external: ExternalCaller[] } {
  const target = processNamed(name);
  const processes = PROCESSES.filter((p) => p.calls.includes(name)).map((p) => p.name);
  const external: ExternalCaller[] = [];
  if (target.kind === 'server') {
    if (name === 'gateway') external.push('edge');
    external.push('monitoring');
  }
  return { processes, external };
}

/** Secret variables a process may hold: its connection URLs and its own secrets. */
export function secretsOf(proc: CatalogProcess): string[] {
  const connection: string[] = ['REDIS_URL'];
  if (proc.database) connection.unshift('POSTGRES_URL');
  if (proc.nats) connection.push('NATS_URL', 'NATS_PASSWORD');
  return [...connection, ...proc.secrets];
}

/** The Redis ACL user of a process (one per process: a worker gets less than its service). */
export const redisUser = (proc: CatalogProcess) => proc.name;

/** `formatting-worker` -> `FORMATTING_WORKER`, for variable names. */
export const envName = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

/** Non-secret settings of a process that are the same in compose and Kubernetes. */
export function sharedEnv(proc: CatalogProcess): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
  };
  if (proc.kind === 'server') env.PORT = String(proc.port);
  // A worker's port is its internal health server (serveWorkerHealth): the probes' target.
  else env.HEALTH_PORT = String(proc.port);
  // Its own NATS user (natsUser in nats-auth.ts), whose permissions the catalog generates.
  if (proc.nats) env.NATS_USER = proc.name;
  return { ...env, ...proc.env };
}

/** The URL of each peer a process calls, given how a peer's host is written in a setup. */
export function peerUrls(
  proc: CatalogProcess,
  host: (peer: CatalogProcess) => string,
  /** `https` in Kubernetes, where every peer serves with a certificate of the internal CA. */
  scheme: 'http' | 'https' = 'http',
): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const name of proc.calls) {
    const peer = processNamed(name);
    urls[serviceUrlVariable(peer.service)] = `${scheme}://${host(peer)}:${peer.port}`;
  }
  return urls;
}
