import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  findExecutable,
  findPostgresBinaries,
  InfraError,
  missingInfraMessage,
  parseServerUrl,
  probeNats,
  probeRedis,
  probeTcp,
  redactUrl,
} from '../src/infra/index.js';

describe('parseServerUrl', () => {
  it('fills in the default port of each server', () => {
    expect(
      parseServerUrl('postgres', 'postgres://postgres@db.internal').endpoints[0],
    ).toMatchObject({
      host: 'db.internal',
      port: 5432,
      username: 'postgres',
    });
    expect(parseServerUrl('redis', 'redis://127.0.0.1').endpoints[0]?.port).toBe(6379);
    expect(parseServerUrl('nats', 'nats://127.0.0.1').endpoints[0]?.port).toBe(4222);
  });

  it('strips a trailing slash from a Postgres server URL', () => {
    expect(parseServerUrl('postgres', 'postgres://postgres@127.0.0.1:5433/').url).toBe(
      'postgres://postgres@127.0.0.1:5433',
    );
  });

  it('reads credentials and TLS from a Redis URL', () => {
    const [endpoint] = parseServerUrl('redis', 'rediss://app:s%40cret@cache:6380').endpoints;
    expect(endpoint).toEqual({
      host: 'cache',
      port: 6380,
      tls: true,
      username: 'app',
      password: 's@cret',
    });
  });

  it('accepts a comma-separated NATS server list, with or without scheme', () => {
    const parsed = parseServerUrl('nats', 'nats://a:4222, b:4333');
    expect(parsed.endpoints.map((e) => `${e.host}:${e.port}`)).toEqual(['a:4222', 'b:4333']);
    expect(parsed.url).toBe('nats://a:4222,nats://b:4333');
  });

  it('names the variable when the scheme is wrong', () => {
    expect(() => parseServerUrl('redis', 'http://127.0.0.1:6379')).toThrowError(InfraError);
    expect(() => parseServerUrl('redis', 'http://127.0.0.1:6379')).toThrowError(
      /^REDIS_URL must start with redis:\/\//,
    );
  });

  it('refuses a Postgres URL with a database name, since each service picks its own', () => {
    expect(() => parseServerUrl('postgres', 'postgres://u@h:5432/auth')).toThrowError(
      /POSTGRES_URL must be a server URL without a database name/,
    );
  });

  it('never echoes a password in its errors', () => {
    let message = '';
    try {
      parseServerUrl('postgres', 'postgres://u:hunter2@h:5432/auth');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('postgres://u:***@h:5432/auth');
    expect(message).not.toContain('hunter2');
  });
});

describe('redactUrl', () => {
  it('hides every password in a server list and leaves URLs without one alone', () => {
    expect(redactUrl('nats://a:x@h1:4222,nats://b:y@h2:4222')).toBe(
      'nats://a:***@h1:4222,nats://b:***@h2:4222',
    );
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});

describe('missingInfraMessage', () => {
  it('lists only the missing servers, with Debian and Homebrew package names', () => {
    const message = missingInfraMessage(['nats', 'postgres']);
    expect(message).toMatch(/^PostgreSQL, NATS are needed/);
    expect(message).toContain('apt-get install -y --no-install-recommends postgresql nats-server');
    expect(message).toContain('brew install postgresql@15 nats-server');
    expect(message).toContain('POSTGRES_URL / NATS_URL');
    expect(message).not.toContain('redis');
  });

  it('speaks in the singular for one server', () => {
    const message = missingInfraMessage(['redis']);
    expect(message).toMatch(/^Redis is needed/);
    expect(message).toContain('brew install redis\n');
  });
});

describe('probes against real local listeners', () => {
  const servers: net.Server[] = [];
  const sockets: net.Socket[] = [];

  async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
    const server = net.createServer((socket) => {
      sockets.push(socket);
      onConnection(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as net.AddressInfo).port;
  }

  async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  const endpoint = (port: number, extra: Partial<{ username: string; password: string }> = {}) => ({
    host: '127.0.0.1',
    port,
    tls: false,
    username: '',
    password: '',
    ...extra,
  });

  afterEach(async () => {
    // server.close() waits for every connection, and a fake may still hold one open.
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('probeTcp tells an open port from a closed one', async () => {
    const open = await listen((socket) => socket.end());
    expect(await probeTcp('127.0.0.1', open)).toBe(true);
    expect(await probeTcp('127.0.0.1', await closedPort())).toBe(false);
  });

  it('probeRedis accepts a server that answers PING with PONG', async () => {
    const received: string[] = [];
    const port = await listen((socket) =>
      socket.on('data', (data) => {
        received.push(data.toString());
        socket.write('+PONG\r\n');
      }),
    );
    expect(await probeRedis(endpoint(port))).toEqual({ ok: true });
    expect(received.join('')).toBe('*1\r\n$4\r\nPING\r\n');
  });

  it('probeRedis authenticates first when the URL has a password, and reports a refusal', async () => {
    let request = '';
    const port = await listen((socket) =>
      socket.on('data', (data) => {
        request += data.toString();
        socket.write('-WRONGPASS invalid username-password pair\r\n');
      }),
    );
    const result = await probeRedis(endpoint(port, { username: 'app', password: 'pw' }));
    expect(request.startsWith('*3\r\n$4\r\nAUTH\r\n$3\r\napp\r\n$2\r\npw\r\n')).toBe(true);
    expect(result).toEqual({
      ok: false,
      reason: 'Redis answered "WRONGPASS invalid username-password pair"',
    });
  });

  it('probeRedis rejects a server that speaks another protocol', async () => {
    const port = await listen((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    const result = await probeRedis(endpoint(port));
    expect(result.ok).toBe(false);
  });

  it('probeNats accepts the INFO greeting and rejects silence', async () => {
    const nats = await listen((socket) =>
      socket.write('INFO {"server_id":"x","jetstream":true}\r\n'),
    );
    expect(await probeNats(endpoint(nats))).toEqual({ ok: true });
    const silent = await listen(() => {});
    expect(await probeNats(endpoint(silent), 300)).toEqual({
      ok: false,
      reason: 'no answer (timed out)',
    });
    const refused = await probeNats(endpoint(await closedPort()));
    expect(refused).toEqual({ ok: false, reason: 'ECONNREFUSED' });
  });
});

describe('binary discovery', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pv-stack-bin-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function fakeBinary(folder: string, name: string, executable = true): void {
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, name);
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, executable ? 0o755 : 0o644);
  }

  it('finds an executable on the given PATH before the extra folders, and skips non-executables', () => {
    const first = path.join(dir, 'first');
    const second = path.join(dir, 'second');
    fakeBinary(first, 'tool-a', false);
    fakeBinary(second, 'tool-a');
    fakeBinary(first, 'tool-b');
    expect(findExecutable('tool-a', [], [first, second].join(path.delimiter))).toBe(
      path.join(second, 'tool-a'),
    );
    expect(findExecutable('tool-b', [first], second)).toBe(path.join(first, 'tool-b'));
    expect(findExecutable('tool-c', [], [first, second].join(path.delimiter))).toBeUndefined();
  });

  it('takes initdb and postgres from the same folder', () => {
    const onlyInitdb = path.join(dir, 'pg-a');
    const both = path.join(dir, 'pg-b');
    fakeBinary(onlyInitdb, 'initdb');
    fakeBinary(both, 'initdb');
    fakeBinary(both, 'postgres');
    const found = findPostgresBinaries([onlyInitdb, both].join(path.delimiter));
    expect(found).toEqual({
      initdb: path.join(both, 'initdb'),
      postgres: path.join(both, 'postgres'),
    });
  });
});
