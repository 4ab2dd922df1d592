import { connect } from 'node:net';
import { Messages } from '@pv/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';

// Issue 16: during a rollout the fault suite read Fastify's own 503 ({error, message, statusCode},
// no code) from a closing service. A request that reaches a closing app is refused in the one
// error shape instead, with its code and pt-BR message, and the running one still finishes.

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('a closing service', () => {
  it('finishes the request in flight with Connection: close; a request behind it on that connection never gets a bare 503', async () => {
    const app = await createServiceApp({ name: 'closing-test', logger: false });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { done: true };
    });
    app.get('/fast', async () => ({ done: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    close = () => app.close();

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    // A kept-alive connection busy with a slow request when the app starts closing; the next
    // request on it arrives while it closes.
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    socket.destroy();
    await closing;
    close = undefined;

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    // The running request finishes, and its answer tells the client to leave the connection.
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[0]?.toLowerCase()).toContain('connection: close');
    // Whatever else this connection got is our 503, never Fastify's bare one (the closing app
    // drops the connection once its answer is out, so usually nothing else arrives: the caller's
    // next request goes to a new connection, which the gateway answers with its own 503).
    for (const later of answers.slice(1)) {
      expect(later).toMatch(/^HTTP\/1\.1 503/);
      const body = JSON.parse(later.slice(later.indexOf('\r\n\r\n') + 4)) as Record<
        string,
        unknown
      >;
      expect(body).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: Messages.restarting,
      });
    }
  });

  it('refuses a request on a new connection while the app drains (its preClose hooks still running), in the error shape', async () => {
    const app = await createServiceApp({ name: 'closing-test', logger: false });
    app.get('/fast', async () => ({ done: true }));
    // A service's own drain (workers handing back jobs, a relay flushing) runs in preClose while
    // the server still listens: what arrives then must get the clear 503, not a bare one.
    let releaseDrain: () => void = () => {};
    const drained = new Promise<void>((resolve) => {
      releaseDrain = resolve;
    });
    let draining: () => void = () => {};
    const drainStarted = new Promise<void>((resolve) => {
      draining = resolve;
    });
    app.addHook('preClose', async () => {
      draining();
      await drained;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const closing = app.close();
    close = async () => {
      releaseDrain();
      await closing;
    };
    await drainStarted;

    const answer = await fetch(`http://127.0.0.1:${port}/fast`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: Messages.restarting,
    });
  });
});
