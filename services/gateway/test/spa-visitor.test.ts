import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from './helpers.js';

// The pages the workspace's build pre-renders for a visitor (packages/web-kit/build
// `prerenderVisitorPages`): a navigation without a session cookie gets them, one with a session
// cookie (valid or not) gets index.html, so a signed-in user never sees the visitor's screen.
const INDEX = '<!doctype html><title>workspace</title><div id="root"></div>';
const VISITOR_HOME = '<!doctype html><div id="pv-shell">visitante</div><div id="root"></div>';
const VISITOR_LOGIN = '<!doctype html><div id="pv-shell">entrar</div><div id="root"></div>';
// The console's build pre-renders its sign-in (`/admin` for an operator without a session).
const ADMIN_INDEX = '<!doctype html><title>console</title><div id="root"></div>';
const ADMIN_SIGN_IN =
  '<!doctype html><div id="pv-shell">entrar no painel</div><div id="root"></div>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('pages pre-rendered for a visitor', () => {
  let folder: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pv-gateway-visitor-'));
    await mkdir(join(folder, 'visitor', 'auth'), { recursive: true });
    await writeFile(join(folder, 'index.html'), INDEX);
    await writeFile(join(folder, 'visitor', 'index.html'), VISITOR_HOME);
    await writeFile(join(folder, 'visitor', 'index.html.br'), brotliCompressSync(VISITOR_HOME));
    await writeFile(join(folder, 'visitor', 'auth', 'login.html'), VISITOR_LOGIN);
    await mkdir(join(folder, 'admin', 'visitor'), { recursive: true });
    await writeFile(join(folder, 'admin', 'index.html'), ADMIN_INDEX);
    await writeFile(join(folder, 'admin', 'visitor', 'index.html'), ADMIN_SIGN_IN);
    gateway = await startGateway({
      WORKSPACE_WEB_DIST: folder,
      ADMIN_WEB_DIST: join(folder, 'admin'),
    });
  });
  afterAll(async () => {
    await gateway.close();
    await rm(folder, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await request(`${gateway.url}${path}`, {
      headers: { accept: HTML, ...headers },
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };

  it('answers / and /auth/login without a session cookie with their visitor pages', async () => {
    const home = await get('/?utm=x', { cookie: 'pv_theme=1' });
    expect(home.status).toBe(200);
    expect(await home.body.text()).toBe(VISITOR_HOME);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(String(home.headers.vary)).toContain('cookie');
    expect(await (await get('/auth/login')).body.text()).toBe(VISITOR_LOGIN);
  });

  it('serves the visitor page compressed when the browser accepts it', async () => {
    const home = await get('/', { 'accept-encoding': 'br' });
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['content-type']).toContain('text/html');
    await home.body.dump();
  });

  it('answers a request with a session or own-page cookie, and other routes, with index.html', async () => {
    for (const cookie of [
      'pv_session=abc',
      'a=1; __Host-pv_session=abc',
      'pv_own_cards=1',
      'a=1;pv_own_notice=1',
    ]) {
      expect(await (await get('/', { cookie })).body.text()).toBe(INDEX);
      expect(await (await get('/auth/login', { cookie })).body.text()).toBe(INDEX);
    }
    for (const path of ['/user', '/auth/register', '/visitor', '/Auth/Login']) {
      expect(await (await get(path)).body.text()).toBe(INDEX);
    }
  });

  it("answers the console's /admin without a session with its pre-rendered sign-in, by its own path", async () => {
    expect(await (await get('/admin')).body.text()).toBe(ADMIN_SIGN_IN);
    expect(await (await get('/admin/?tab=usuarios')).body.text()).toBe(ADMIN_SIGN_IN);
    expect(await (await get('/admin', { cookie: 'pv_session=abc' })).body.text()).toBe(ADMIN_INDEX);
    // Its other paths, and the file asked by name, are index.html.
    expect(await (await get('/admin/support')).body.text()).toBe(ADMIN_INDEX);
    expect(await (await get('/admin/index.html')).body.text()).toBe(ADMIN_INDEX);
    expect(await (await get('/index.html')).body.text()).toBe(INDEX);
  });
});
