import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { assertMigrated, createDb, databaseUrl, migrateToLatest } from '../src/db.js';
import { migrateAtStartFromEnv } from '../src/runtime.js';
import { createTestDatabase, testInfra } from '../src/testing/index.js';

// In Kubernetes the release's migration Job migrates and the pods only check (MIGRATE_AT_START
// false): a pod of a new release must refuse an old schema instead of serving on it.
const migrations = {
  '0001_things': {
    up: async (db: Kysely<unknown>) => {
      await sql`CREATE TABLE things (id int PRIMARY KEY)`.execute(db);
    },
    down: async (db: Kysely<unknown>) => {
      await sql`DROP TABLE things`.execute(db);
    },
  },
};
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('migrations when a process does not run them itself', () => {
  it('refuses a database whose migrations have not run, naming them; accepts it after', async () => {
    const database = await createTestDatabase('migrate_check');
    cleanups.push(database.drop);
    const db = createDb<unknown>(databaseUrl(testInfra.postgresUrl, database.name));
    cleanups.push(() => db.destroy());
    await expect(assertMigrated(db, migrations)).rejects.toThrow(/0001_things.*migration Job/);
    await migrateToLatest(db, migrations);
    await expect(assertMigrated(db, migrations)).resolves.toBeUndefined();
  });

  it('migrates at start unless MIGRATE_AT_START is false', () => {
    expect(migrateAtStartFromEnv({})).toBe(true);
    expect(migrateAtStartFromEnv({ MIGRATE_AT_START: 'true' })).toBe(true);
    expect(migrateAtStartFromEnv({ MIGRATE_AT_START: 'false' })).toBe(false);
  });
});
