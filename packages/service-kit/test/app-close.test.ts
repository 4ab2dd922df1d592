import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { scaled } from '../src/testing/time-scale.js';

// Neither a keep-alive connection whose request is in flight when close() begins (held until
// Fastify's keepAliveTimeout, 72 s) nor a connection with no request on it yet (held until the
// client hangs up: seen in signed-documents-s3.test.ts's afterAll) may hold close(): the drain
// after SIGTERM, and every test's afterAll (startServiceUnderTest), close the app this way.

/** Resolves 'closed' if `closing` settles within 10 s, else 'late' (without the fix: 72 s or never). */
async function within10s(closing: Promise<unknown>): Promise<'closed' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), 10_000);
  });
  const outcome = await Promise.race([closing.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  return outcome;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('closing a service app', () => {
  it(
    'answers the request in flight with Connection: close and resolves once it is answered',
    async () => {
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
      expect(await within10s(closing)).toBe('closed');
    },
    scaled(30_000),
  );

  it(
    'drops a connection that has sent no request yet',
    async () => {
      const app = await createServiceApp({ name: 'close-test', logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // Connected, nothing sent: Node counts it busy, and close() stops the check that would time
      // it out (headersTimeout).
      const silent = connect(port, '127.0.0.1');
      const hungUp = new Promise<void>((resolve) => silent.once('close', () => resolve()));
      silent.on('error', () => undefined);
      await new Promise<void>((resolve) => silent.once('connect', () => resolve()));
      cleanups.push(async () => {
        silent.destroy();
        app.server.closeAllConnections();
      });
      expect(await within10s(app.close())).toBe('closed');
      await hungUp;
    },
    scaled(30_000),
  );
});
