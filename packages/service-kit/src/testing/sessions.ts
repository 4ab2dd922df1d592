import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  type Principal,
  privateKeyFrom,
  publicKeyFrom,
  SessionStore,
  SessionTokens,
} from '../session.js';

/**
 * A signed-in caller without going through auth: the same signed token and Redis session record
 * auth writes at login, so a service's own tests can act as a free user, a Premium user or an admin.
 */
export async function mintSession(
  keys: { publicKey: string; privateKey: string },
  redis: Redis,
  who: Partial<Principal> & { isAdmin?: boolean; isPremium?: boolean } = {},
): Promise<{ token: string; principal: Principal }> {
  const tokens = new SessionTokens(publicKeyFrom(keys.publicKey), privateKeyFrom(keys.privateKey));
  const userId = who.userId ?? randomUUID();
  const issued = tokens.issue(userId, 3600);
  const principal: Principal = {
    userId,
    sessionId: issued.sessionId,
    email: `${userId.slice(0, 8)}@clinica.test`,
    firstName: 'Teste',
    lastName: 'Usuário',
    fullName: 'Teste Usuário',
    isAdmin: false,
    isPremium: false,
    userStatus: 'active',
    mustChangePassword: false,
    // A minted admin passed the second factor, as one signed in at the console has.
    secondFactor: who.isAdmin === true,
    // A minted caller stands for an account that confirmed its e-mail (issue 23 item 1); a test
    // of the refusal passes `emailVerified: false`.
    emailVerified: true,
    ...who,
  };
  await new SessionStore(redis).put(principal, issued.expiresAt);
  return { token: issued.token, principal };
}
