import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '../src/redis.js';
import {
  type Principal,
  privateKeyFrom,
  publicKeyFrom,
  SessionStore,
  SessionTokens,
} from '../src/session.js';
import { testInfra, testSessionKeys } from '../src/testing/index.js';

const keys = testSessionKeys();
const issuer = new SessionTokens(publicKeyFrom(keys.publicKey), privateKeyFrom(keys.privateKey));
const verifier = new SessionTokens(publicKeyFrom(keys.publicKey));
const redis = createRedis(testInfra.redisUrl);
afterAll(() => redis.disconnect());

const principal = (userId: string, sessionId: string): Principal => ({
  userId,
  sessionId,
  email: 'ana@clinica.test',
  firstName: 'Ana',
  lastName: 'Souza',
  fullName: 'Ana Souza',
  isAdmin: false,
  isPremium: false,
  userStatus: 'active',
  mustChangePassword: false,
});

describe('SessionTokens', () => {
  it('verifies with the public key alone what the private key signed', () => {
    const { token, sessionId } = issuer.issue('u1', 60);
    expect(verifier.verify(token)).toMatchObject({ sid: sessionId, sub: 'u1' });
  });

  it('refuses a token signed by another key, a tampered one and an expired one', () => {
    const other = testSessionKeys();
    const foreign = new SessionTokens(
      publicKeyFrom(other.publicKey),
      privateKeyFrom(other.privateKey),
    ).issue('u1', 60);
    expect(verifier.verify(foreign.token)).toBeNull();
    const { token } = issuer.issue('u1', 60);
    const [body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, sub: 'u2' })).toString('base64url')}.${sig}`;
    expect(verifier.verify(tampered)).toBeNull();
    expect(verifier.verify(issuer.issue('u1', -1).token)).toBeNull();
    expect(verifier.verify('garbage')).toBeNull();
  });

  it('cannot issue without the private key', () => {
    expect(() => verifier.issue('u1', 60)).toThrow(/cannot issue/);
  });
});

describe('SessionStore', () => {
  const store = new SessionStore(redis);

  it('revokes one session, and all of a user', async () => {
    const user = `u-${Date.now()}`;
    const expires = new Date(Date.now() + 60_000);
    await store.put(principal(user, `${user}-a`), expires);
    await store.put(principal(user, `${user}-b`), expires);
    await store.put(principal(user, `${user}-c`), expires);
    await store.revoke({ userId: user, sessionId: `${user}-a` });
    expect(await store.get(`${user}-a`)).toBeNull();
    expect((await store.revokeAllOf(user, `${user}-c`)).sort()).toEqual([`${user}-b`]);
    expect(await store.get(`${user}-b`)).toBeNull();
    expect(await store.get(`${user}-c`)).not.toBeNull();
  });

  it('rewrites the principal of every live session, keeping its expiry', async () => {
    const user = `u-${Date.now()}-upd`;
    await store.put(principal(user, `${user}-a`), new Date(Date.now() + 60_000));
    await store.updateAllOf(user, { isPremium: true });
    expect((await store.get(`${user}-a`))?.isPremium).toBe(true);
    const ttl = await redis.ttl(`pv:session:${user}-a`);
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
  });
});

describe('SessionStore races and idle timeout', () => {
  const store = new SessionStore(redis);
  // A second connection, as a second auth replica would have: its commands interleave freely
  // with the first one's between a read and a write.
  const other = createRedis(testInfra.redisUrl);
  const otherStore = new SessionStore(other);
  afterAll(() => other.disconnect());

  it('never brings back a session revoked while its principal was being rewritten', async () => {
    const user = `u-${Date.now()}-race`;
    const expires = new Date(Date.now() + 60_000);
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const back: string[] = [];
    // One replica changes the user's plan while another ends the session, the revocation landing
    // at a different moment of the rewrite each round (0..19 event-loop turns later).
    for (let round = 0; round < 200; round++) {
      const id = `${user}-${round}`;
      await store.put(principal(user, id), expires);
      await Promise.all([
        store.updateAllOf(user, { isPremium: round % 2 === 0 }),
        (async () => {
          for (let i = 0; i < round % 20; i++) await tick();
          await otherStore.revoke({ userId: user, sessionId: id });
        })(),
      ]);
      if (await store.get(id)) back.push(id);
    }
    expect(back).toEqual([]);
  });

  it('keeps both of two concurrent patches', async () => {
    const user = `u-${Date.now()}-patches`;
    const ids = Array.from({ length: 40 }, (_, i) => `${user}-${i}`);
    for (const id of ids) await store.put(principal(user, id), new Date(Date.now() + 60_000));
    await Promise.all([
      store.updateAllOf(user, { isPremium: true }),
      otherStore.updateAllOf(user, { fullName: 'Ana Souza Lima' }),
    ]);
    for (const id of ids) {
      expect(await store.get(id)).toMatchObject({ isPremium: true, fullName: 'Ana Souza Lima' });
    }
  });

  it('ends a session left unused for its idle timeout, and keeps a used one alive', async () => {
    const user = `u-${Date.now()}-idle`;
    const expires = new Date(Date.now() + 60_000);
    await store.put(principal(user, `${user}-used`), expires, { idleSeconds: 2 });
    await store.put(principal(user, `${user}-idle`), expires, { idleSeconds: 2 });
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      // The services see the principal only, never the bookkeeping beside it.
      expect(await store.get(`${user}-used`)).toEqual(principal(user, `${user}-used`));
    }
    expect(await store.get(`${user}-idle`)).toBeNull();
    // A change of plan made while idle does not revive it either.
    await store.updateAllOf(user, { isPremium: true });
    expect(await store.get(`${user}-idle`)).toBeNull();
    expect((await store.get(`${user}-used`))?.isPremium).toBe(true);
  });
});
