import type { UserChangedPayload } from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { eventually } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as announceUsers } from '../src/db/migrations/2026_11_26_1500_announce_users.js';
import type { UserRow } from '../src/db/schema.js';
import { toChangedUser } from '../src/users/user.mapper.js';

/** The migration is frozen before issue 23: its payload has no verification (read as pendente). */
function beforeIssue23(row: UserRow) {
  const { professionalVerification: _added, ...user } = toChangedUser(row);
  return user;
}

import { findUserById } from '../src/users/user.repository.js';
import { type AuthUnderTest, collectEvents, startAuth, uniqueEmail } from './harness.js';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.close());

describe('the release migration announcing every account once', () => {
  it('publishes each account as toChangedUser states it, registry included, so projections start complete', async () => {
    const nc = await connectNats(auth.config.NATS_URL, 'test-announce-users');
    const events = await collectEvents(nc, `test-announce-${Date.now()}`, ['auth.user.changed.v1']);
    // An account written before any event carried the registry: straight into the table.
    const inserted = await sql<{ id: string }>`
      INSERT INTO users (email, password_hash, first_name, last_name, full_name, specialty,
        professional_registry, registry_number, registry_uf, rqe, clinic_phone, clinic_address,
        subscription_status, last_login_at, created_at)
      VALUES (${uniqueEmail('antiga')}, 'x', 'Joana', 'Antiga Lima', 'Joana Antiga Lima',
        'pediatria', 'CRM', '123456', 'MG', '98765', '(31) 3222-1111', 'Av. Afonso Pena, 1',
        'active', '2026-03-04T05:06:07.089Z', '2025-01-02T03:04:05.678Z')
      RETURNING id`.execute(auth.runtime.db);
    const id = inserted.rows[0]!.id;

    await announceUsers(auth.runtime.db as never);
    auth.runtime.relay.kick();
    const announced = await eventually(async () =>
      events.received.find((e) => (e.payload as UserChangedPayload).user.id === id),
    );
    const row = await findUserById(auth.runtime.db, id);
    expect(announced.payload).toEqual({ change: 'updated', user: beforeIssue23(row!) });
    expect((announced.payload as UserChangedPayload).user).toMatchObject({
      professionalRegistry: 'CRM',
      registryNumber: '123456',
      registryUf: 'MG',
      rqe: '98765',
      isPremium: true,
      createdAt: '2025-01-02T03:04:05.678Z',
      lastLoginAt: '2026-03-04T05:06:07.089Z',
    });
    // Every other account (the seeded admin) is announced too, exactly as auth states it.
    const admin = await eventually(async () =>
      events.received.find((e) => {
        const { change, user } = e.payload as UserChangedPayload;
        return change === 'updated' && user.isAdmin;
      }),
    );
    const adminRow = await findUserById(
      auth.runtime.db,
      (admin.payload as UserChangedPayload).user.id,
    );
    expect(admin.payload).toEqual({ change: 'updated', user: beforeIssue23(adminRow!) });
    await events.stop();
    await nc.close();
  });
});
