// scripts/backup.mjs and scripts/restore.mjs against the real Postgres, on a scratch database owned
// by a scratch role the way a service's is: back up, change, restore to the earlier dump, and the
// rows, their owner and a reconnecting client all come back as they were.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { databaseUrl } from '@pv/service-kit/runtime';
import { databaseOwners } from '@pv/stack/catalog';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './shipped.js';

const exec = promisify(execFile);
const SERVER = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const db = `bk_${randomBytes(3).toString('hex')}`;
const dir = mkdtempSync(path.join(tmpdir(), 'pv-backups-'));

async function query<T extends pg.QueryResultRow>(database: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(SERVER, database) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const script = (name: string, args: string[]) =>
  exec(process.execPath, [
    path.join(root, 'scripts', name),
    '--server',
    SERVER,
    '--dir',
    dir,
    ...args,
  ]);
const names = async () =>
  (await query<{ name: string }>(db, 'SELECT name FROM items ORDER BY name')).map((r) => r.name);

beforeAll(async () => {
  await query('postgres', `CREATE ROLE "${db}" LOGIN`);
  await query('postgres', `CREATE DATABASE "${db}" OWNER "${db}"`);
  await query(db, `SET ROLE "${db}"; CREATE TABLE items (name text PRIMARY KEY)`);
  await query(db, `INSERT INTO items VALUES ('a'), ('b'), ('c')`);
});

afterAll(async () => {
  const leftovers = await query<{ datname: string }>(
    'postgres',
    `SELECT datname FROM pg_database WHERE datname LIKE '${db}%'`,
  );
  for (const { datname } of leftovers) {
    await query('postgres', `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  await query('postgres', `DROP ROLE IF EXISTS "${db}"`);
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore scripts', () => {
  it("back up every service's database by default", async () => {
    const { SERVICE_DATABASES } = await import(path.join(root, 'scripts/pg-backups.mjs'));
    expect(SERVICE_DATABASES).toEqual(databaseOwners().map((p) => p.database));
  });

  it('restore a database to an earlier dump while a client is connected to it', async () => {
    const first = await script('backup.mjs', ['--databases', db]);
    expect(first.stdout).toMatch(new RegExp(`^${db} .+\\.dump \\d+\\n$`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await query(db, `DELETE FROM items WHERE name = 'b'; INSERT INTO items VALUES ('d'), ('e')`);
    await script('backup.mjs', ['--databases', db]);
    expect(await names()).toEqual(['a', 'c', 'd', 'e']);

    // A service's pool holds a connection across the restore; it must be closed, not left on the old copy.
    const held = new pg.Client({ connectionString: databaseUrl(SERVER, db) });
    await held.connect();
    held.on('error', () => undefined);
    const restored = await script('restore.mjs', ['--database', db, '--at', between]);
    expect(restored.stdout).toMatch(new RegExp(`^restored ${db} .+ ${db}_before_\\w+\\n$`));
    await expect(held.query('SELECT 1')).rejects.toThrow();
    await held.end().catch(() => undefined);

    expect(await names()).toEqual(['a', 'b', 'c']);
    const [owner] = await query<{ tableowner: string }>(
      db,
      `SELECT tableowner FROM pg_tables WHERE tablename = 'items'`,
    );
    expect(owner?.tableowner).toBe(db);
    const previous = restored.stdout.trim().split(' ').at(-1)!;
    expect(await query<{ name: string }>(previous, 'SELECT name FROM items ORDER BY name')).toEqual(
      ['a', 'c', 'd', 'e'].map((name) => ({ name })),
    );
  });

  it('keep only the newest --keep dumps of each database', async () => {
    for (let i = 0; i < 3; i++) await script('backup.mjs', ['--databases', db, '--keep', '2']);
    expect(readdirSync(path.join(dir, db)).filter((f) => f.endsWith('.dump'))).toHaveLength(2);
  });

  it('fail without touching the live database when the dump cannot be restored', async () => {
    const before = await names();
    await expect(
      script('restore.mjs', ['--database', db, '--file', path.join(dir, 'missing.dump')]),
    ).rejects.toThrow();
    await expect(
      script('restore.mjs', ['--database', db, '--at', '2000-01-01T00:00:00Z']),
    ).rejects.toThrow(/no dump/);
    expect(await names()).toEqual(before);
  });
});
