import { Messages } from '@pv/contracts';
import { errorBody } from '@pv/service-kit/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizedPath, ownsPath } from './routing-table.js';

/**
 * The console's own paths: its SPA, every `/api/admin/*` route (system instructions, terms and
 * marketing management, the vault's admin routes among them) and the AI templates, which only
 * admins edit. With ADMIN_HOST set they answer only on that host.
 */
export const ADMIN_PREFIXES = ['/admin', '/api/admin', '/api/ai-templates'] as const;

/**
 * What the console also calls on its own host: the sign-in, session, second factor and password
 * routes, its page views, and the probes. Everything else (the workspace) answers 404 there.
 */
const SHARED_PREFIXES = ['/auth', '/api/analytics/page-view', '/health', '/ready'] as const;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface HostRolesOptions {
  /** The console's host name (no port), e.g. `admin.prontuario.example`. */
  adminHost: string;
  /** Origins allowed to write on the admin host (default `https://<adminHost>`). */
  adminOrigins: readonly string[];
}

const owned = (prefixes: readonly string[], path: string) =>
  prefixes.some((prefix) => ownsPath(prefix, path));

/** The request's host name without port, as the edge sent it (TRUST_PROXY decides X-Forwarded-Host). */
const hostOf = (request: FastifyRequest) => request.hostname.toLowerCase();

/**
 * Hosts keep their roles (issue 23 item 7): admin paths answer 404 outside ADMIN_HOST and
 * workspace paths 404 on it, so a stolen workspace page or a link cannot reach the console's API
 * on the public host; and each host has its own origins for writes: the console's origins write
 * only on its host, every other origin is refused there (the services' PUBLIC_ORIGINS check
 * still applies behind). Runs before the SPAs and the proxy.
 */
export function registerHostRoles(app: FastifyInstance, options: HostRolesOptions): void {
  const adminHost = options.adminHost.toLowerCase();
  const adminOrigins = new Set(options.adminOrigins.map((origin) => origin.toLowerCase()));
  app.addHook('onRequest', (request, reply, done) => {
    const path = normalizedPath(request.url);
    const onAdminHost = hostOf(request) === adminHost;
    const isAdminPath = owned(ADMIN_PREFIXES, path);
    const allowed = onAdminHost ? isAdminPath || owned(SHARED_PREFIXES, path) : !isAdminPath;
    if (!allowed) {
      reply.code(404).send(
        errorBody(request, {
          statusCode: 404,
          code: 'NOT_FOUND',
          message: Messages.routeNotFound,
        }),
      );
      return;
    }
    const origin = request.headers.origin?.toLowerCase();
    if (origin && UNSAFE.has(request.method) && adminOrigins.has(origin) !== onAdminHost) {
      reply.code(403).send(
        errorBody(request, {
          statusCode: 403,
          code: 'CSRF_REJECTED',
          message: Messages.csrfRejected,
        }),
      );
      return;
    }
    done();
  });
}
