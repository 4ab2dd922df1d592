import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_ADMIN_TOTP_SECRET } from '@pv/service-kit/testing';

/** A staff account's credentials, with its authenticator's secret (base32). */
export interface StaffCredentials {
  email: string;
  password: string;
  totpSecret: string;
}

/**
 * The first admin an e2e stack seeds (auth reads ADMIN_EMAIL / ADMIN_PASSWORD and
 * ADMIN_TOTP_SECRET, so specs compute the console's second factor: loginAdminThroughApi).
 */
export const E2E_ADMIN: StaffCredentials = {
  email: 'admin.e2e@prontuario.test',
  password: 'E2e-Admin-2026!',
  totpSecret: TEST_ADMIN_TOTP_SECRET,
};

/** Where the e2e stack's gateway listens unless told otherwise (E2E_PORT or options.port). */
export const DEFAULT_E2E_PORT = 18080;

export interface ServiceSettings {
  /** `AUTH_DATABASE` -> `e2e_auth`: one database per service, dropped before every run. */
  databases: Record<string, string>;
  /** `PDF_QUEUE` -> `e2e-pdf`: BullMQ queues apart from a development stack's. */
  queues: Record<string, string>;
}

const DATABASE_VARIABLE = /\b([A-Z][A-Z0-9_]*)_DATABASE\s*:/g;
const QUEUE_VARIABLE = /\b([A-Z][A-Z0-9_]*)_QUEUE\s*:/g;

/**
 * Reads every services/<svc>/src/config.ts for the `<NAME>_DATABASE` and `<NAME>_QUEUE` settings,
 * so that services added later get their own e2e database without a list to keep up to date.
 *
 * @example
 *   discoverServiceSettings('/repo').databases.AUTH_DATABASE // 'e2e_auth'
 */
export function discoverServiceSettings(root: string): ServiceSettings {
  const settings: ServiceSettings = { databases: {}, queues: {} };
  const servicesDir = path.join(root, 'services');
  if (!existsSync(servicesDir)) return settings;
  for (const service of readdirSync(servicesDir).sort()) {
    const file = path.join(servicesDir, service, 'src', 'config.ts');
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(DATABASE_VARIABLE)) {
      settings.databases[`${match[1]}_DATABASE`] = `e2e_${match[1]!.toLowerCase()}`;
    }
    for (const match of source.matchAll(QUEUE_VARIABLE)) {
      settings.queues[`${match[1]}_QUEUE`] = `e2e-${match[1]!.toLowerCase().replace(/_/g, '-')}`;
    }
  }
  return settings;
}

/** Both spellings of the e2e origin: the browser's Origin header must be in PUBLIC_ORIGINS. */
export function e2eOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

export interface StackEnvInputs {
  parentEnv: NodeJS.ProcessEnv;
  port: number;
  infra: { postgresUrl: string; redisUrl: string; natsUrl: string };
  settings: ServiceSettings;
  admin: StaffCredentials;
  /** The Redis key prefix of this run (`pv:e2e:<random>:`), REDIS_KEY_PREFIX of every process. */
  redisKeyPrefix: string;
  /** The mail catcher's ports (MailDev under `npm start`), free ones of this run. */
  mail: { webPort: number; smtpPort: number };
  /** Last word: e.g. a fake provider's URL. */
  extra?: Record<string, string>;
}

/**
 * The environment of `cli.ts start` for an e2e run: the parent's (like `npm start`), without
 * the test runner's own markers, plus the e2e port, origins, databases, queues and admin.
 */
