import { randomUUID } from 'node:crypto';
import { type KitTables, kitMigrations } from '@pv/service-kit/events';
import { createDb, databaseUrl, migrateToLatest } from '@pv/service-kit/runtime';
import { createTestDatabase, testInfra } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_SERVICES, runDeadLetters } from '../src/dead-letters.js';

let db: ReturnType<typeof createDb<KitTables>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase('stack_dead_letters');
  db = createDb<KitTables>(databaseUrl(testInfra.postgresUrl, database.name));
  await migrateToLatest(db as Parameters<typeof migrateToLatest>[0], kitMigrations);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

async function deadLetter(payload: unknown) {
  const id = randomUUID();
  await db
    .insertInto('outbox_dead_letters')
    .values({
      id,
      subject: 'phi.consult.formatted.v1',
      payload: JSON.stringify(payload),
      occurred_at: new Date(Date.now() - 3_600_000),
      failed_at: new Date(Date.now() - 600_000),
      error: 'OversizedEventError: event of 70000000 bytes needs 70 parts (at most 64)',
    })
    .execute();
  return id;
}

/** `npm run dead-letters -- ...` against this test's database standing in for support's. */
async function run(...args: string[]) {
  const lines: string[] = [];
  const code = await runDeadLetters(args, {
    postgresUrl: testInfra.postgresUrl,
    databases: { support: database.name },
    out: (line) => lines.push(line),
  });
  return { code, lines };
}

describe('npm run dead-letters (issue 15 follow-up)', () => {
  it('knows every service that has an outbox, from the catalog', () => {
    expect(OUTBOX_SERVICES.map((s) => s.service)).toEqual(
      expect.arrayContaining([
        'auth',
        'formatting',
        'documents',
        'billing',
        'support',
        'vault',
        'analytics',
      ]),
    );
    expect(OUTBOX_SERVICES.map((s) => s.service)).not.toContain('gateway');
  });

  it("lists, replays and deletes one service's dead letters, never printing a payload", async () => {
    const kept = await deadLetter({ rawTranscript: 'Paciente Joana Prado, 54 anos' });
    const dropped = await deadLetter({ rawTranscript: 'Paciente Joana Prado, retorno' });

    const listed = await run('list', '--service', 'support');
    expect(listed.code).toBe(0);
    expect(listed.lines).toHaveLength(2);
    for (const line of listed.lines) {
      expect(line).toMatch(/^support\t[0-9a-f-]{36}\tphi\.consult\.formatted\.v1\t10min\t\d+B\t/);
      expect(line).toContain('needs 70 parts');
      expect(line).not.toContain('Joana');
    }

    expect(await run('replay', '--service', 'support', '--id', kept)).toEqual({
      code: 0,
      lines: [`support\treplayed\t${kept}`],
    });
    const back = await db
      .selectFrom('outbox_events')
      .selectAll()
      .where('id', '=', kept)
      .executeTakeFirstOrThrow();
    expect(back).toMatchObject({ subject: 'phi.consult.formatted.v1', published_at: null });
    expect(back.payload).toEqual({ rawTranscript: 'Paciente Joana Prado, 54 anos' });

    expect(await run('delete', '--service=support', `--id=${dropped}`)).toEqual({
      code: 0,
      lines: [`support\tdeleted\t${dropped}`],
    });
    expect(await db.selectFrom('outbox_dead_letters').select('id').execute()).toEqual([]);
    expect((await run('list', '--service', 'support')).lines).toEqual(['no dead letters']);
    expect((await run('delete', '--service', 'support', '--id', dropped)).lines).toEqual([
      `support: no dead letter ${dropped} to delete`,
    ]);
  });

  it('refuses a replay or delete without a service, an unknown service or command', async () => {
    const id = randomUUID();
    expect((await run('replay', '--id', id)).code).toBe(2);
    expect((await run('delete', '--all')).code).toBe(2);
    expect((await run('list', '--service', 'gateway')).code).toBe(2);
    expect((await run('purge', '--service', 'support')).code).toBe(2);
  });
});
