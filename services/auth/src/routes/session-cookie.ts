import { SESSION_COOKIE, sessionCookieName } from '@pv/service-kit/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../deps.js';

export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  secure: boolean,
) {
  // `__Host-pv_session` when secure (https): Secure, Path=/ and no Domain, as the prefix demands.
  reply.setCookie(sessionCookieName(secure), session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName(secure), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
  });
  // A plain cookie from before the origin became https goes too.
  if (secure) reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/' });
}

/** The caller's address (X-Forwarded-For from the gateway, when trusted) and user agent. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return {
    ipAddress: request.ip,
    userAgent: (typeof agent === 'string' ? agent : '').slice(0, 512),
  };
}

/** Marks a browser that signed in to an account (the account-wide login backoff skips it). */
export const DEVICE_COOKIE = 'pv_device';

export function setDeviceCookie(
  reply: FastifyReply,
  device: { token: string; expiresAt: Date },
  secure: boolean,
) {
  reply.setCookie(DEVICE_COOKIE, device.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/auth',
    expires: device.expiresAt,
  });
}
