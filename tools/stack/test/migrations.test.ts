import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type KitMigration, kitMigrations } from '@pv/service-kit/events';
import { createDb, databaseUrl, migrateToLatest } from '@pv/service-kit/runtime';
import { createTestDatabase, scaled, testInfra } from '@pv/service-kit/testing';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.js';

// The rule of docs/releasing.md: every migration (the services' and the kit's own `0000_*`) either
// has a `down` or says, in an exported `irreversible`, why it cannot have one. A new migration
// without either fails here; and the downs are run for real (up -> down -> up) on a database of
// their own, so a `down` that does not undo its `up` fails too.
const migrationFiles = readdirSync(path.join(repoRoot, 'services')).flatMap((service) => {
  const dir = path.join(repoRoot, 'services', service, 'src', 'db', 'migrations');
  try {
    return readdirSync(dir)
      .filter((file) => /^\d{4}_\d{2}_\d{2}_\d{4}_.+\.ts$/.test(file))
      .map((file) => path.join(dir, file));
  } catch {
    return [];
  }
});

/** One of the two, never both: a reason long enough for a reader to act on. */
function expectDownOrWhy(migration: { down?: unknown; irreversible?: unknown }) {
  const hasDown = typeof migration.down === 'function';
  const why = typeof migration.irreversible === 'string' ? migration.irreversible : '';
  // An `irreversible` next to a `down` would contradict itself.
  expect(hasDown !== why.length > 0, 'exactly one of `down` and `irreversible`').toBe(true);
  if (!hasDown) expect(why.length, 'a reason a reader can act on').toBeGreaterThan(40);
}

describe('service migrations', () => {
  it('are found in every service that has a database', () => {
    expect(migrationFiles.length).toBeGreaterThanOrEqual(23);
  });

  it.each(migrationFiles.map((file) => [path.relative(repoRoot, file), file]))(
    '%s has a down or says why it is irreversible',
    async (_name, file) => {
      expectDownOrWhy((await import(file)) as { down?: unknown; irreversible?: unknown });
    },
  );
});

describe("the kit's own migrations (0000_*)", () => {
  it.each(Object.entries(kitMigrations))('%s has a down or says why it is irreversible', (_n, m) =>
    expectDownOrWhy(m),
  );
});

/** Tables, columns (type, nullability, default) and indexes: what a down must give back. */
async function schemaOf(db: Kysely<unknown>): Promise<string[]> {
  const columns = await sql<{ line: string }>`
    SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
      coalesce(column_default, '') AS line
    FROM information_schema.columns WHERE table_schema = 'public'
      AND table_name NOT LIKE 'kysely_%'`.execute(db);
  const indexes = await sql<{ line: string }>`
    SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public'
      AND tablename NOT LIKE 'kysely_%'`.execute(db);
  return [...columns.rows, ...indexes.rows].map((r) => r.line).sort();
}

type Migrations = Record<string, KitMigration>;
const services = readdirSync(path.join(repoRoot, 'services')).filter((service) =>
  migrationFiles.some((file) => file.includes(`${path.sep}${service}${path.sep}`)),
);

describe('every service migration with a down, run up -> down -> up on a database of its own', () => {
  it.each(services)('%s', { timeout: scaled(120_000) }, async (service) => {
    const index = (await import(
      path.join(repoRoot, 'services', service, 'src', 'db', 'migrations', 'index.ts')
    )) as Record<string, Migrations>;
    // A service whose migrations need their dependencies (documents: the key wrapper and the
    // bucket of the re-encrypting migration) exports a function of them: none on an empty database.
    const exported = Object.values(index).find(
      (v) => (typeof v === 'object' && v !== null) || typeof v === 'function',
    ) as Migrations | ((deps: Record<string, undefined>) => Migrations) | undefined;
    const own =
      typeof exported === 'function' ? exported({ keys: undefined, objects: undefined }) : exported;
    expect(own, `services/${service} exports its migrations`).toBeDefined();
    const migrations: Migrations = { ...kitMigrations, ...own };
    const database = await createTestDatabase(`updown_${service}`);
    const db = createDb<unknown>(databaseUrl(testInfra.postgresUrl, database.name), 2);
    try {
      await migrateToLatest(db, migrations);
      const upSchema = await schemaOf(db);
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        allowUnorderedMigrations: true,
      });
      // Down from the newest while the newest applied one has a down: an irreversible one ends
      // the walk (Kysely would otherwise just forget it ran).
      const applied = (await migrator.getMigrations())
        .filter((m) => m.executedAt !== undefined)
        .sort((a, b) => b.name.localeCompare(a.name));
      let undone = 0;
      for (const info of applied) {
        if (typeof migrations[info.name]?.down !== 'function') break;
        const { error, results } = await migrator.migrateDown();
        expect(error, `${info.name} down`).toBeUndefined();
        expect(results?.[0]?.migrationName).toBe(info.name);
        undone += 1;
      }
      await migrateToLatest(db, migrations);
      expect(await schemaOf(db), `${undone} down(s) then up again give the same schema`).toEqual(
        upSchema,
      );
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
