import type { SubscriptionChangedPayload } from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit/events';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthUnderTest, newUser, signedInAdmin, startAuth } from './harness.js';

describe('billing.subscription.changed.v1 -> /auth/user', () => {
  let auth: AuthUnderTest;
  beforeAll(async () => {
    auth = await startAuth({}, { consumer: true });
  });
  afterAll(() => auth.close());

  // Published through an outbox and relay into the stream, as billing publishes it.
  const publish = async (payload: SubscriptionChangedPayload) => {
    await enqueueEvent(auth.runtime.db, 'billing.subscription.changed.v1', payload);
    auth.runtime.relay.kick();
  };
  const userOf = async (client: Awaited<ReturnType<typeof newUser>>['client']) =>
    (await client.get('/auth/user')).body as { isPremium: boolean; subscriptionStatus: string };

  it('an active subscription makes the user Premium; a cancelled one ends it', async () => {
    const user = await newUser(auth.url);
    expect(await userOf(user.client)).toMatchObject({ isPremium: false, subscriptionStatus: null });
    await publish({
      userId: user.id,
      subscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      isPremium: true,
    });
    await eventually(async () => (await userOf(user.client)).isPremium);
    expect(await userOf(user.client)).toMatchObject({ subscriptionStatus: 'active' });
    await publish({
      userId: user.id,
      subscriptionId: 'sub_1',
      subscriptionStatus: 'canceled',
      isPremium: false,
    });
    await eventually(async () => (await userOf(user.client)).subscriptionStatus === 'canceled');
    expect((await userOf(user.client)).isPremium).toBe(false);
  });

  it('Premium granted by an admin survives a cancelled subscription', async () => {
    const user = await newUser(auth.url);
    const admin = await signedInAdmin(auth.url);
    expect((await admin.put(`/api/admin/users/${user.id}`, { isPremium: true })).status).toBe(200);
    await publish({
      userId: user.id,
      subscriptionId: 'sub_2',
      subscriptionStatus: 'canceled',
      isPremium: false,
    });
    await eventually(async () => (await userOf(user.client)).subscriptionStatus === 'canceled');
    expect((await userOf(user.client)).isPremium).toBe(true);
  });
});
