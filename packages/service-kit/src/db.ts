import { Kysely, PostgresDialect } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import { postgresConnection } from './transport-security.js';
import { STORE_WAIT_MS, whileUnavailable } from './unavailable.js';

// COUNT(*) and BIGINT come back as strings by default; our counts fit comfortably in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** `postgres://host:5432` + `auth` -> `postgres://host:5432/auth`, keeping credentials and options. */
export function databaseUrl(postgresUrl: string, database: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Creates the service's own database when it does not exist yet. Safe when several replicas start
 * at once: losing the race (duplicate_database) is success.
 */
export async function ensureDatabase(postgresUrl: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Unsafe database name: ${database}`);
  const client = new pg.Client(postgresConnection(databaseUrl(postgresUrl, 'postgres')));
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${database}"`);
      } catch (error) {
        if (
          (error as { code?: string }).code !== '42P04' &&
          (error as { code?: string }).code !== '23505'
        )
          throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(postgresUrl: string, database: string): Promise<void> {
  const client = new pg.Client(postgresConnection(databaseUrl(postgresUrl, 'postgres')));
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * A Kysely instance on a pg pool that waits for Postgres: a connection refused or lost while the
 * server restarts or fails over is tried again (backing off) for up to `waitMs`, and a request
 * waiting for a free connection of a busy pool waits at most as long; past that the query fails
 * with an error the kit answers 503 (unavailable.ts), never a request hanging on forever.
 */
export function createDb<DB>(url: string, max = 10, waitMs = STORE_WAIT_MS): Kysely<DB> {
  const pool = new pg.Pool({
    ...postgresConnection(url),
    max,
    connectionTimeoutMillis: waitMs,
  });
  const watched = new WeakSet<pg.PoolClient>();
  // An idle client whose connection dies (a Postgres restart, a failover) is dropped from the
  // pool and replaced on next use; unhandled, pg would raise it as an uncaught error and crash.
  pool.on('error', (error) => {
    process.emitWarning(`idle Postgres connection lost: ${error.message}`);
  });
  const patientPool = {
    connect: async () => {
      const client = await whileUnavailable(() => pool.connect(), waitMs);
      // pg-pool listens for a client's errors only while it is idle: one checked out (between the
      // statements of a transaction) whose connection dies would raise an uncaught error and stop
      // the process. Its next query fails instead (answered 503), and the pool discards it.
      if (!watched.has(client)) {
        watched.add(client);
        client.on('error', () => undefined);
      }
      return client;
    },
    end: () => pool.end(),
    // Kysely 0.29 reads the pool's options (for the connection it cancels an aborted query on);
    // with no `Client` it cancels through a pooled connection. Nothing here aborts queries.
    options: pool.options,
  };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: patientPool }) });
}

/** Migrations listed in code (name -> migration), so a bundle or container needs no file scanning. */
class ListedMigrations implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

// The kit's own migrations (named 0000_...) sort before every service's; a kit migration added
// later must still run on a database whose service migrations already ran.
const migratorOf = (db: Kysely<unknown>, migrations: Record<string, Migration>) =>
  new Migrator({ db, provider: new ListedMigrations(migrations), allowUnorderedMigrations: true });

/**
 * Brings the schema up to date; throws (and so stops the process) if a migration fails. Kysely
 * takes an advisory lock, so replicas starting together migrate once.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
): Promise<void> {
  const { error, results } = await migratorOf(db, migrations).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${String((error as Error)?.message ?? error)}`);
  }
}

/**
 * Where a process stands with its migrations when it does not run them itself (MIGRATE_AT_START
 * false, as in Kubernetes, where the release's migration Job runs them before the rollout):
 * throws, naming them, when any is not applied yet, so a pod of a new release never serves on
 * an old schema.
 */
export async function assertMigrated(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
): Promise<void> {
  const pending = (await migratorOf(db, migrations).getMigrations()).filter(
    (m) => m.executedAt === undefined,
  );
  if (pending.length > 0) {
    throw new Error(
      `${pending.length} migration(s) not applied (${pending.map((m) => m.name).join(', ')}): ` +
        "run this release's migration Job (`node main.mjs migrate`) first",
    );
  }
}

/** True for Postgres' unique_violation: the database settled a race (e.g. two sign-ups, one email). */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '23505';
