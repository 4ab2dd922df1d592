import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeService, startFakeService, startGateway, type TestGateway } from './helpers.js';

const WORKSPACE_INDEX = '<!doctype html><title>workspace</title><div id="root"></div>';
const ADMIN_INDEX = '<!doctype html><title>admin</title><div id="root"></div>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SCRIPT = `console.log(${JSON.stringify('código '.repeat(200))});`;

async function makeDist(root: string, index: string, asset: string): Promise<void> {
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), index);
  await writeFile(join(root, 'assets', asset), SCRIPT);
  // What the build writes beside each text file (packages/web-kit/build/precompress.ts).
  await writeFile(join(root, 'assets', `${asset}.br`), brotliCompressSync(SCRIPT));
  await writeFile(join(root, 'assets', `${asset}.gz`), gzipSync(SCRIPT));
  await writeFile(join(root, 'index.html.br'), brotliCompressSync(index));
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, '.env'), 'SECRET=1');
}

describe('SPAs in one-machine mode', () => {
  let folder: string;
  let auth: FakeService;
  let gateway: TestGateway;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pv-gateway-spa-'));
    await makeDist(join(folder, 'workspace'), WORKSPACE_INDEX, 'index-B3xk9QzA.js');
    await makeDist(join(folder, 'admin'), ADMIN_INDEX, 'index-Cq1w2E3r.js');
    auth = await startFakeService('auth');
    gateway = await startGateway({
      AUTH_URL: auth.url,
      WORKSPACE_WEB_DIST: join(folder, 'workspace'),
      ADMIN_WEB_DIST: join(folder, 'admin'),
    });
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
    await rm(folder, { recursive: true, force: true });
  });

  const get = async (path: string, accept = HTML) => {
    const response = await request(`${gateway.url}${path}`, { headers: { accept } });
    return {
      status: response.statusCode,
      headers: response.headers,
      text: await response.body.text(),
    };
  };

  it('serves the workspace index.html at / without caching it', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.text).toBe(WORKSPACE_INDEX);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it.each([
    '/user',
    '/profile',
    '/subscribe',
    '/subscribe-success?redirect_status=succeeded',
    '/support',
    '/qualquer/coisa',
  ])('falls back to index.html for the client route %s', async (path) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.text).toBe(WORKSPACE_INDEX);
  });

  it('serves hashed assets for a year and other files with revalidation', async () => {
    const asset = await get('/assets/index-B3xk9QzA.js', '*/*');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg', '*/*');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers with the precompressed twin the browser accepts, keeping type and caching', async () => {
    const fetchAsset = async (acceptEncoding?: string) => {
      const response = await request(`${gateway.url}/assets/index-B3xk9QzA.js`, {
        headers: {
          accept: '*/*',
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
      return { headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
    };
    const br = await fetchAsset('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);

    const gzip = await fetchAsset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(SCRIPT);

    const plain = await fetchAsset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);

    // index.html: its brotli twin, still revalidated; no gzip twin here, so gzip gets the file.
    const index = await request(`${gateway.url}/user`, {
      headers: { accept: HTML, 'accept-encoding': 'br' },
    });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await index.body.arrayBuffer())).toString()).toBe(
      WORKSPACE_INDEX,
    );
    const gzipIndex = await request(`${gateway.url}/`, {
      headers: { accept: HTML, 'accept-encoding': 'gzip' },
    });
    expect(gzipIndex.headers['content-encoding']).toBeUndefined();
    expect(await gzipIndex.body.text()).toBe(WORKSPACE_INDEX);
  });

  it('keeps a missing asset a JSON 404 instead of an HTML page', async () => {
    const missing = await get('/assets/nope-12345678.js', '*/*');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ message: 'Rota não encontrada.' });
  });

  it('never serves dotfiles or anything outside the dist folder', async () => {
    for (const path of ['/.env', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f.env']) {
      const response = await get(path, '*/*');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('SECRET');
    }
  });

  it('auth pages: a browser navigation gets the SPA, a POST goes to the auth service', async () => {
    for (const path of ['/auth', '/auth/login', '/auth/register']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.text).toBe(WORKSPACE_INDEX);
    }
    const seenBefore = auth.seen.length;
    const login = await request(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: 'ana@example.com', password: 'segredo123' }),
    });
    expect(login.statusCode).toBe(200);
    expect(await login.body.json()).toMatchObject({
      service: 'auth',
      method: 'POST',
      url: '/auth/login',
    });
    expect(auth.seen.length).toBe(seenBefore + 1);
  });

  it('JSON reads under /auth go to the auth service, even from a browser', async () => {
    const fetchUser = await get('/auth/user', 'application/json');
    expect(JSON.parse(fetchUser.text)).toMatchObject({ service: 'auth', url: '/auth/user' });
    const navigateUser = await get('/auth/user');
    expect(JSON.parse(navigateUser.text)).toMatchObject({ service: 'auth', url: '/auth/user' });
    const loginJson = await get('/auth/login', 'application/json');
    expect(JSON.parse(loginJson.text)).toMatchObject({ service: 'auth', url: '/auth/login' });
  });

  it('serves the admin SPA under /admin with its own fallback', async () => {
    for (const path of ['/admin', '/admin/', '/admin/support']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.text).toBe(ADMIN_INDEX);
    }
    const asset = await get('/admin/assets/index-Cq1w2E3r.js', '*/*');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/admin/assets/index-B3xk9QzA.js', '*/*')).status).toBe(404);
  });

  it('never answers API, docs or health paths with a SPA page', async () => {
    const api = await get('/api/admin/nope');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      message: 'Rota não encontrada.',
    });
    const health = await get('/health');
    expect(JSON.parse(health.text)).toEqual({ status: 'ok', service: 'gateway' });
    expect((await get('/metrics/extra')).status).toBe(404);
  });
});

describe('without SPA folders', () => {
  let gateway: TestGateway;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pv-gateway-nospa-'));
    // A folder without index.html (not built yet) counts as absent.
    gateway = await startGateway({ WORKSPACE_WEB_DIST: folder });
  });
  afterAll(async () => {
    await gateway.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers / with the gateway status and other pages with the JSON 404', async () => {
    const root = await request(`${gateway.url}/`, { headers: { accept: HTML } });
    expect(await root.body.json()).toEqual({ service: 'gateway', status: 'ok' });
    const page = await request(`${gateway.url}/user`, { headers: { accept: HTML } });
    expect(page.statusCode).toBe(404);
    expect(await page.body.json()).toMatchObject({ message: 'Rota não encontrada.' });
  });

  it('auth pages fall through to the auth service (here: not configured, 503)', async () => {
    const page = await request(`${gateway.url}/auth/login`, { headers: { accept: HTML } });
    expect(page.statusCode).toBe(503);
    expect(await page.body.json()).toMatchObject({
      message:
        'O serviço de autenticação está indisponível no momento. Tente novamente em instantes.',
    });
  });
});

describe('SPA with the auth service not configured', () => {
  let gateway: TestGateway;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pv-gateway-spa-noauth-'));
    await makeDist(folder, WORKSPACE_INDEX, 'index-B3xk9QzA.js');
    gateway = await startGateway({ WORKSPACE_WEB_DIST: folder });
  });
  afterAll(async () => {
    await gateway.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('still shows the login page, while the login call answers 503', async () => {
    const page = await request(`${gateway.url}/auth/login`, { headers: { accept: HTML } });
    expect(page.statusCode).toBe(200);
    expect(await page.body.text()).toBe(WORKSPACE_INDEX);
    const login = await request(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(login.statusCode).toBe(503);
    expect(await login.body.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
