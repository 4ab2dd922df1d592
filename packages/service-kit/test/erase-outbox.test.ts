import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, databaseUrl, migrateToLatest } from '../src/db.js';
import { enqueueEvent, eraseOutboxOf, type KitTables, kitMigrations } from '../src/events/index.js';
import { createTestDatabase, testInfra } from '../src/testing/index.js';

let db: Kysely<KitTables>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase('kit_erase_outbox');
  db = createDb<KitTables>(databaseUrl(testInfra.postgresUrl, database.name));
  await migrateToLatest(db as Kysely<unknown>, kitMigrations);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const staff = {
  actorId: randomUUID(),
  actorEmail: 'chefe@clinica.test',
  ipAddress: '203.0.113.5',
};

describe('eraseOutboxOf (LGPD erasure of a user)', () => {
  it("erases the user's pending and dead-lettered events but keeps every record of staff access", async () => {
    const userId = randomUUID();
    const email = `apagada.${Date.now().toString(36)}@clinica.test`;
    const changed = await enqueueEvent(db, 'auth.user.logged-in.v1', {
      userId,
      ipAddress: '198.51.100.1',
      userAgent: 'Mozilla/5.0 (Teste)',
    });
    // What @pv/service-clients' recordStaffAccess enqueues (the kit does not import that package).
    await enqueueEvent(db, 'audit.access.recorded.v1', {
      ...staff,
      service: 'auth',
      action: 'user.profile.view',
      targetType: 'user',
      targetId: userId,
      details: {},
    });
    // Two letters the broker refused for good: one about the user, one of who looked at them.
    const deadOf = (subject: string, payload: object) => ({
      id: randomUUID(),
      subject,
      payload: JSON.stringify(payload),
      occurred_at: new Date(),
      failed_at: new Date(),
      error: 'maximum payload exceeded',
    });
    const deadChange = deadOf('auth.user.changed.v1', { user: { id: userId, email } });
    const deadAudit = deadOf('audit.access.recorded.v1', {
      ...staff,
      action: 'user.password.reset',
      targetType: 'user',
      targetId: userId,
      service: 'auth',
      details: {},
    });
    await db.insertInto('outbox_dead_letters').values([deadChange, deadAudit]).execute();

    await db.transaction().execute((trx) => eraseOutboxOf(trx, { userId, email }));

    const pending = await db.selectFrom('outbox_events').select(['id', 'subject']).execute();
    expect(pending.map((row) => row.id)).not.toContain(changed.id);
    expect(pending.map((row) => row.subject)).toContain('audit.access.recorded.v1');
    const dead = await db.selectFrom('outbox_dead_letters').select('id').execute();
    expect(dead.map((row) => row.id)).toEqual([deadAudit.id]);
  });
});
