// What `kubectl exec deploy/<service> -- node dist/main.mjs dead-letters ...` runs: the service's
// entry (server.ts, which the image bundles as dist/main.mjs) given the argument, against a
// database of this test.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { type KitTables, kitMigrations } from '@pv/service-kit/events';
import { createDb, databaseUrl, migrateToLatest } from '@pv/service-kit/runtime';
import { createTestDatabase, scaled, testInfra, testSessionKeys } from '@pv/service-kit/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './shipped.js';

const run = promisify(execFile);
const entry = path.join(root, 'services/support/src/server.ts');
let db: Kysely<KitTables>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase('exec_dead_letters');
  db = createDb<KitTables>(databaseUrl(testInfra.postgresUrl, database.name));
  await migrateToLatest(db as Kysely<unknown>, kitMigrations);
}, scaled(120_000));
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** The container's environment: its own configuration; no HTTP port is ever opened. */
function exec(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', entry, 'dead-letters', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      POSTGRES_URL: testInfra.postgresUrl,
      SUPPORT_DATABASE: database.name,
      REDIS_URL: 'redis://127.0.0.1:1',
      NATS_URL: 'nats://127.0.0.1:1',
      SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
      PORT: '1',
    },
    timeout: scaled(20_000),
  });
}

describe('dead-letters inside a service container', () => {
  it('lists and replays with the service own configuration, touching only its database', async () => {
    const id = randomUUID();
    await db
      .insertInto('outbox_dead_letters')
      .values({
        id,
        subject: 'auth.user.changed.v1',
        payload: JSON.stringify({ email: 'joana.prado@paciente.test' }),
        occurred_at: new Date(),
        failed_at: new Date(),
        error: 'Error: maximum payload exceeded',
      })
      .execute();

    const listed = await exec('list');
    expect(listed.stdout).toMatch(
      new RegExp(`^support\\t${id}\\tauth\\.user\\.changed\\.v1\\t\\d+s\\t\\d+B\\t`),
    );
    expect(listed.stdout).toContain('maximum payload exceeded');
    expect(listed.stdout).not.toContain('joana');

    expect((await exec('replay', '--id', id)).stdout).toBe(`support\treplayed\t${id}\n`);
    const back = await db
      .selectFrom('outbox_events')
      .select(['id', 'published_at'])
      .where('id', '=', id)
      .execute();
    expect(back).toEqual([{ id, published_at: null }]);
    expect((await exec('list')).stdout).toBe('support: no dead letters\n');
  });

  it('exits 1 with the usage on a bad command', async () => {
    const failed = await exec('replay').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain(
      'replay needs --id <event id> or --all',
    );
  });
});
