// A server process this run starts and owns (a private PostgreSQL, Redis or NATS): its own
// process group and log file, stopped on request, and waited for until it answers its probe.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { formatDuration } from '../log.js';
import { InfraError, type InfraMode } from './components.js';
import { display, sleep, tailFile } from './host.js';
import type { ProbeResult } from './net.js';

/** A server this run started, as the provisioning keeps it until the end of the run. */
export interface Running {
  description: string;
  stop(): Promise<void>;
}

export interface Context {
  mode: InfraMode;
  dataRoot: string;
  logDir: string;
  onUnexpectedExit: (label: string, detail: string) => void;
}

const liveChildren = new Set<{ child: ChildProcess; stopSignal: NodeJS.Signals }>();
let exitHookInstalled = false;

// Private servers run in their own process group (so that a terminal Ctrl-C does not stop the
// database before the services that use it); if this process dies without its cleanup running,
// tell them to stop anyway.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const { child, stopSignal } of liveChildren) child.kill(stopSignal);
  });
}

export interface ChildHandle {
  child: ChildProcess;
  logFile: string;
  exited: () => boolean;
  stop(): Promise<void>;
}

export function spawnPrivate(
  ctx: Context,
  label: string,
  command: string,
  args: string[],
  options: {
    uid?: number;
    gid?: number;
    cwd?: string;
    stopSignal: NodeJS.Signals;
    logName: string;
  },
): ChildHandle {
  installExitHook();
  const logFile = path.join(ctx.logDir, `${options.logName}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd ?? ctx.dataRoot,
    detached: true,
    stdio: ['ignore', fd, fd],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  });
  closeSync(fd);
  const entry = { child, stopSignal: options.stopSignal };
  liveChildren.add(entry);
  let stopping = false;
  let hasExited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      hasExited = true;
      liveChildren.delete(entry);
      if (!stopping) {
        ctx.onUnexpectedExit(
          label,
          `exited with ${signal ? `signal ${signal}` : `code ${code}`}; see ${display(logFile)}`,
        );
      }
      resolve();
    });
    child.once('error', (err) => {
      hasExited = true;
      liveChildren.delete(entry);
      ctx.onUnexpectedExit(label, `could not be started: ${err.message}`);
      resolve();
    });
  });
  return {
    child,
    logFile,
    exited: () => hasExited,
    async stop() {
      if (hasExited) return;
      stopping = true;
      child.kill(options.stopSignal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

/** Probes until the server answers; fails early, with its log, when it stopped instead. */
export async function waitUntilReady(
  label: string,
  probe: () => Promise<ProbeResult>,
  timeoutMs: number,
  handle: { exited: () => boolean; logHint: () => string },
): Promise<void> {
  const started = Date.now();
  let last: ProbeResult = { ok: false, reason: 'not probed yet' };
  while (Date.now() - started < timeoutMs) {
    if (handle.exited()) {
      throw new InfraError(`${label} stopped while starting.\n${handle.logHint()}`);
    }
    last = await probe();
    if (last.ok) return;
    await sleep(250);
  }
  throw new InfraError(
    `${label} did not accept connections within ${formatDuration(timeoutMs)} (${last.ok ? '' : last.reason}).\n${handle.logHint()}`,
  );
}

/**
 * Starts a private server and waits until `probe` accepts it; stops it again when it never
 * got ready, so that a failed start leaves nothing running.
 */
export async function startPrivateServer(
  ctx: Context,
  server: {
    /** As people know it: 'PostgreSQL', 'Redis', 'NATS'. */
    name: string;
    command: string;
    args: string[];
    spawn: Parameters<typeof spawnPrivate>[4];
    probe: () => Promise<ProbeResult>;
    timeoutMs: number;
  },
): Promise<ChildHandle> {
  const handle = spawnPrivate(
    ctx,
    `private ${server.name}`,
    server.command,
    server.args,
    server.spawn,
  );
  const logHint = () => `Last lines of ${display(handle.logFile)}:\n${tailFile(handle.logFile)}`;
  try {
    await waitUntilReady(server.name, server.probe, server.timeoutMs, {
      exited: handle.exited,
      logHint,
    });
  } catch (err) {
    await handle.stop();
    throw err;
  }
  return handle;
}
