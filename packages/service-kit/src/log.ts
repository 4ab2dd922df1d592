import pino, { type Logger, type LoggerOptions } from 'pino';

/**
 * Fields an error may carry that quote the data it failed on, rather than say what failed:
 * Postgres' `detail` ("Key (email)=(...) already exists"), `where` ("JSON data, line 1:
 * {"text":"Paciente ..."), `internalQuery`; a client's `query`/`parameters`. A dictation must not
 * reach a log line through them (ARCHITECTURE.md, "Log no patient text").
 */
const QUOTING_FIELDS = ['detail', 'where', 'internalQuery', 'query', 'parameters'];

/** pino's error serializer, without the fields that quote data. */
export function errorWithoutData(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error);
  for (const field of QUOTING_FIELDS) delete (serialized as Record<string, unknown>)[field];
  return serialized;
}

/**
 * Keys whose values never reach a log line, at any depth up to four (docs/observability.md): the
 * verification code of a signed document, the admin searches (names, e-mails), e-mails, tokens,
 * passwords, second-factor and vault codes, cookies and credentials.
 */
export const REDACTED_LOG_KEYS = [
  '_secretCode',
  'q',
  'search',
  'email',
  'contactEmail',
  'token',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'adminPassword',
  'adminKey',
  'recoveryCode',
  'totpCode',
  'cookie',
  'authorization',
  'set-cookie',
] as const;

const bracket = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`);
const join = (prefix: string, key: string) =>
  key.startsWith('[') ? `${prefix}${key}` : `${prefix}.${key}`;

/** pino paths for every redacted key at the top level and under up to three wildcard levels. */
export const LOG_REDACT_PATHS: string[] = REDACTED_LOG_KEYS.flatMap((raw) => {
  const key = bracket(raw);
  return [key, join('*', key), join('*.*', key), join('*.*.*', key)];
});

const SAFE_QUERY_KEY = /^[A-Za-z_][\w.[\]-]{0,39}$/;
const MAX_QUERY_KEYS = 20;

/**
 * The names of a URL's query parameters, never their values: what an access log may say about a
 * query. A key that does not look like a parameter name (an e-mail typed as a key) is `(other)`;
 * at most 20 keys, so a hostile URL costs a bounded line.
 * @example queryKeys('/verify/1?_secretCode=abc&_format=x') // ['_secretCode', '_format']
 */
export function queryKeys(url: string): string[] {
  const at = url.indexOf('?');
  if (at < 0) return [];
  const keys: string[] = [];
  for (const pair of url.slice(at + 1).split('&', MAX_QUERY_KEYS)) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    keys.push(SAFE_QUERY_KEY.test(key) ? key : '(other)');
  }
  return keys;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
  routeOptions?: { url?: string };
}

/**
 * A request as a log line shows it: method, route template and query keys, never the URL (its
 * query values and path ids are data). Replaces Fastify's `req` serializer (which writes `url`).
 */
export function requestWithoutData(request: LoggedRequest) {
  return {
    method: request.method,
    route: request.routeOptions?.url ?? 'unmatched',
    queryKeys: queryKeys(request.url ?? ''),
  };
}

/**
 * The serializers of every logger of the product (Fastify's and the processes' own).
 * @example const log = pino({ level, base: { service }, serializers: logSerializers })
 */
export const logSerializers = { err: errorWithoutData, req: requestWithoutData };

/**
 * The options of every pino logger of the product: serializers without data and the redaction
 * list. Fastify takes them as its `logger`; a process without Fastify calls `productLogger`.
 */
export function productLogOptions(options: {
  service: string;
  level?: string;
  stream?: pino.DestinationStream;
}): LoggerOptions & { stream?: pino.DestinationStream } {
  return {
    level: options.level ?? 'info',
    base: { service: options.service },
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: logSerializers,
    ...(options.stream ? { stream: options.stream } : {}),
  };
}

/**
 * A process's own logger (workers, relays, scripts) with the product's redaction.
 * @example const log = productLogger({ service: 'pdf-worker', level: config.LOG_LEVEL })
 */
export function productLogger(options: { service: string; level?: string }): Logger {
  return pino(productLogOptions(options));
}
