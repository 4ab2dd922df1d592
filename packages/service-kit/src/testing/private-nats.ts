import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';

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
 * `config` is the text of a nats-server configuration to start it with, or `configFile` a shipped
 * one (infra/nats/nats.conf: its port and monitoring port are overridden with free ones), with
 * `env` for the variables it reads (passwords); `log` keeps the server's log in the store folder
 * (`logFile`), to read what it refused (tests/infra/test/nats-identity.test.ts).
 */
export async function startPrivateNats(
  options: {
    config?: string;
    configFile?: string;
    env?: Record<string, string>;
    log?: boolean;
    tls?: { certFile: string; keyFile: string };
  } = {},
): Promise<{
  logFile: string;
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server for good and deletes its store. */
  dispose: () => Promise<void>;
}> {
  const binary = natsServerBinary();
  if (!binary)
    throw new Error(
      'nats-server not found: install it (Debian: apt-get install nats-server) or set NATS_SERVER_BIN',
    );
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'pv-nats-'));
  const logFile = join(storeDir, 'nats.log');
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
  if (options.config !== undefined) {
    const file = join(storeDir, 'nats.conf');
    writeFileSync(file, options.config, { mode: 0o600 });
    args.push('-c', file);
  }
  if (options.configFile !== undefined) {
    // Two calls of freePort may name the same port (each releases it before answering): the
    // server refuses to start when its monitoring port is its client port.
    let monitoring = await freePort();
    while (monitoring === port) monitoring = await freePort();
    args.push('-c', options.configFile, '-m', String(monitoring));
  }
  if (options.log) args.push('-l', logFile);
  let child: ChildProcess | undefined;
  const start = async () => {
    // --tls: every client must speak TLS (a plaintext CONNECT is answered "TLS Required").
    const tls = options.tls
      ? ['--tls', '--tlscert', options.tls.certFile, '--tlskey', options.tls.keyFile]
      : [];
    child = spawn(binary, [...args, ...tls], {
      stdio: 'ignore',
      env: { ...process.env, ...options.env },
    });
    await eventually(() => canConnect(port), 10_000);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const dispose = async () => {
    await stop();
    rmSync(storeDir, { recursive: true, force: true });
  };
  await start();
  return {
    url: `${options.tls ? 'tls' : 'nats'}://127.0.0.1:${port}`,
    logFile,
    stop,
    start,
    dispose,
  };
}

export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Binds `port` (0: any) on 127.0.0.1 and closes it again: the port it got, or undefined if taken. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * The lowest port the kernel hands out by itself (Linux's ip_local_port_range), or undefined
 * where it cannot be read.
 */
function ephemeralLow(): number | undefined {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(low) && low > 11_000 ? low : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A TCP port that was free a moment ago, for a process a test starts. Taken below the kernel's
 * ephemeral range where it can be read: a port from that range (what listening on port 0 gives)
 * may be taken, before the process binds it, by any outgoing connection of a test running beside
 * (a CI run failed so with EADDRINUSE); ports below it are only ever taken by a listener.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  if (low !== undefined) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const candidate = 10_000 + Math.floor(Math.random() * (low - 10_000));
      const port = await tryPort(candidate);
      if (port !== undefined) return port;
    }
  }
  const port = await tryPort(0);
  if (port === undefined) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}
