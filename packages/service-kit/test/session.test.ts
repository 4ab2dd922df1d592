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
