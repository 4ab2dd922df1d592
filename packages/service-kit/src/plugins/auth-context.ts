import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Messages } from '@pv/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.js';
import {
  httpsOnly,
  type Principal,
  type SessionStore,
  type SessionTokens,
  tokenFrom,
} from '../session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous request. */
    principal: Principal | null;
    /** True when the session came from the cookie (so CSRF rules apply). */
    sessionViaCookie: boolean;
  }
}

export interface AuthContextOptions {
  /** Verifies sessions on every request; omit for a service with no signed-in routes. */
  sessions?: { tokens: SessionTokens; store: SessionStore };
  /** Origins allowed to make cookie-authenticated writes (CSRF). */
  publicOrigins?: string[];
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A cookie-authenticated write must come from one of our own pages. Browsers send Origin on
 * cross-origin writes (and Sec-Fetch-Site everywhere); non-browser clients send neither and are
 * not exposed to CSRF.
 */
function sameSiteRequest(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin) return allowed.has(origin);
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

const authContext: FastifyPluginAsyncTypebox<AuthContextOptions> = async (app, options) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionViaCookie', false);
  // Without sessions nothing reads cookies here (the gateway passes them through untouched), so
  // no request pays for parsing them.
  if (!options.sessions) return;
  await app.register(cookie);
  const { tokens, store } = options.sessions;
  const origins = new Set(options.publicOrigins ?? []);
  const secureOnly = httpsOnly(options.publicOrigins ?? []);
  app.addHook('onRequest', async (request) => {
    const found = tokenFrom(request.cookies, request.headers.authorization, { secureOnly });
    if (!found) return;
    if (found.viaCookie && UNSAFE.has(request.method) && !sameSiteRequest(request, origins)) {
      throw forbidden(Messages.csrfRejected, 'CSRF_REJECTED');
    }
    const claims = tokens.verify(found.token);
    if (!claims) return;
    const principal = await store.get(claims.sid);
    if (principal && principal.userId === claims.sub) {
      request.principal = principal;
      request.sessionViaCookie = found.viaCookie;
    }
  });
};

/**
 * Who is calling: every request gets `request.principal` (null when anonymous) from a verified
 * session token whose record still exists in Redis; cookie-authenticated writes from another
 * origin are refused (CSRF). Routes then check their access level (see registerRoute).
 */
export const authContextPlugin = fp(authContext, {
  name: 'pv-auth-context',
  fastify: '5.x',
  dependencies: ['pv-errors'],
});
