import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { scaled, testInfra } from '@pv/service-kit/testing';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';

const serverScript = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await listen(server);
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a service process on SIGTERM (runService)', () => {
  it(
    'finishes the request in flight, refuses new connections, then exits 0',
    async () => {
      let arrived: () => void = () => {};
      const upstreamReached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      // An upstream that answers slowly, like an LLM-backed format.
      const upstream = createServer((_req, res) => {
        arrived();
        setTimeout(() => res.end(JSON.stringify({ slow: 'ok' })), 1_500);
      });
      const upstreamUrl = await listen(upstream);
      cleanups.push(() => upstream.close());
      const port = await freePort();
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverScript], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          REDIS_URL: testInfra.redisUrl,
          AUTH_URL: upstreamUrl,
          SHUTDOWN_GRACE_MS: '10000',
          INTERNAL_PORT: '0',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
      const url = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600; i++) {
        const ok = await request(`${url}/health`)
          .then(async (r) => {
            await r.body.dump();
            return r.statusCode === 200;
          })
          .catch(() => false);
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }

      const inFlight = request(`${url}/auth/user`, { reset: true });
      await upstreamReached;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const response = await inFlight;
      expect(response.statusCode).toBe(200);
      expect(await response.body.json()).toEqual({ slow: 'ok' });
      expect(await exited).toEqual([0, null]);
      await expect(request(`${url}/health`)).rejects.toThrow(/ECONNREFUSED/);
    },
    scaled(120_000),
  );
});
