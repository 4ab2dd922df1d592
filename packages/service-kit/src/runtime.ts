import type { NatsConnection } from '@nats-io/transport-node';
import { EVENT_STREAM } from '@pv/contracts';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { assertMigrated, createDb, databaseUrl, ensureDatabase, migrateToLatest } from './db.js';
import {
  connectNats,
  ensureEventStream,
  type KitTables,
  kitMigrations,
  type NatsCredentials,
  OutboxRelay,
} from './events/index.js';
import { productLogger } from './log.js';
import { registerOutboxMetrics } from './observability.js';
import { createRedis } from './redis.js';
import { privateKeyFrom, publicKeyFrom, SessionStore, SessionTokens } from './session.js';
import { startTracing } from './tracing.js';

/**
 * A NATS connection that may not exist yet: services start (and accept writes, which wait in the
 * outbox) while NATS is unreachable, and connect as soon as it answers.
 */
export class NatsHandle {
  current: NatsConnection | undefined;
  private readonly waiters: ((nc: NatsConnection) => void)[] = [];
  private readonly consumers: { stop(): Promise<void> }[] = [];
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly log: Logger,
    private readonly options: {
      /** NATS_USER and NATS_PASSWORD; none on a NATS without authorization. */
      credentials?: NatsCredentials;
      /** The streams set up on connecting (`ensureEventStream`); default PV_EVENTS. */
      streams?: readonly string[];
    } = {},
  ) {}

  /** Starts connecting in the background; resolves once connected or after `waitMs`. */
  async connect(waitMs = 3_000): Promise<void> {
    void this.loop();
    await Promise.race([this.connected(), new Promise((r) => setTimeout(r, waitMs))]);
  }

  connected(): Promise<NatsConnection> {
    if (this.current) return Promise.resolve(this.current);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async loop(): Promise<void> {
    let warned = false;
    while (!this.closed && !this.current) {
      try {
        const nc = await connectNats(this.url, this.name, this.options.credentials);
        // A stream this identity may not create, not there yet: try again on a fresh connection.
        await ensureEventStream(nc, this.options.streams ?? [EVENT_STREAM]).catch(
          async (error: unknown) => {
            await nc.close().catch(() => undefined);
            throw error;
          },
        );
        if (this.closed) {
          await nc.close();
          return;
        }
        this.current = nc;
        this.log.info('connected to NATS');
        for (const waiter of this.waiters.splice(0)) waiter(nc);
      } catch (error) {
        if (!warned) this.log.warn({ err: (error as Error).message }, 'NATS unreachable; retrying');
        warned = true;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  }

  /**
   * Starts a durable consumer as soon as NATS answers (until then its events wait in the stream)
   * and returns a handle whose `stop()` ends it, waiting at most `stopTimeoutMs` so a shutdown
   * never hangs on a consumer that is still connecting. `close()` stops every consumer started
   * here before it drains the connection, so a service need not stop them itself.
   * @example runtime.nats.startConsumer((nc) => startUsageConsumer(nc, { db, durable, log }));
   */
  startConsumer(
    start: (nc: NatsConnection) => Promise<{ stop(): Promise<void> }>,
    stopTimeoutMs = 2_000,
  ): { stop(): Promise<void> } {
    let stopping = false;
    // A consumer that failed to start (JetStream timing out under load, a stream not there yet)
    // is retried with a growing pause: giving up would leave the service running without ever
    // consuming its events.
    const attempt = async (delayMs: number): Promise<{ stop(): Promise<void> }> => {
      try {
        return await start(await this.connected());
      } catch (error) {
        if (stopping || this.closed) throw error;
        this.log.error(
          { err: (error as Error).message, retryInMs: delayMs },
          'could not start a durable consumer; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (stopping || this.closed) throw error;
        return attempt(Math.min(delayMs * 2, 30_000));
      }
    };
    const started = attempt(1_000);
    started.catch(() => undefined);
    let stopped: Promise<void> | undefined;
    const handle = {
      stop: () => {
        stopping = true;
        stopped ??= Promise.race([
          started.then((consumer) => consumer.stop()).catch(() => undefined),
          new Promise<void>((resolve) => setTimeout(resolve, stopTimeoutMs)),
        ]);
        return stopped;
      },
    };
    this.consumers.push(handle);
    return handle;
  }

  async ping(): Promise<void> {
    if (!this.current || this.current.isClosed()) throw new Error('not connected');
    await this.current.rtt();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
    if (this.current && !this.current.isClosed()) await this.current.drain().catch(() => undefined);
  }
}

export interface RuntimeOptions {
  service: string;
  postgresUrl: string;
  /** Database name; defaults to the service name. */
  database?: string;
  redisUrl: string;
  natsUrl: string;
  /** NATS_USER and NATS_PASSWORD: the process's own identity on a NATS with authorization. */
  natsCredentials?: NatsCredentials;
  /**
   * The streams it uses, set up on connecting: PV_EVENTS unless it says more (formatting, which
   * publishes to the restricted PV_PHI, and the vault, its reader). A consumer also sets up its own
   * stream when it starts. Asking about a stream its NATS user may not see would be refused.
   */
  natsStreams?: readonly string[];
  sessionPublicKey: string;
  sessionPrivateKey?: string;
  migrations: Record<string, Migration>;
  log?: Logger;
  logLevel?: string;
  /** How often the outbox relay looks for unpublished events. */
  outboxIntervalMs?: number;
  /** Seconds a published (emptied) outbox row is kept (OUTBOX_RETENTION_SECONDS; default 60). */
  outboxRetentionSeconds?: number;
  /**
   * Run the migrations while opening (the default, MIGRATE_AT_START unset or true: npm start,
   * compose, tests), or only check that they ran (false: Kubernetes, where the release's migration
   * Job runs them once before the Deployments roll; see docs/releasing.md).
   */
  migrateAtStart?: boolean;
}

/** MIGRATE_AT_START: anything but `false` migrates at start. */
/** The process's NATS identity from its config (NATS_USER, NATS_PASSWORD; unset: none). */
export const natsCredentialsOf = (config: {
  NATS_USER?: string | undefined;
  NATS_PASSWORD?: string | undefined;
}): NatsCredentials => ({ user: config.NATS_USER, password: config.NATS_PASSWORD });

export const migrateAtStartFromEnv = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.MIGRATE_AT_START !== 'false';

/** Everything a service process holds open, built once and closed once. */
export interface ServiceRuntime<DB> {
  db: Kysely<DB & KitTables>;
  redis: Redis;
  nats: NatsHandle;
  relay: OutboxRelay;
  sessions: { tokens: SessionTokens; store: SessionStore };
  log: Logger;
  /** What a request needs: /ready fails without it. */
  readiness: Record<string, () => Promise<unknown>>;
  /** What only degrades the service: reported by /ready, never failing it. */
  degradable: Record<string, () => Promise<unknown>>;
  /** Adds the runtime's metrics (the outbox's) to the app's registry. */
  metrics: (registry: Registry) => void;
  close(): Promise<void>;
}

/**
 * Opens the service's own database (creating and migrating it), Redis, NATS and the outbox relay.
 * @example const runtime = await openRuntime<AuthDatabase>({ service: 'auth', ...urls, migrations })
 */
export async function openRuntime<DB>(options: RuntimeOptions): Promise<ServiceRuntime<DB>> {
  // Before the relay and the consumers start: their spans carry this process's name.
  startTracing(options.service);
  const log =
    options.log ??
    productLogger({
      service: options.service,
      ...(options.logLevel ? { level: options.logLevel } : {}),
    });
  const database = options.database ?? options.service;
  const migrateAtStart = options.migrateAtStart ?? migrateAtStartFromEnv();
  if (migrateAtStart) await ensureDatabase(options.postgresUrl, database);
  const db = createDb<DB & KitTables>(databaseUrl(options.postgresUrl, database));
  const migrations = { ...kitMigrations, ...options.migrations };
  if (migrateAtStart) await migrateToLatest(db as Kysely<unknown>, migrations);
  else await assertMigrated(db as Kysely<unknown>, migrations);

  const redis = createRedis(options.redisUrl);
  const nats = new NatsHandle(options.natsUrl, options.service, log, {
    ...(options.natsCredentials ? { credentials: options.natsCredentials } : {}),
    ...(options.natsStreams ? { streams: options.natsStreams } : {}),
  });
  await nats.connect();
  const relay = new OutboxRelay({
    db: db as unknown as Kysely<KitTables>,
    nats: () => nats.current,
    log,
    ...(options.outboxIntervalMs ? { intervalMs: options.outboxIntervalMs } : {}),
    ...(options.outboxRetentionSeconds !== undefined
      ? { retentionSeconds: options.outboxRetentionSeconds }
      : {}),
  });
  relay.start();

  const tokens = new SessionTokens(
    publicKeyFrom(options.sessionPublicKey),
    options.sessionPrivateKey ? privateKeyFrom(options.sessionPrivateKey) : undefined,
  );
  return {
    db,
    redis,
    nats,
    relay,
    sessions: { tokens, store: new SessionStore(redis) },
    log,
    readiness: {
      postgres: () => sql`SELECT 1`.execute(db),
      redis: () => redis.ping(),
    },
    // Without NATS, events wait in the outbox and consumers resume later: taking every replica out
    // of rotation on a NATS blip would turn a delay into an outage.
    degradable: { nats: () => nats.ping() },
    metrics: (registry) => registerOutboxMetrics(registry, db as unknown as Kysely<KitTables>),
    async close() {
      await relay.stop();
      await nats.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}
