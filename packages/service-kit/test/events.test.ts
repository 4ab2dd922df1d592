import type { EventEnvelope } from '@pv/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, databaseUrl, migrateToLatest } from '../src/db.js';
import { type KitTables, kitMigrations, processOnce } from '../src/events/index.js';
import { createTestDatabase, testInfra } from '../src/testing/index.js';

interface Db extends KitTables {
  tally: { n: number };
}
let db: Kysely<Db>;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase('kit');
  drop = database.drop;
  db = createDb<Db>(databaseUrl(testInfra.postgresUrl, database.name));
  await migrateToLatest(db as Kysely<unknown>, {
    ...kitMigrations,
    '0001_tally': {
      up: async (d: Kysely<unknown>) => {
        await d.schema
          .createTable('tally')
          .addColumn('n', 'integer', (c) => c.notNull())
          .execute();
      },
    },
  });
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

const event = (id: string): EventEnvelope => ({
  id,
  subject: 'auth.user.logged-in.v1',
  occurredAt: new Date().toISOString(),
  payload: {},
});

describe('processOnce', () => {
  it('applies an event once however often it is delivered, also concurrently', async () => {
    const e = event('11111111-1111-4111-8111-111111111111');
    const apply = () =>
      processOnce(
        db,
        e,
        async (trx) => void (await trx.insertInto('tally').values({ n: 1 }).execute()),
      );
    const results = await Promise.all([apply(), apply(), apply()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await apply()).toBe(false);
    const rows = await db.selectFrom('tally').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('leaves no trace when the effects fail, so the redelivery is applied', async () => {
    const e = event('22222222-2222-4222-8222-222222222222');
    await expect(
      processOnce(db, e, async (trx) => {
        await trx.insertInto('tally').values({ n: 2 }).execute();
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect(
      await processOnce(
        db,
        e,
        async (trx) => void (await trx.insertInto('tally').values({ n: 2 }).execute()),
      ),
    ).toBe(true);
    expect(await db.selectFrom('tally').selectAll().where('n', '=', 2).execute()).toHaveLength(1);
  });
});
