// The supervisor's roll (issue 29 item 3): the replacement binds beside the old process
// (SO_REUSEPORT), the old one is stopped only once the replacement said it is ready, and a
// caller hammering the port meanwhile is never refused.
import { Agent, get } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Supervisor } from '../src/processes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

function capture() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d) => {
    text += d.toString();
  });
  return { out, text: () => text };
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** GET / on `port` through `agent`: the answering process's pid. */
function askPid(port: number, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = get({ host: '127.0.0.1', port, path: '/', agent, timeout: 5_000 }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () => resolve(text));
      answer.on('error', reject);
    });
    call.on('timeout', () => call.destroy(new Error('no answer within 5 s')));
    call.on('error', (error: Error & { code?: string }) =>
      reject(Object.assign(error, { reusedSocket: call.reusedSocket })),
    );
  });
}

/**
 * Asks the port which process answers, until stopped, over kept-alive connections as the
 * gateway does; counts failures and says what they were. Like the gateway (and any keep-alive
 * client, RFC 9112 §9.3.1) it sends a GET again once when the old process closed the pooled
 * connection the GET went out on: what must never happen is a connection refused or a call
 * left unanswered.
 */
function hammer(port: number) {
  const agent = new Agent({ keepAlive: true });
  const pids = new Set<string>();
  const failures: string[] = [];
  let running = true;
  const stale = (error: unknown) => {
    const { code, reusedSocket } = error as { code?: string; reusedSocket?: boolean };
    return reusedSocket === true && (code === 'ECONNRESET' || code === 'EPIPE');
  };
  const loop = (async () => {
    while (running) {
      try {
        pids.add(
          await askPid(port, agent).catch((error: unknown) => {
            if (stale(error)) return askPid(port, agent);
            throw error;
          }),
        );
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        failures.push(code ?? message ?? String(error));
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    pids,
    failures: () => failures,
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
    },
  };
}

async function rolledServer(env: Record<string, string>) {
  const log = capture();
  const supervisor = new Supervisor({
    stdout: log.out,
    stderr: log.out,
    color: false,
    readyTimeoutMs: 60_000,
  });
  const port = await freePort();
  let generation = 0;
  const spec = {
    name: 'web',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(here, 'fixtures', 'rolled-server.ts')],
    cwd: repoRoot,
    get env() {
      // Each start is told which it is (the fixture's ROLL_FAIL spares the first).
      return {
        ...process.env,
        ...env,
        PORT: String(port),
        LISTEN_REUSE_PORT: 'true',
        ROLL_GENERATION: String(generation++),
      };
    },
  };
  supervisor.start([spec]);
  await until(() => log.text().includes('web | listening'), 60_000);
  return { supervisor, log, port };
}

describe.runIf(process.platform === 'linux')('the supervisor rolls a process', () => {
  it('starts the replacement beside the old one and stops the old one only once it is ready: no call refused', async () => {
    const { supervisor, log, port } = await rolledServer({ READY_DELAY_MS: '1500' });
    const first = supervisor.pidOf('web');
    const calls = hammer(port);
    try {
      await supervisor.roll();
      // The old process drains and goes; only the replacement answers.
      await until(() => log.text().includes('draining'), 10_000);
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await calls.stop();
    }
    const second = supervisor.pidOf('web');
    expect(second).not.toBe(first);
    expect(calls.failures()).toEqual([]);
    expect([...calls.pids].sort()).toEqual([String(first), String(second)].sort());
    const text = log.text();
    // The replacement listened (beside the old one) before the old one was told to drain.
    expect(text.lastIndexOf('web | listening')).toBeLessThan(text.indexOf('web | draining'));
    expect(text).toContain('roll finished');
    const after = await fetch(`http://127.0.0.1:${port}/`);
    expect(await after.text()).toBe(String(second));
    expect(await supervisor.shutdown('test over')).toBe(0);
  }, 120_000);

  it('keeps the old process when the replacement cannot start', async () => {
    const { supervisor, log, port } = await rolledServer({ ROLL_FAIL: '1' });
    const first = supervisor.pidOf('web');
    await supervisor.roll();
    expect(log.text()).toContain(
      'web: the replacement was not ready; the old process keeps serving',
    );
    expect(log.text()).toContain('kept the old web');
    expect(log.text()).not.toContain('draining');
    expect(supervisor.pidOf('web')).toBe(first);
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(await answer.text()).toBe(String(first));
    expect(await supervisor.shutdown('test over')).toBe(0);
  }, 120_000);
});
