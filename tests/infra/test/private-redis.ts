// A redis-server of the test's own, started with an ACL file: the shared Redis of the machine runs
// without users, and the test must not change it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRedisServer } from '@pv/stack/infra';
import { Redis } from 'ioredis';

/** The redis-server binary (PATH and the usual folders), if this machine has one. */
export const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? findRedisServer();

export interface PrivateRedis {
  port: number;
  /** redis://user:password@127.0.0.1:port */
  url(user: string, password: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivateRedis(aclFile: string): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pv-redis-acl-'));
  const acl = path.join(dir, 'users.acl');
  writeFileSync(acl, aclFile, { mode: 0o600 });
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'].concat([
      '--dir',
      dir,
      '--aclfile',
      acl,
    ]),
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch (err) {
      probe.disconnect();
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`redis-server with the ACL file did not start: ${(err as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    url: (user, password) => `redis://${user}:${password}@127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
