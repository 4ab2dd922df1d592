// Encryption in transit for every connection that leaves the process (docs/transport-security.md).
// Whether a connection is encrypted is said by its URL, as each protocol's own tools say it:
// `?sslmode=verify-full` on POSTGRES_URL, `rediss://` on REDIS_URL, `tls://` on NATS_URL and
// `https://` on a peer service's URL. Whom the process trusts for all of them is one setting,
// TLS_CA_FILE: the internal CA only, never the public roots, so that a certificate some public
// CA issued for an internal name cannot stand in for our servers. The settings are read from the
// process environment here (like SHUTDOWN_GRACE_MS and the OpenTelemetry ones) so that every
// client the kit builds gets them without each service passing them down; the config schemas
// still declare them (BaseConfigFields) so a wrong value stops the process at start.
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { ClientConfig } from 'pg';
import { Agent } from 'undici';
import { ConfigError } from './config.js';

type Env = Record<string, string | undefined>;

const files = new Map<string, Buffer>();

/** A PEM file, read once per process (a pod's mounted Secret changes only with a new pod). */
function pem(path: string): Buffer {
  let content = files.get(path);
  if (!content) {
    try {
      content = readFileSync(path);
    } catch (error) {
      throw new ConfigError([`cannot read ${path}: ${(error as Error).message}`]);
    }
    files.set(path, content);
  }
  return content;
}

/** The CA bundle (PEM) every internal client trusts: TLS_CA_FILE; unset: Node's public roots. */
export function internalCa(env: Env = process.env): Buffer | undefined {
  const path = env.TLS_CA_FILE;
  return path ? pem(path) : undefined;
}

/** TLS options of a client of an internal server: the internal CA, and a verified host name. */
function clientTls(env: Env): ConnectionOptions {
  const ca = internalCa(env);
  return { rejectUnauthorized: true, ...(ca ? { ca } : {}) };
}

/** The libpq parameters about TLS; the kit reads sslmode and sslrootcert, pg sees none of them. */
const PG_SSL_PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'ssl', 'sslnegotiation'];

/** `sslmode` of a Postgres URL: `disable` (also when absent) or `verify-full`. */
export function postgresSslMode(url: string): 'disable' | 'verify-full' {
  const mode = new URL(url).searchParams.get('sslmode') ?? 'disable';
  if (mode === 'disable' || mode === 'verify-full') return mode;
  // require/verify-ca/prefer do not check that the certificate names the host (or do not insist
  // on TLS at all): a man in the middle with any certificate of the CA would pass.
  throw new ConfigError([
    `POSTGRES_URL sslmode=${mode} is not supported: use sslmode=verify-full (or disable)`,
  ]);
}

/**
 * pg's client config for a Postgres URL: TLS verifying the server's certificate and host name
 * against TLS_CA_FILE (or the URL's own `sslrootcert`, e.g. a managed server's CA) when the URL
 * says `sslmode=verify-full`; plaintext otherwise.
 * @example new pg.Pool({ ...postgresConnection('postgres://u@db:5432/auth?sslmode=verify-full'), max: 10 })
 */
export function postgresConnection(url: string, env: Env = process.env): ClientConfig {
  const mode = postgresSslMode(url);
  const parsed = new URL(url);
  const rootCert = parsed.searchParams.get('sslrootcert');
  for (const name of PG_SSL_PARAMETERS) parsed.searchParams.delete(name);
  const connectionString = parsed.toString();
  if (mode === 'disable') return { connectionString };
  // `host`: pg sets the name to check only for a DNS name; for an address Node would check
  // the certificate against "localhost" instead of the address the URL names.
  const tls = { ...clientTls(env), host: parsed.hostname.replace(/^\[|\]$/g, '') };
  return {
    connectionString,
    ssl: rootCert ? { ...tls, ca: pem(rootCert) } : tls,
  };
}

/**
 * ioredis' `tls` option for a Redis URL: for `rediss://`, the internal CA (Node checks that the
 * certificate names the URL's host); nothing for `redis://`.
 */
export function redisTls(url: string, env: Env = process.env): { tls?: ConnectionOptions } {
  if (new URL(url).protocol !== 'rediss:') return {};
  return { tls: clientTls(env) };
}

/** The NATS client's `tls` option: set (so TLS is required) when a server URL is `tls://`. */
export function natsTls(
  servers: string,
  env: Env = process.env,
): { tls?: { ca?: string; handshakeFirst?: boolean } } {
  if (!servers.split(',').some((s) => s.trim().startsWith('tls://'))) return {};
  const ca = internalCa(env);
  return { tls: ca ? { ca: ca.toString('utf8') } : {} };
}

/**
 * The certificate and key a server listens with (TLS_CERT_FILE and TLS_KEY_FILE, PEM), or
 * undefined for plain HTTP. One without the other is a configuration error.
 */
export function serverTls(env: Env = process.env): { cert: Buffer; key: Buffer } | undefined {
  const certFile = env.TLS_CERT_FILE;
  const keyFile = env.TLS_KEY_FILE;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile)
    throw new ConfigError(['TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all']);
  return { cert: pem(certFile), key: pem(keyFile) };
}

/** `https:` agent options for calls to peer services: the internal CA. */
export function internalHttpsOptions(env: Env = process.env): { ca?: Buffer } {
  const ca = internalCa(env);
  return ca ? { ca } : {};
}

let dispatcher: { ca: Buffer | undefined; agent: Agent } | undefined;

/**
 * The undici dispatcher for fetch calls to peer services (billing's quota API): it trusts the
 * internal CA. One per process, kept while TLS_CA_FILE stays the same.
 */
export function internalDispatcher(env: Env = process.env): Agent {
  const ca = internalCa(env);
  if (!dispatcher || dispatcher.ca !== ca) {
    dispatcher = { ca, agent: new Agent({ connect: ca ? { ca } : {} }) };
  }
  return dispatcher.agent;
}
