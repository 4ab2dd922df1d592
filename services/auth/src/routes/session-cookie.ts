import { SESSION_COOKIE } from '@pv/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../deps.js';

export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
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
