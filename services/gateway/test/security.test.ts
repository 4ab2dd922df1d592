import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.js';
import {
  connectSrcExtraFrom,
  providerConnectSources,
  registerSecurityHeaders,
} from '../src/security.js';

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
  it('lists exactly our origin, the configured Soniox origin and Stripe (issue 24)', async () => {
    const config = loadGatewayConfig({});
    expect(config.CSP_CONNECT_SRC_EXTRA).toBe('');
    expect(connectSrcExtraFrom('')).toEqual([]);
    expect(await cspWith(providerConnectSources(config.SONIOX_WS_URL))).toContain(
      "connect-src 'self' wss://stt-rt.soniox.com https://api.stripe.com;",
    );
    const eu = loadGatewayConfig({
      SONIOX_WS_URL: 'wss://stt-rt.eu.soniox.com/transcribe-websocket',
    });
    expect(await cspWith(providerConnectSources(eu.SONIOX_WS_URL))).toContain(
      "connect-src 'self' wss://stt-rt.eu.soniox.com https://api.stripe.com;",
    );
    expect(await cspWith()).toContain("connect-src 'self';");
  });

  it('adds the CSP_CONNECT_SRC_EXTRA sources (a local ws:// fake in browser tests)', async () => {
    const extra = connectSrcExtraFrom(' ws://127.0.0.1:4100   http://127.0.0.1:4101 ');
    expect(extra).toEqual(['ws://127.0.0.1:4100', 'http://127.0.0.1:4101']);
    expect(await cspWith(extra)).toContain(
      "connect-src 'self' ws://127.0.0.1:4100 http://127.0.0.1:4101;",
    );
  });

  it('refuses a value that would inject another directive', () => {
    expect(() =>
      loadGatewayConfig({ CSP_CONNECT_SRC_EXTRA: "ws://x; script-src 'unsafe-inline'" }),
    ).toThrow();
  });
});
