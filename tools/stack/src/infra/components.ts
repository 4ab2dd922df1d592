// What the stack needs from each backing server and how their URLs look: shared by the probes,
// the private instances, Docker and the provisioning plan.

export type InfraMode = 'start' | 'test';
export type ComponentKey = 'postgres' | 'redis' | 'nats';

export interface Infra {
  postgresUrl: string;
  redisUrl: string;
  natsUrl: string;
  /**
   * The NATS asks each process for its own user (`npm start`'s authorized NATS, or one found that
   * requires credentials): the processes get NATS_USER and NATS_PASSWORD.
   */
  natsAuthorized?: boolean;
  /** A nats-server binary on this machine, whatever provides NATS; tests use it to restart a broker. */
  natsServerBin: string | undefined;
  /** One line per component saying where it comes from, for banners. */
  summary: Record<ComponentKey, string>;
  /** Stops what this run started (private processes, containers); leaves everything else alone. */
  stop(): Promise<void>;
}

export class InfraError extends Error {
  override name = 'InfraError';
}

interface ComponentInfo {
  key: ComponentKey;
  label: string;
  envVar: string;
  protocols: string[];
  defaultPort: number;
  standardPort: number;
  privatePort: number;
  debianPackage: string;
  brewPackage: string;
}

export const COMPONENTS: Record<ComponentKey, ComponentInfo> = {
  postgres: {
    key: 'postgres',
    label: 'PostgreSQL',
    envVar: 'POSTGRES_URL',
    protocols: ['postgres:', 'postgresql:'],
    defaultPort: 5432,
    standardPort: 5432,
    privatePort: 55432,
    debianPackage: 'postgresql',
    brewPackage: 'postgresql@15',
  },
  redis: {
    key: 'redis',
    label: 'Redis',
    envVar: 'REDIS_URL',
    protocols: ['redis:', 'rediss:'],
    defaultPort: 6379,
    standardPort: 6379,
    privatePort: 56379,
    debianPackage: 'redis-server',
    brewPackage: 'redis',
  },
  nats: {
    key: 'nats',
    label: 'NATS',
    envVar: 'NATS_URL',
    protocols: ['nats:', 'tls:'],
    defaultPort: 4222,
    standardPort: 4222,
    privatePort: 54222,
    debianPackage: 'nats-server',
    brewPackage: 'nats-server',
  },
};

export const ORDER: ComponentKey[] = ['postgres', 'redis', 'nats'];
export const LOCALHOST = '127.0.0.1';

export interface Endpoint {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
}

export interface ParsedServerUrl {
  /** The value to hand to clients, normalised (no trailing slash). */
  url: string;
  /** NATS accepts a comma-separated server list; the other two always have exactly one. */
  endpoints: Endpoint[];
}

/** Hides the password of every URL in `value` so that it can be printed. */
export function redactUrl(value: string): string {
  return value.replace(/(\/\/[^:/@,\s]*:)[^@/\s]*@/g, '$1***@');
}

/**
 * Parses a server URL from the environment, failing with a message that names the variable.
 * Example: parseServerUrl('redis', 'redis://127.0.0.1') gives one endpoint on port 6379.
 */
export function parseServerUrl(key: ComponentKey, raw: string): ParsedServerUrl {
  const component = COMPONENTS[key];
  const trimmed = raw.trim();
  const parts = key === 'nats' ? trimmed.split(',').map((part) => part.trim()) : [trimmed];
  const endpoints: Endpoint[] = [];
  const normalised: string[] = [];
  for (const part of parts) {
    // nats clients accept a bare host:port; every other form needs a scheme to be unambiguous.
    const withScheme = key === 'nats' && !part.includes('://') ? `nats://${part}` : part;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      throw new InfraError(
        `${component.envVar} is not a valid URL: "${redactUrl(part)}". ` +
          `Expected something like ${exampleUrl(key)}.`,
      );
    }
    if (!component.protocols.includes(url.protocol)) {
      throw new InfraError(
        `${component.envVar} must start with ${component.protocols.map((p) => `${p}//`).join(' or ')}` +
          ` (got "${redactUrl(part)}"). Expected something like ${exampleUrl(key)}.`,
      );
    }
    if (url.hostname === '') {
      throw new InfraError(`${component.envVar} has no host name: "${redactUrl(part)}".`);
    }
    if (key === 'postgres' && url.pathname !== '' && url.pathname !== '/') {
      throw new InfraError(
        `${component.envVar} must be a server URL without a database name (got "${redactUrl(part)}"): ` +
          `every service creates and uses its own database on that server. Example: ${exampleUrl(key)}.`,
      );
    }
    endpoints.push({
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? component.defaultPort : Number(url.port),
      tls: url.protocol === 'rediss:' || url.protocol === 'tls:',
      username: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
    normalised.push(withScheme.replace(/\/+$/, ''));
  }
  return { url: normalised.join(','), endpoints };
}

function exampleUrl(key: ComponentKey): string {
  const c = COMPONENTS[key];
  return key === 'postgres'
    ? `postgres://postgres@${LOCALHOST}:${c.defaultPort}`
    : `${c.protocols[0]}//${LOCALHOST}:${c.defaultPort}`;
}

export function postgresUrl(role: string, port: number): string {
  return `postgres://${encodeURIComponent(role)}@${LOCALHOST}:${port}`;
}

/** The URL of a server on this machine's loopback (Postgres as its superuser). */
export function localUrl(key: ComponentKey, port: number): string {
  return key === 'postgres' ? postgresUrl('postgres', port) : `${key}://${LOCALHOST}:${port}`;
}

/** A plain, password-less endpoint on the loopback: what a private instance listens on. */
export function localEndpoint(port: number): Endpoint {
  return { host: LOCALHOST, port, tls: false, username: '', password: '' };
}

/** One message listing what to install for the components that could not be provided. */
export function missingInfraMessage(missing: ComponentKey[]): string {
  const items = ORDER.filter((key) => missing.includes(key)).map((key) => COMPONENTS[key]);
  const names = items.map((c) => c.label).join(', ');
  const debian = items.map((c) => c.debianPackage).join(' ');
  const brew = items.map((c) => c.brewPackage).join(' ');
  const vars = items.map((c) => c.envVar).join(' / ');
  return [
    `${names} ${items.length === 1 ? 'is' : 'are'} needed, and this machine has no running server, no installed binaries and no working Docker for ${items.length === 1 ? 'it' : 'them'}.`,
    'Install the missing servers, then run the command again:',
    `  Debian/Ubuntu:     sudo apt-get install -y --no-install-recommends ${debian}`,
    `  macOS (Homebrew):  brew install ${brew}`,
    'The servers need not be running: the stack starts private instances from the binaries, under .data/.',
    `Alternatively start Docker (the official images are used then), or set ${vars} to servers you already run.`,
  ].join('\n');
}
