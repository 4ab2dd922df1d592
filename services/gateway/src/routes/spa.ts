import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  MEMBER_VIEW_COOKIE,
  MEMBER_VIEWS,
  OWN_PAGE_COOKIE_PREFIX,
  STAFF_VIEW,
} from '@pv/contracts/constants';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@pv/service-kit/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizedPath, ownsPath } from '../routing-table.js';

export interface SpaOptions {
  /** Built workspace SPA, served at `/`. */
  workspaceDist?: string;
  /** Built admin SPA, served at `/admin` (built with base `/admin/`). */
  adminDist?: string;
}

/**
 * The auth SPA pages share their paths with the auth API: a browser navigating to
 * them gets the workspace SPA, while POSTs and JSON reads (GET /auth/user) go to the auth service.
 */
const AUTH_PAGES: ReadonlySet<string> = new Set(['/auth', '/auth/login', '/auth/register']);

/** Never answered with a SPA page, whatever the Accept header says. */
const RESERVED_PREFIXES = ['/api', '/auth', '/docs', '/health', '/ready', '/metrics'];

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
// Vite's build output: `assets/<name>-<8-char hash>.<ext>`; such a file never changes.
const HASHED_ASSET = /^assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

/**
 * The files the SPA builds write `.br` and `.gz` twins of (packages/web-kit/build): text that
 * compresses. Images and fonts are already compressed.
 */
const PRECOMPRESSED_BESIDE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** A browser navigation (address bar, link), as opposed to a fetch from the SPA. */
function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

function usableDist(
  folder: string | undefined,
  app: FastifyInstance,
  name: string,
): string | undefined {
  if (!folder) return undefined;
  const root = resolve(folder);
  if (existsSync(resolve(root, 'index.html'))) return root;
  app.log.warn({ folder: root }, `${name} has no index.html; not serving it`);
  return undefined;
}

/** The file under `root` a URL path names, as a root-relative path, if it is a regular file. */
async function findFile(root: string, urlPath: string): Promise<string | undefined> {
  if (urlPath.includes('\0')) return undefined;
  const segments = urlPath.split('/').filter(Boolean);
  // No dotfiles (and so no `..`): a dist folder has nothing hidden to serve.
  if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return undefined;
  const absolute = resolve(root, ...segments);
  if (!absolute.startsWith(root + sep)) return undefined;
  const info = await stat(absolute).catch(() => undefined);
  return info?.isFile() ? segments.join('/') : undefined;
}

/** The request's cookies by name (the first of a repeated name), without decoding values. */
function cookiesOf(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (name && !cookies.has(name)) cookies.set(name, at < 0 ? '' : pair.slice(at + 1).trim());
  }
  return cookies;
}

/** The workspace's views and the console's: each SPA has pages for its own only. */
const KNOWN_MEMBER_VIEWS: ReadonlySet<string> = new Set([...MEMBER_VIEWS, STAFF_VIEW]);

/**
 * The page the SPA's build pre-rendered for `path` (relative to where the SPA is mounted;
 * packages/web-kit/build `prerenderVisitorPages`), if any, for who the cookies say is asking:
 * - a session cookie (valid or not: only the auth service knows) and a view cookie naming one of
 *   MEMBER_VIEWS or STAFF_VIEW: that view's page (`member/<view>/index.html`,
 *   `member/<view>/user.html`; the console's `member/staff/index.html`), which holds nothing
 *   personal; (the first cookie of that name: for a console page the browser sends the
 *   console's, `path=/admin`, first);
 * - neither a session cookie nor an own-page cookie (the workspace's `/` arranged otherwise): the
 *   visitor's page (`visitor/index.html`, `visitor/auth/login.html`);
 * - otherwise none (index.html: the frame), so nobody sees a screen that is not theirs.
 */
function prerenderedPage(request: FastifyRequest, root: string, path: string): string | undefined {
  const page = path === '' ? '/' : path;
  if (!/^\/[a-z/-]*$/.test(page)) return undefined;
  const cookies = cookiesOf(request);
  const names = [...cookies.keys()];
  if (names.some((name) => name.startsWith(OWN_PAGE_COOKIE_PREFIX))) return undefined;
  const signedIn = cookies.has(SESSION_COOKIE) || cookies.has(SECURE_SESSION_COOKIE);
  let file: string;
  if (signedIn) {
    const view = cookies.get(MEMBER_VIEW_COOKIE);
    if (view === undefined || !KNOWN_MEMBER_VIEWS.has(view)) return undefined;
    file = page === '/' ? `member/${view}/index.html` : `member/${view}${page}.html`;
  } else {
    file = page === '/' ? 'visitor/index.html' : `visitor${page}.html`;
  }
  return existsSync(resolve(root, file)) ? file : undefined;
}

function sendIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  spa: { root: string; relativePath: string },
): FastifyReply {
  const { root, relativePath } = spa;
  // index.html names the current hashed bundles: it must be revalidated on every load.
  reply.header('cache-control', 'no-cache');
  // Which page answers depends on the encoding asked for and on the session cookie.
  reply.header('vary', 'accept-encoding, cookie');
  const file = prerenderedPage(request, root, relativePath) ?? 'index.html';
  return reply.sendFile(file, root, { cacheControl: false });
}

function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  spa: { root: string; file: string },
): FastifyReply {
  const { root, file } = spa;
  if (file === 'index.html')
    return sendIndex(request, reply, { root, relativePath: '/index.html' });
  // Compressed twins (`.br`, `.gz`) may answer: caches must key on the encoding asked for.
  if (PRECOMPRESSED_BESIDE.test(file)) reply.header('vary', 'accept-encoding');
  return HASHED_ASSET.test(file)
    ? reply.sendFile(file, root, { maxAge: ONE_YEAR_MS, immutable: true })
    : reply.sendFile(file, root, { maxAge: 0 });
}

/** Serves one SPA from `root` for a path relative to where it is mounted. */
async function serveSpa(
  request: FastifyRequest,
  reply: FastifyReply,
  spa: { root: string; relativePath: string },
): Promise<FastifyReply> {
  const { root, relativePath } = spa;
  if (relativePath === '' || relativePath === '/') return sendIndex(request, reply, spa);
  const file = await findFile(root, relativePath);
  if (file) return sendAsset(request, reply, { root, file });
  // A missing script or image must stay a 404, not become an HTML page.
  if (acceptsHtml(request)) return sendIndex(request, reply, spa);
  reply.callNotFound();
  return reply;
}

/** The SPA folders that are actually servable (each has an index.html). */
export interface Spas {
  workspace?: string;
  admin?: string;
}

export function resolveSpas(options: SpaOptions, app: FastifyInstance): Spas {
  const workspace = usableDist(options.workspaceDist, app, 'WORKSPACE_WEB_DIST');
  const admin = usableDist(options.adminDist, app, 'ADMIN_WEB_DIST');
  return { ...(workspace ? { workspace } : {}), ...(admin ? { admin } : {}) };
}

/**
 * Answers a browser navigation to an auth page with the workspace SPA; undefined for anything
 * else (then the auth service answers). Called from the /auth routes before they proxy.
 */
export function answerAuthPage(
  spas: Spas,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  if (!spas.workspace || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const path = normalizedPath(request.url);
  if (!acceptsHtml(request) || !AUTH_PAGES.has(path)) return undefined;
  return sendIndex(request, reply, { root: spas.workspace, relativePath: path });
}

/**
 * One-machine mode: the built SPAs behind the gateway, each with its fallback to index.html for
 * its client-side routes. Without them, `/` answers {service:'gateway', status:'ok'} and every
 * other unknown path the JSON 404. Register before the proxies (they use reply.sendFile).
 */
export async function registerSpas(app: FastifyInstance, spas: Spas): Promise<void> {
  const { workspace, admin } = spas;
  // Only the reply.sendFile decorator; routing is ours, so the fallbacks can be decided here.
  // preCompressed: the build's `<file>.br` / `<file>.gz` answer when the browser accepts them
  // (brotli first), with Content-Encoding and the original's Content-Type; else the file itself.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = normalizedPath(request.url);
    if (admin && ownsPath('/admin', path)) {
      return serveSpa(request, reply, { root: admin, relativePath: path.slice('/admin'.length) });
    }
    if (workspace && !RESERVED_PREFIXES.some((prefix) => ownsPath(prefix, path))) {
      return serveSpa(request, reply, { root: workspace, relativePath: path });
    }
    if (path === '/') return { service: 'gateway', status: 'ok' };
    reply.callNotFound();
    return reply;
  });
}
