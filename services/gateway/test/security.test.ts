import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.js';
import { connectSrcExtraFrom, registerSecurityHeaders } from '../src/security.js';

async function cspWith(connectSrcExtra?: string[]): Promise<string> {
  const app = Fastify();
  await registerSecurityHeaders(app, connectSrcExtra ? { connectSrcExtra } : {});
  app.get('/', async () => ({ ok: true }));
  try {
    const response = await app.inject({ method: 'GET', url: '/' });
    return String(response.headers['content-security-policy']);
  } finally {
    await app.close();
  }
}

describe('Content-Security-Policy connect-src', () => {
  it('allows only our origin and https:/wss: by default', async () => {
    expect(loadGatewayConfig({}).CSP_CONNECT_SRC_EXTRA).toBe('');
    expect(connectSrcExtraFrom('')).toEqual([]);
    expect(await cspWith()).toContain("connect-src 'self' https: wss:;");
  });

  it('adds the CSP_CONNECT_SRC_EXTRA sources (a local ws:// fake in browser tests)', async () => {
    const extra = connectSrcExtraFrom(' ws://127.0.0.1:4100   http://127.0.0.1:4101 ');
    expect(extra).toEqual(['ws://127.0.0.1:4100', 'http://127.0.0.1:4101']);
    expect(await cspWith(extra)).toContain(
      "connect-src 'self' https: wss: ws://127.0.0.1:4100 http://127.0.0.1:4101;",
    );
  });

  it('refuses a value that would inject another directive', () => {
    expect(() =>
      loadGatewayConfig({ CSP_CONNECT_SRC_EXTRA: "ws://x; script-src 'unsafe-inline'" }),
    ).toThrow();
  });
});
