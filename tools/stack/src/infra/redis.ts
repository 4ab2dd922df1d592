// Redis: how to tell one answers, where its binary is, and a private instance of it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { COMPONENTS, type Endpoint, LOCALHOST, localEndpoint } from './components.js';
import { COMMON_BIN_DIRS, findExecutable } from './host.js';
import { exchange, type ProbeResult } from './net.js';
import { type Context, type Running, startPrivateServer } from './private-process.js';

function respCommand(...args: string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}

/** A Redis server answers PING (after AUTH when the URL carries credentials). */
export async function probeRedis(endpoint: Endpoint, timeoutMs = 2000): Promise<ProbeResult> {
  let request = respCommand('PING');
  let expectedReplies = 1;
  if (endpoint.password !== '') {
    const auth =
      endpoint.username !== ''
        ? respCommand('AUTH', endpoint.username, endpoint.password)
        : respCommand('AUTH', endpoint.password);
    request = auth + request;
    expectedReplies = 2;
  }
  const countLines = (text: string) => text.split('\r\n').length - 1;
  const result = await exchange(
    endpoint,
    request,
    (text) =>
      countLines(text) >= expectedReplies || (text.startsWith('-') && countLines(text) >= 1),
    timeoutMs,
  );
  if ('failure' in result) return { ok: false, reason: result.failure };
  const lines = result.reply.split('\r\n').filter((line) => line !== '');
  const error = lines.find((line) => line.startsWith('-'));
  if (error !== undefined) return { ok: false, reason: `Redis answered "${error.slice(1)}"` };
  if (lines.at(-1) === '+PONG') return { ok: true };
  return { ok: false, reason: `not a Redis server (answered "${lines[0] ?? ''}")` };
}

export function findRedisServer(searchPath = process.env.PATH ?? ''): string | undefined {
  return findExecutable('redis-server', COMMON_BIN_DIRS, searchPath);
}

/**
 * For `npm start`, Redis keeps an append-only file (fsync every second): queued jobs and quota
 * reservations survive a restart of Redis, as production Redis must (README). Tests run it as a
 * throwaway cache: no snapshots, no append-only file.
 */
export function privateRedisPersistence(mode: Context['mode']): string[] {
  return mode === 'start'
    ? ['--appendonly', 'yes', '--appendfsync', 'everysec']
    : ['--appendonly', 'no'];
}

export async function startPrivateRedis(ctx: Context, bin: string): Promise<Running> {
  const port = COMPONENTS.redis.privatePort;
  const dir = path.join(ctx.dataRoot, 'redis');
  mkdirSync(dir, { recursive: true });
  const handle = await startPrivateServer(ctx, {
    name: 'Redis',
    command: bin,
    args: [
      '--port',
      String(port),
      '--bind',
      LOCALHOST,
      '--save',
      '',
      ...privateRedisPersistence(ctx.mode),
      '--daemonize',
      'no',
      '--dir',
      dir,
    ],
    spawn: { stopSignal: 'SIGTERM', logName: 'redis' },
    probe: () => probeRedis(localEndpoint(port)),
    timeoutMs: 30_000,
  });
  return { description: `private instance (${bin})`, stop: handle.stop };
}
