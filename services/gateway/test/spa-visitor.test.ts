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
// A signed-in user's pages, per member view (@pv/contracts MEMBER_VIEWS).
const MEMBER_HOME = '<!doctype html><div id="pv-shell">membro</div><div id="root"></div>';
const MEMBER_USER = '<!doctype html><div id="pv-shell">minha área</div><div id="root"></div>';
const UNCONFIRMED_HOME = '<!doctype html><div id="pv-shell">confirme</div><div id="root"></div>';
const ADMIN_STAFF = '<!doctype html><div id="pv-shell">painel</div><div id="root"></div>';
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
    await mkdir(join(folder, 'member', 'member'), { recursive: true });
    await mkdir(join(folder, 'member', 'premium-unconfirmed'), { recursive: true });
    await writeFile(join(folder, 'member', 'member', 'index.html'), MEMBER_HOME);
    await writeFile(join(folder, 'member', 'member', 'user.html'), MEMBER_USER);
    await writeFile(join(folder, 'member', 'premium-unconfirmed', 'index.html'), UNCONFIRMED_HOME);
    await mkdir(join(folder, 'admin', 'visitor'), { recursive: true });
    await writeFile(join(folder, 'admin', 'index.html'), ADMIN_INDEX);
    await writeFile(join(folder, 'admin', 'visitor', 'index.html'), ADMIN_SIGN_IN);
    await mkdir(join(folder, 'admin', 'member', 'staff'), { recursive: true });
    await writeFile(join(folder, 'admin', 'member', 'staff', 'index.html'), ADMIN_STAFF);
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

  it("answers a session cookie beside a member view cookie with that view's page", async () => {
    const member = { cookie: 'pv_session=abc; pv_view=member' };
    expect(await (await get('/', member)).body.text()).toBe(MEMBER_HOME);
    expect(await (await get('/user', member)).body.text()).toBe(MEMBER_USER);
    const secure = { cookie: '__Host-pv_session=abc;pv_view=premium-unconfirmed' };
    expect(await (await get('/?x=1', secure)).body.text()).toBe(UNCONFIRMED_HOME);
    // A view pre-rendered for no page at that path, and the pages nobody pre-renders: the frame.
    expect(await (await get('/user', secure)).body.text()).toBe(INDEX);
    expect(await (await get('/support', member)).body.text()).toBe(INDEX);
    expect(await (await get('/auth/login', member)).body.text()).toBe(INDEX);
  });

  it('never answers a view cookie with a member page without a session, nor an unknown view', async () => {
    // No session: the visitor's page (the view cookie outlived a sign-out elsewhere).
    expect(await (await get('/', { cookie: 'pv_view=member' })).body.text()).toBe(VISITOR_HOME);
    for (const view of ['../visitor', 'member/../../x', 'admin', 'MEMBER', '', 'premium%2F..']) {
      const cookie = `pv_session=abc; pv_view=${view}`;
      expect(await (await get('/', { cookie })).body.text()).toBe(INDEX);
    }
    // The workspace's `/` arranged by the user (card order, notice dismissed) wins: the frame.
    const arranged = { cookie: 'pv_session=abc; pv_view=member; pv_own_cards=1' };
    expect(await (await get('/', arranged)).body.text()).toBe(INDEX);
  });

  it("answers the console's /admin without a session with its pre-rendered sign-in, by its own path", async () => {
    expect(await (await get('/admin')).body.text()).toBe(ADMIN_SIGN_IN);
    expect(await (await get('/admin/?tab=usuarios')).body.text()).toBe(ADMIN_SIGN_IN);
    expect(await (await get('/admin', { cookie: 'pv_session=abc' })).body.text()).toBe(ADMIN_INDEX);
    // An administrator's console (the staff view, its cookie first on a console page).
    const staff = { cookie: 'pv_view=staff; pv_session=abc; pv_view=noregistry' };
    expect(await (await get('/admin?tab=usuarios', staff)).body.text()).toBe(ADMIN_STAFF);
    expect(await (await get('/admin', { cookie: 'pv_view=staff' })).body.text()).toBe(
      ADMIN_SIGN_IN,
    );
    // The workspace has no staff page, the console no workspace view: the frame.
    expect(await (await get('/', staff)).body.text()).toBe(INDEX);
    const member = { cookie: 'pv_session=abc; pv_view=member' };
    expect(await (await get('/admin', member)).body.text()).toBe(ADMIN_INDEX);
    // Its other paths, and the file asked by name, are index.html.
    expect(await (await get('/admin/support')).body.text()).toBe(ADMIN_INDEX);
    expect(await (await get('/admin/index.html')).body.text()).toBe(ADMIN_INDEX);
    expect(await (await get('/index.html')).body.text()).toBe(INDEX);
  });
});
