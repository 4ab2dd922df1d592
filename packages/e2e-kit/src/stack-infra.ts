/**
 * The stores an e2e stack runs on: the infrastructure handed over or provisioned, a NATS server of
 * the run's own, and dropping the run's databases afterwards.
 */
import { natsServerBinary, startPrivateNats } from '@pv/service-kit/testing';
import { type Infra, provisionInfra } from '@pv/stack/infra';
import pg from 'pg';

export async function dropDatabases(postgresUrl: string, names: string[]): Promise<void> {
  const url = new URL(postgresUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    for (const name of names) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      // FORCE (PostgreSQL 13+) ends connections a killed earlier run may have left open.
      await client
        .query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`)
        .catch(() => client.query(`DROP DATABASE IF EXISTS ${quoted}`));
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The run's own nats-server. The event streams and durable consumer names are the product's
 * (`EVENTS`, `analytics-logins`, ...), so on the machine's NATS an e2e run would read what
 * `npm start` published and move its consumers' positions (and the other way round); Redis has
 * the run's key prefix and Postgres its databases, NATS gets a server of its own. Without a
 * nats-server binary (NATS from a container) the run says so and shares the machine's.
 */
export async function privateEventBroker(): Promise<
  { url: string; dispose: () => Promise<void> } | undefined
> {
  if (!natsServerBinary()) {
    process.stderr.write(
      '[e2e] no nats-server binary (NATS_SERVER_BIN): the stack shares the NATS of NATS_URL\n',
    );
    return undefined;
  }
  return startPrivateNats();
}

/** The infrastructure the test pipeline handed over, or found/started as `npm start` would. */
export async function infraFromEnvironment(): Promise<Infra> {
  const { POSTGRES_URL, REDIS_URL, NATS_URL } = process.env;
  if (POSTGRES_URL && REDIS_URL && NATS_URL) {
    return {
      postgresUrl: POSTGRES_URL,
      redisUrl: REDIS_URL,
      natsUrl: NATS_URL,
      natsServerBin: undefined,
      summary: { postgres: 'POSTGRES_URL', redis: 'REDIS_URL', nats: 'NATS_URL' },
      stop: async () => {},
    };
  }
  // Servers on the standard ports, else private instances this process owns until stop().
  return provisionInfra({ mode: 'test' });
}
