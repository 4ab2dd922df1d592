import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/index.js';

// A keep-alive connection whose request is in flight when close() begins must not hold close()
// until Fastify's keepAliveTimeout (72 s): the drain after SIGTERM, and every test's afterAll
// (startServiceUnderTest), close the app this way.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('closing a service app', () => {
  it('answers the request in flight with Connection: close and resolves once it is answered', async () => {
    const app = await createServiceApp({ name: 'close-test', logger: false });
    let reached: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/slow', async () => {
      reached();
      await released;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    let closed = false;
    cleanups.push(async () => {
      release();
      if (!closed) app.server.closeAllConnections();
    });

    // The client keeps its connection alive, as the gateway's proxy and the tests' fetch do.
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const inFlight = fetch(`${url}/slow`);
    await inHandler;
    const closing = app.close().then(() => {
      closed = true;
    });
    // The request ends only once the server has stopped listening (close() is under way).
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ ok: true });
    // Without the fix close() resolves only after keepAliveTimeout (72 s); 10 s is far from both.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), 10_000);
    });
    expect(await Promise.race([closing.then(() => 'closed' as const), late])).toBe('closed');
    clearTimeout(timer);
  }, 30_000);
});
