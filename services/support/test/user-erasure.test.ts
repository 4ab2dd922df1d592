import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@pv/contracts';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SupportUnderTest, startSupport, ticketForm } from './harness.js';

let support: SupportUnderTest;
beforeAll(async () => {
  support = await startSupport({}, { consumer: true });
});
afterAll(() => support.close());

const userEvent = (
  change: 'registered' | 'updated' | 'deleted',
  id: string,
  email: string,
): EventPayload<'auth.user.changed.v1'> => ({
  change,
  user: {
    id,
    firstName: 'Ana',
    lastName: 'Souza',
    fullName: 'Ana Souza',
    email,
    isAdmin: false,
    isPremium: false,
    userStatus: 'active',
    specialty: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    lastLoginAt: null,
  },
});

const ticketsWhere = (column: 'user_id' | 'contact_email', value: string) =>
  support.runtime.db.selectFrom('support_tickets').select('id').where(column, '=', value).execute();

describe('auth.user.changed.v1 deleted (LGPD erasure)', () => {
  it("deletes the user's tickets and those sent anonymously from the user's email", async () => {
    const user = await support.as('free');
    const email = `ana.${randomUUID().slice(0, 8)}@clinica.test`;
    const bystander = await support.as('free');
    for (let i = 0; i < 2; i++)
      expect(
        (await user.post('/api/support/create-ticket', ticketForm({ contactEmail: email }))).status,
      ).toBe(201);
    // Sent before signing in, with the same address in another case.
    await support
      .anonymous()
      .post('/api/support/create-ticket', ticketForm({ contactEmail: email.toUpperCase() }));
    const kept = await bystander.post('/api/support/create-ticket', ticketForm());
    expect(kept.status).toBe(201);

    // Only deletions matter: a registration or an update erases nothing.
    await support.emit('auth.user.changed.v1', userEvent('updated', user.userId, email));
    const deleted = await support.emit(
      'auth.user.changed.v1',
      userEvent('deleted', user.userId, email),
    );

    await eventually(async () => (await ticketsWhere('user_id', user.userId)).length === 0);
    const sameEmail = await support.runtime.db
      .selectFrom('support_tickets')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['contact_email']), '=', email))
      .execute();
    expect(sameEmail).toEqual([]);
    expect(await ticketsWhere('user_id', bystander.userId)).toHaveLength(1);

    // Recorded once; the admin's view of the user is empty.
    const processed = await support.runtime.db
      .selectFrom('processed_events')
      .select('event_id')
      .where('event_id', '=', deleted.id)
      .execute();
    expect(processed).toHaveLength(1);
    const admin = await support.as('admin');
    expect((await admin.get(`/api/admin/support-tickets/${user.userId}`)).body).toEqual([]);
  });

  it('a deletion published while the service was down is applied when it returns', async () => {
    const user = await support.as('free');
    const email = `jose.${randomUUID().slice(0, 8)}@clinica.test`;
    await user.post('/api/support/create-ticket', ticketForm({ contactEmail: email }));
    await support.stopConsumer();
    await support.emit('auth.user.changed.v1', userEvent('deleted', user.userId, email));
    await new Promise((r) => setTimeout(r, 300));
    expect(await ticketsWhere('user_id', user.userId)).toHaveLength(1);
    await support.startConsumer();
    await eventually(async () => (await ticketsWhere('user_id', user.userId)).length === 0);
  });
});
