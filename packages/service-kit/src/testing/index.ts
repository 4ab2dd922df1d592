import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope, EventSubject } from '@pv/contracts';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { dropDatabase, ensureDatabase } from '../db.js';
import { deleteDurable, subscribeDurable } from '../events.js';
import {
  type Principal,
  privateKeyFrom,
  publicKeyFrom,
  SessionStore,
  SessionTokens,
} from '../session.js';

/** Infrastructure URLs for tests: the ones `npm test` provisioned, or the standard local ports. */
export const testInfra = {
  postgresUrl: process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};

/** A fresh Ed25519 keypair in the env format (base64 DER). */
export function testSessionKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

/** A uniquely named, empty database for one test file; drop it in afterAll. */
export async function createTestDatabase(
  prefix: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `t_${prefix}_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(testInfra.postgresUrl, name);
  return { name, drop: () => dropDatabase(testInfra.postgresUrl, name) };
}

/** Polls until `check` returns a truthy value or the time runs out. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Condition not met in ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Finds a nats-server binary: NATS_SERVER_BIN, the PATH, or Debian's /usr/sbin. */
export function natsServerBinary(): string | undefined {
  const candidates = [
    process.env.NATS_SERVER_BIN,
    ...(process.env.PATH ?? '').split(':').map((d) => `${d}/nats-server`),
    '/usr/sbin/nats-server',
  ];
  return candidates.find((c): c is string => !!c && existsSync(c));
}

/**
 * A NATS server of the test's own (JetStream on, store in a temp folder) that the test can stop
 * and start again on the same port and store, to prove what happens while NATS is down.
 */
export async function startPrivateNats(): Promise<{
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}> {
  const binary = natsServerBinary();
  if (!binary)
    throw new Error(
      'nats-server not found: install it (Debian: apt-get install nats-server) or set NATS_SERVER_BIN',
    );
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'pv-nats-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
      stdio: 'ignore',
    });
    await eventually(() => canConnect(port), 10_000);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `nats://127.0.0.1:${port}`, stop, start };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** An ephemeral TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export { Client } from './http-client.js';

/**
 * A signed-in caller without going through auth: the same signed token and Redis session record
 * auth writes at login, so a service's own tests can act as a free user, a Premium user or an admin.
 */
export async function mintSession(
  keys: { publicKey: string; privateKey: string },
  redis: Redis,
  who: Partial<Principal> & { isAdmin?: boolean; isPremium?: boolean } = {},
): Promise<{ token: string; principal: Principal }> {
  const tokens = new SessionTokens(publicKeyFrom(keys.publicKey), privateKeyFrom(keys.privateKey));
  const userId = who.userId ?? randomUUID();
  const issued = tokens.issue(userId, 3600);
  const principal: Principal = {
    userId,
    sessionId: issued.sessionId,
    email: `${userId.slice(0, 8)}@clinica.test`,
    firstName: 'Teste',
    lastName: 'Usuário',
    fullName: 'Teste Usuário',
    isAdmin: false,
    isPremium: false,
    userStatus: 'active',
    mustChangePassword: false,
    ...who,
  };
  await new SessionStore(redis).put(principal, issued.expiresAt);
  return { token: issued.token, principal };
}

/**
 * Collects events of the given subjects through a durable consumer. `pause()` takes it offline
 * while keeping the durable (as a service that is down); `stop()` also deletes the durable.
 */
export async function collectEvents(nc: NatsConnection, durable: string, subjects: EventSubject[]) {
  const received: EventEnvelope[] = [];
  const subscription = await subscribeDurable(nc, {
    durable,
    subjects,
    handler: async (event) => {
      received.push(event);
    },
    log: pino({ level: 'silent' }),
  });
  return {
    received,
    pause: () => subscription.stop(),
    async stop() {
      await subscription.stop();
      await deleteDurable(nc, durable);
    },
    waitFor: (predicate: (e: EventEnvelope) => boolean) =>
      eventually(async () => received.find(predicate)),
  };
}
export {
  type ServiceUnderTest,
  type ServiceUnderTestSpec,
  startServiceUnderTest,
  type TestRole,
  urlOf,
} from './service-under-test.js';
