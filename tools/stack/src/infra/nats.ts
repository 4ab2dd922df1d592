// NATS: how to tell one answers, where its binary is, and a private instance with JetStream.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPONENTS, type Endpoint, LOCALHOST, localEndpoint } from './components.js';
import { COMMON_BIN_DIRS, display, findExecutable } from './host.js';
import { exchange, type ProbeResult } from './net.js';
import { type Context, type Running, startPrivateServer } from './private-process.js';

/** A NATS server greets every client with an INFO line before the client says anything. */
export async function probeNats(endpoint: Endpoint, timeoutMs = 2000): Promise<ProbeResult> {
  // The greeting is plain text even for TLS servers (unless they require TLS first).
  const plain = { ...endpoint, tls: false };
  const result = await exchange(plain, undefined, (text) => text.includes('\r\n'), timeoutMs);
  if ('failure' in result) return { ok: false, reason: result.failure };
  if (result.reply.startsWith('INFO ')) return { ok: true };
  return {
    ok: false,
    reason: `not a NATS server (answered "${result.reply.slice(0, 40).trim()}")`,
  };
}

export function findNatsServer(searchPath = process.env.PATH ?? ''): string | undefined {
  return findExecutable('nats-server', COMMON_BIN_DIRS, searchPath);
}

export async function startPrivateNats(ctx: Context, bin: string): Promise<Running> {
  const port = COMPONENTS.nats.privatePort;
  const dir = path.join(ctx.dataRoot, 'nats');
  mkdirSync(dir, { recursive: true });
  const handle = await startPrivateServer(ctx, {
    name: 'NATS',
    command: bin,
    args: ['-a', LOCALHOST, '-p', String(port), '-js', '-sd', dir],
    spawn: { stopSignal: 'SIGTERM', logName: 'nats' },
    probe: () => probeNats(localEndpoint(port)),
    timeoutMs: 30_000,
  });
  return {
    description: `private instance (${bin}, JetStream in ${display(dir)})`,
    stop: handle.stop,
  };
}

/**
 * Whether a NATS server asks clients to authenticate: its INFO greeting says `auth_required`.
 * `npm start` runs its own authorized NATS when the one it finds does not (docs/nats-identity.md).
 */
export async function natsRequiresAuth(endpoint: Endpoint, timeoutMs = 2000): Promise<boolean> {
  const plain = { ...endpoint, tls: false };
  const result = await exchange(plain, undefined, (text) => text.includes('\r\n'), timeoutMs);
  if ('failure' in result || !result.reply.startsWith('INFO ')) return false;
  try {
    const info = JSON.parse(result.reply.slice(5, result.reply.indexOf('\r\n'))) as {
      auth_required?: boolean;
    };
    return info.auth_required === true;
  } catch {
    return false;
  }
}

/** The port of `npm start`'s authorized NATS: apart from the plain private one tests may run. */
export const AUTHORIZED_NATS_PORT = COMPONENTS.nats.privatePort + 1;

/**
 * A private NATS with JetStream and the catalog's authorization (`config`: the users with their
 * passwords, written to a file only this user may read, under `.data/nats-authorized`).
 */
export async function startAuthorizedNats(
  ctx: Context,
  bin: string,
  config: string,
): Promise<Running> {
  const dir = path.join(ctx.dataRoot, 'nats-authorized');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'authorization.conf');
  writeFileSync(file, config, { mode: 0o600 });
  const port = AUTHORIZED_NATS_PORT;
  const handle = await startPrivateServer(ctx, {
    name: 'NATS',
    command: bin,
    args: ['-c', file, '-a', LOCALHOST, '-p', String(port), '-js', '-sd', dir],
    spawn: { stopSignal: 'SIGTERM', logName: 'nats-authorized' },
    probe: () => probeNats(localEndpoint(port)),
    timeoutMs: 30_000,
  });
  return {
    description: `private instance with a user per process (${bin}, JetStream in ${display(dir)})`,
    stop: handle.stop,
  };
}
