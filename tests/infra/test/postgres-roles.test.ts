// The roles SQL generated from the catalog, run with psql on the real Postgres under scratch names:
// each role owns its database, migrates it with the kit, and cannot connect to another's.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { kitMigrations } from '@pv/service-kit/events';
import { createDb, databaseUrl, ensureDatabase, migrateToLatest } from '@pv/service-kit/runtime';
import { databaseOwners, postgresRolesSql, rolePasswordVariable } from '@pv/stack/catalog';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const prefix = `roles_${randomBytes(3).toString('hex')}_`;
const owners = databaseOwners().map((p) => p.database);
const asRole = (role: string) => {
  const url = new URL(SERVER);
  url.username = role;
  url.password = 'pw';
  return url.toString();
};

function runRolesSql(): void {
  const vars = owners.flatMap((db) => ['-v', `${rolePasswordVariable(db)}=pw-${db}`]);
  const result = spawnSync(
    'psql',
    [databaseUrl(SERVER, 'postgres'), '-v', 'ON_ERROR_STOP=1', '-q', ...vars],
    { input: postgresRolesSql(prefix), encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
}

async function superuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(SERVER, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(() => {
  runRolesSql();
  // Idempotent: a second run (password rotation) must not fail.
  runRolesSql();
});

afterAll(async () => {
  await superuser(async (client) => {
    for (const db of owners) {
      await client.query(`DROP DATABASE IF EXISTS "${prefix}${db}" WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS "${prefix}${db}"`);
    }
  });
});

describe('Postgres roles from the catalog', () => {
  it('makes one login role per service that owns its database and may create nothing else', async () => {
    const rows = await superuser(async (client) => {
      const result = await client.query<{
        datname: string;
        owner: string;
        rolcreatedb: boolean;
        rolsuper: boolean;
      }>(
        `SELECT d.datname, r.rolname AS owner, r.rolcreatedb, r.rolsuper
           FROM pg_database d JOIN pg_roles r ON r.oid = d.datdba
          WHERE d.datname LIKE $1 ORDER BY d.datname`,
        [`${prefix}%`],
      );
      return result.rows;
    });
    expect(rows.map((r) => r.datname).sort()).toEqual(owners.map((db) => `${prefix}${db}`).sort());
    for (const row of rows) {
      expect(row.owner).toBe(row.datname);
      expect(row.rolcreatedb).toBe(false);
      expect(row.rolsuper).toBe(false);
    }
  });

  it("lets a service migrate its own database the way it does at boot, and sets each role's password", async () => {
    const role = `${prefix}billing`;
    // The kit connects to the server's `postgres` database first to see that its database exists.
    await ensureDatabase(asRole(role), role);
    const db = createDb<unknown>(databaseUrl(asRole(role), role), 2);
    try {
      await migrateToLatest(db, kitMigrations);
      const tables = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tableowner = ${role}`.execute(
        db,
      );
      expect(tables.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
    const hashes = await superuser(async (client) =>
      client.query<{ rolname: string; has: boolean }>(
        `SELECT rolname, rolpassword IS NOT NULL AS has FROM pg_authid WHERE rolname LIKE $1`,
        [`${prefix}%`],
      ),
    );
    expect(hashes.rows.filter((r) => r.has)).toHaveLength(owners.length);
  });

  it("refuses a service's role the database of another service", async () => {
    const client = new pg.Client({
      connectionString: databaseUrl(asRole(`${prefix}formatting`), `${prefix}vault`),
    });
    await expect(client.connect()).rejects.toThrow(/permission denied for database/);
    await client.end().catch(() => undefined);
  });
});