export function buildStackEnv(inputs: StackEnvInputs): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(inputs.parentEnv)) {
    // vitest marks its processes (VITEST, VITEST_POOL_ID, TEST, NODE_ENV=test); the services must
    // run as `npm start` runs them. Colours would only garble the log file.
    if (name.startsWith('VITEST') || name === 'TEST' || name === 'FORCE_COLOR') continue;
    // The suite reads its mail from the stack's own catcher, never from a server of the shell's.
    if (name === 'SMTP_URL') continue;
    env[name] = value;
  }
  const origins = e2eOrigins(inputs.port);
  Object.assign(env, {
    NODE_ENV: 'production',
    NO_COLOR: '1',
    PORT: String(inputs.port),
    HOST: '127.0.0.1',
    POSTGRES_URL: inputs.infra.postgresUrl,
    REDIS_URL: inputs.infra.redisUrl,
    // Keys of this run's own: what `npm start` (or an earlier run) counted is not this stack's.
    REDIS_KEY_PREFIX: inputs.redisKeyPrefix,
    NATS_URL: inputs.infra.natsUrl,
    PUBLIC_ORIGINS: origins.join(','),
    ADMIN_EMAIL: inputs.admin.email,
    ADMIN_PASSWORD: inputs.admin.password,
    ADMIN_TOTP_SECRET: inputs.admin.totpSecret,
    // Every spec signs up and in from 127.0.0.1: the per-IP limit of the auth routes (20 a
    // minute) would fail a suite for reasons no user meets.
    RATE_LIMIT_AUTH_MAX: '100000',
    // The same for the visitors' hourly allowances (issue 15): every suite formats, writes
    // documents and archives as anonymous visitors from that one address, and the counts live in
    // the shared Redis across runs.
    ANON_FORMAT_MAX_PER_HOUR: '100000',
    ANON_DOCUMENTS_MAX_PER_HOUR: '100000',
    ANON_PRESCRIPTIONS_MAX_PER_HOUR: '100000',
    ANON_PDFS_MAX_PER_HOUR: '100000',
    ANON_EXTRACT_MAX_PER_HOUR: '100000',
    EXTRACT_MAX_PER_HOUR: '100000',
    VAULT_CONSULT_MAX_PER_HOUR: '100000',
    // Issue 23 item 1: MailDev on ports of this run; every spec asks for links from 127.0.0.1.
    MAILDEV_WEB_PORT: String(inputs.mail.webPort),
    MAILDEV_SMTP_PORT: String(inputs.mail.smtpPort),
    EMAIL_SENDS_PER_IP_HOUR: '100000',
    ...inputs.settings.databases,
    ...inputs.settings.queues,
  });
  if (inputs.parentEnv.E2E_LOG_LEVEL) env.LOG_LEVEL = inputs.parentEnv.E2E_LOG_LEVEL;
  Object.assign(env, inputs.extra ?? {});
  return env;
}

export type StackEvent =
  | { kind: 'ready' }
  | { kind: 'failed'; reason: string; services: string[] }
  | { kind: 'crashed'; reason: string; service: string }
  | undefined;

const LABEL = /^\[stack\] /;

/**
 * What a line of `cli.ts start` output says about start-up (see tools/stack/src/start.ts): all
 * ready, or a failure naming the services at fault. Other lines say nothing (undefined).
 */
export function classifyStackLine(line: string): StackEvent {
  if (!LABEL.test(line)) return undefined;
  const text = line.replace(LABEL, '');
  if (text.startsWith('all services ready')) return { kind: 'ready' };
  const crash = /^(\S+) (?:exited unexpectedly|could not be started)/.exec(text);
  if (crash) return { kind: 'crashed', reason: text, service: crash[1]! };
  let match = /^stopped before being ready: (.+?) \(see/.exec(text);
  if (match) return { kind: 'failed', reason: text, services: splitNames(match[1]!) };
  match = /^not ready after [^:]+: (.+?)\. They keep running/.exec(text);
  if (match) {
    const names = match[1]!.split(/,\s*/).map((item) => item.replace(/\s*\(.*$/, ''));
    return { kind: 'failed', reason: text, services: names };
  }
  match = /^building (\S+) failed/.exec(text);
  if (match) return { kind: 'failed', reason: text, services: [] };
  if (/^nothing to start yet/.test(text)) return { kind: 'failed', reason: text, services: [] };
  return undefined;
}

function splitNames(list: string): string[] {
  return list
    .split(/,\s*/)
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Some tools colour their output whatever NO_COLOR says; logs and error tails stay plain. */
export function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}
