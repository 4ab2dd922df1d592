import type { UserChangedPayload, UserLoggedInPayload } from '@pv/contracts';
import { connectNats, ensureEventStream } from '@pv/service-kit/events';
import { eventually, startPrivateNats } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthUnderTest,
  adminLogin,
  Client,
  collectEvents,
  newUser,
  startAuth,
  uniqueEmail,
} from './harness.js';

describe('auth.user.logged-in.v1 and auth.user.changed.v1', () => {
  let auth: AuthUnderTest;
  beforeAll(async () => {
    auth = await startAuth();
  });
  afterAll(() => auth.close());

  it('a login published while its durable consumer is offline is received once it connects', async () => {
    const nc = await connectNats(auth.config.NATS_URL, 'test-consumer');
    const durable = `test-logins-${Date.now()}`;
    // The consumer exists, then goes offline.
    const first = await collectEvents(nc, durable, ['auth.user.logged-in.v1']);
    await first.pause();
    const { id, email, password } = await newUser(auth.url);
    await new Client(auth.url, { 'user-agent': 'Offline/1.0' }).login(email, password);

    const back = await collectEvents(nc, durable, ['auth.user.logged-in.v1']);
    const events = await eventually(async () => {
      const mine = back.received.filter((e) => (e.payload as UserLoggedInPayload).userId === id);
      return mine.length >= 2 ? mine : undefined; // registration signs in, then the explicit login
    });
    expect(events[1]!.payload).toEqual({
      userId: id,
      ipAddress: '127.0.0.1',
      userAgent: 'Offline/1.0',
    });
    expect(events[1]).toMatchObject({ subject: 'auth.user.logged-in.v1' });
    expect(Date.parse(events[1]!.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
    await back.stop();
    await nc.close();
  });

  it('publishes registered, updated and deleted changes with the fields other services need', async () => {
    const nc = await connectNats(auth.config.NATS_URL, 'test-changes');
    const events = await collectEvents(nc, `test-changes-${Date.now()}`, ['auth.user.changed.v1']);
    const { client, id } = await newUser(auth.url);
    await client.put('/api/profile', {
      fullName: 'Ana Paula Souza',
      specialty: 'nutricionista',
      professionalRegistry: 'CRN',
      registryNumber: '12.345',
      registryUf: 'SP',
      rqe: null,
      clinicPhone: '(11) 3333-4444',
      clinicAddress: 'Rua das Flores, 10 - São Paulo/SP',
    });
    const admin = new Client(auth.url);
    await adminLogin(admin);
    await admin.delete(`/api/admin/users/${id}`);
    const mine = await eventually(async () => {
      const list = events.received.filter((e) => (e.payload as UserChangedPayload).user.id === id);
      return list.length >= 3 ? list : undefined;
    });
    expect(mine.map((e) => (e.payload as UserChangedPayload).change)).toEqual([
      'registered',
      'updated',
      'deleted',
    ]);
    expect((mine[1]!.payload as UserChangedPayload).user).toMatchObject({
      fullName: 'Ana Paula Souza',
      specialty: 'nutricionista',
      isAdmin: false,
      isPremium: false,
      userStatus: 'active',
      // The identity documents prints comes with the event (documents keeps a projection).
      professionalRegistry: 'CRN',
      registryNumber: '12345',
      registryUf: 'SP',
      rqe: null,
      clinicPhone: '(11) 3333-4444',
      clinicAddress: 'Rua das Flores, 10 - São Paulo/SP',
    });
    await events.stop();
    await nc.close();
  });
});

describe('the outbox', () => {
  let nats: Awaited<ReturnType<typeof startPrivateNats>>;
  let auth: AuthUnderTest;
  beforeAll(async () => {
    nats = await startPrivateNats();
    auth = await startAuth({ NATS_URL: nats.url });
  });
  afterAll(async () => {
    await auth.close();
    await nats.stop();
  });

  it('publishes a change committed while NATS is stopped once NATS returns', async () => {
    await nats.stop();
    const email = uniqueEmail();
    const res = await new Client(auth.url).post('/auth/register', {
      firstName: 'Durante',
      lastName: 'Queda',
      email,
      password: 'Segredo-forte-1',
    });
    expect(res.status).toBe(201); // the write does not depend on NATS
    // Nor does readiness: the replica stays in rotation, reported degraded.
    const ready = await eventually(async () => {
      const r = await new Client(auth.url).get('/ready');
      return r.body.status === 'degraded' ? r : undefined;
    });
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ postgres: 'ok', redis: 'ok' });
    expect(String((ready.body.checks as Record<string, string>).nats)).toMatch(/^down: /);
    const id = (res.body.user as { id: string }).id;
    const pending = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`.execute(
      auth.runtime.db,
    );
    expect(pending.rows[0]!.n).toBeGreaterThanOrEqual(2); // registered + logged-in

    await nats.start();
    const nc = await connectNats(nats.url, 'test-after-restart');
    await ensureEventStream(nc);
    const events = await collectEvents(nc, 'after-restart', [
      'auth.user.changed.v1',
      'auth.user.logged-in.v1',
    ]);
    const mine = await eventually(async () => {
      const list = events.received.filter(
        (e) =>
          (e.payload as { userId?: string }).userId === id ||
          (e.payload as UserChangedPayload).user?.id === id,
      );
      return list.length >= 2 ? list : undefined;
    }, 20_000);
    expect(mine.map((e) => e.subject).sort()).toEqual([
      'auth.user.changed.v1',
      'auth.user.logged-in.v1',
    ]);
    // The event may reach the stream first from the client's reconnect buffer (deduplicated by
    // its id); the relay marks the row on its next pass.
    await eventually(async () => {
      const left = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`.execute(
        auth.runtime.db,
      );
      return left.rows[0]!.n === 0;
    }, 10_000);
    expect(events.received.filter((e) => mine.some((m) => m.id === e.id))).toHaveLength(2); // no duplicate delivered
    await events.stop();
    await nc.close();
  });
});
