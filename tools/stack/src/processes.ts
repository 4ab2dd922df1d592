import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { READY_MESSAGE } from '@pv/service-kit/supervised';
import { formatDuration, isColorEnabled, paint, prefixPalette } from './log.js';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface SupervisorOptions {
  stdout?: Writable;
  stderr?: Writable;
  color?: boolean;
  /** How long children get between SIGTERM and SIGKILL. */
  killTimeoutMs?: number;
  restart?: Partial<RestartPolicy>;
  /** How long a roll waits for a replacement to say it is ready before it gives up on it. */
  readyTimeoutMs?: number;
}

/**
 * What happens to a child that dies on its own: restarted after a delay doubling from
 * `initialDelayMs` up to `maxDelayMs`, until it has crashed `maxCrashes` times within `windowMs`;
 * then it is given up on, loudly. A crash-looping process would otherwise fill the terminal and
 * hide the first error, while a single crash (an OOM, a lost connection) should not need a person.
 */
export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  maxCrashes: number;
  windowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxCrashes: 5,
  windowMs: 60_000,
};

interface Managed {
  spec: ProcessSpec;
  child: ChildProcess;
  exited: Promise<void>;
  running: boolean;
  /** When it last died on its own, within the policy's window. */
  crashes: number[];
  restartTimer?: NodeJS.Timeout | undefined;
}

/** Calls `onLine` for each complete line of `stream`, and for a last line without a newline. */
export function forEachLine(stream: Readable, onLine: (line: string) => void): void {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    pending += decoder.write(chunk);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  });
  stream.on('end', () => {
    pending += decoder.end();
    if (pending !== '') onLine(pending.replace(/\r$/, ''));
    pending = '';
  });
}

/**
 * Runs named child processes with prefixed output, restarts one that dies (RestartPolicy), and
 * stops them together.
 * Example:
 *   const sup = new Supervisor();
 *   sup.installSignalHandlers();
 *   sup.start([{ name: 'auth', command: process.execPath, args: ['server.js'], env, cwd }]);
 *   process.exitCode = await sup.done();
 */
export class Supervisor {
  private readonly out: Writable;
  private readonly err: Writable;
  private readonly color: boolean;
  private readonly killTimeoutMs: number;
  private readonly restart: RestartPolicy;
  private readonly managed: Managed[] = [];
  private readonly cleanups: (() => Promise<void>)[] = [];
  private readonly crashed: string[] = [];
  /** Old processes a roll replaced, draining; shutdown waits for them too. */
  private readonly retired = new Set<ChildProcess>();
  private readonly readyTimeoutMs: number;
  private rolling: Promise<void> | undefined;
  private padWidth = 0;
  private shutdownPromise: Promise<number> | undefined;
  private resolveDone: (code: number) => void = () => {};
  private readonly donePromise: Promise<number>;
  // Signal handlers and pending promises do not keep Node alive; with no child running (no
  // service written yet) the process must still wait for Ctrl-C.
  private keepAlive: NodeJS.Timeout | undefined = setInterval(() => {}, 1 << 30);

  constructor(options: SupervisorOptions = {}) {
    this.out = options.stdout ?? process.stdout;
    this.err = options.stderr ?? process.stderr;
    this.color = options.color ?? isColorEnabled();
    this.killTimeoutMs = options.killTimeoutMs ?? 10_000;
    this.restart = { ...DEFAULT_RESTART_POLICY, ...options.restart };
    this.readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
    this.donePromise = new Promise((resolve) => {
      this.resolveDone = resolve;
    });
  }

  /** Runs after every child has stopped, in the order added (e.g. stopping private databases). */
  addCleanup(fn: () => Promise<void>): void {
    this.cleanups.push(fn);
  }

  get stopping(): boolean {
    return this.shutdownPromise !== undefined;
  }

  /** Names of the children still running. */
  runningNames(): string[] {
    return this.managed.filter((m) => m.running).map((m) => m.spec.name);
  }

  /** The process id of a running child (the fault suite kills children by it). */
  pidOf(name: string): number | undefined {
    const entry = this.managed.find((m) => m.spec.name === name && m.running);
    return entry?.child.pid;
  }

  installSignalHandlers(): void {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      // A Ctrl-C reaches this process several times (from the terminal and from each parent that
      // forwards it); shutdown() is idempotent, so the duplicates are harmless.
      process.on(signal, () => {
        void this.shutdown(`received ${signal}`);
      });
    }
    // `kill -USR2 <npm start's pid>`: the rollout an operator (or the fault suite) asks for.
    process.on('SIGUSR2', () => {
      void this.roll();
    });
  }

  start(specs: ProcessSpec[]): void {
    this.padWidth = Math.max(this.padWidth, ...specs.map((s) => s.name.length));
    for (const spec of specs) this.spawnOne(spec);
  }

  private prefix(spec: ProcessSpec): string {
    const index = this.managed.findIndex((m) => m.spec === spec);
    const color = prefixPalette[(index < 0 ? this.managed.length : index) % prefixPalette.length]!;
    return `${paint(color, spec.name.padEnd(this.padWidth), this.color)} ${paint('dim', '|', this.color)} `;
  }

  note(message: string, isError = false): void {
    const label = paint(isError ? 'red' : 'dim', '[stack]', this.color);
    (isError ? this.err : this.out).write(`${label} ${message}\n`);
  }

  /**
   * Starts a child with its output prefixed and an IPC channel, on which a kit process announces
   * that it is ready (READY_MESSAGE, `@pv/service-kit/supervised`).
   */
  private launch(spec: ProcessSpec): ChildProcess {
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const prefix = this.prefix(spec);
    if (child.stdout) forEachLine(child.stdout, (line) => this.out.write(`${prefix}${line}\n`));
    if (child.stderr) forEachLine(child.stderr, (line) => this.err.write(`${prefix}${line}\n`));
    return child;
  }

  private spawnOne(spec: ProcessSpec, previous?: Managed, launched?: ChildProcess): void {
    const child = launched ?? this.launch(spec);
    let settle: () => void = () => {};
    const exited = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const entry: Managed = previous ?? { spec, child, exited, running: true, crashes: [] };
    Object.assign(entry, { child, exited, running: true, restartTimer: undefined });
    if (!previous) this.managed.push(entry);

    const onEnd = (code: number | null, signal: NodeJS.Signals | null, failure?: Error) => {
      if (entry.child !== child || !entry.running) return;
      entry.running = false;
      settle();
      if (this.stopping) return;
      const how = failure
        ? `could not be started (${failure.message})`
        : `exited unexpectedly with ${signal ? `signal ${signal}` : `code ${code}`}`;
      const now = Date.now();
      entry.crashes = [...entry.crashes.filter((t) => now - t < this.restart.windowMs), now];
      const name = paint('bold', spec.name, this.color);
      if (!failure && entry.crashes.length < this.restart.maxCrashes) {
        const delay = Math.min(
          this.restart.initialDelayMs * 2 ** (entry.crashes.length - 1),
          this.restart.maxDelayMs,
        );
        this.note(
          `${name} ${how}; restarting it in ${formatDuration(delay)} ` +
            `(crash ${entry.crashes.length} of ${this.restart.maxCrashes} allowed within ${formatDuration(this.restart.windowMs)}).`,
          true,
        );
        entry.restartTimer = setTimeout(() => {
          if (!this.stopping) this.spawnOne(spec, entry);
        }, delay);
        return;
      }
      this.crashed.push(spec.name);
      const others = this.runningNames();
      this.note(
        `${name} ${how}. ` +
          (failure
            ? ''
            : `GIVING UP on ${spec.name}: it crashed ${entry.crashes.length} times within ${formatDuration(this.restart.windowMs)}; fix the error above and restart. `) +
          (others.length > 0 || this.restarting().length > 0
            ? `Still running: ${others.join(', ')} (Ctrl-C stops everything).`
            : 'Nothing is left running; shutting down.'),
        true,
      );
      if (others.length === 0 && this.restarting().length === 0)
        void this.shutdown('every process has stopped');
    };
    child.once('close', (code, signal) => onEnd(code, signal));
    child.once('error', (error) => onEnd(null, null, error));
  }

  /**
   * Rolls every running child, a few at a time, as a rollout does: each replacement starts beside
   * the process it replaces (servers share the port: SO_REUSEPORT, `@pv/service-kit/supervised`),
   * and only once it has said it is ready is the old one sent SIGTERM to drain. A replacement
   * that exits or is not ready in time is stopped and the old process keeps serving. A second
   * request while a roll runs joins it.
   */
  roll(concurrency = 2): Promise<void> {
    if (this.rolling) return this.rolling;
    this.rolling = (async () => {
      const began = Date.now();
      const queue = this.managed.filter((m) => m.running);
      this.note(`rolling ${queue.map((m) => m.spec.name).join(', ')}...`);
      const failed: string[] = [];
      const lane = async () => {
        for (let entry = queue.shift(); entry; entry = queue.shift()) {
          if (this.stopping) return;
          if (!(await this.rollOne(entry))) failed.push(entry.spec.name);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, lane));
      this.note(
        `roll finished in ${formatDuration(Date.now() - began)}` +
          (failed.length > 0 ? `; kept the old ${failed.join(', ')} (see above)` : ''),
        failed.length > 0,
      );
    })().finally(() => {
      this.rolling = undefined;
    });
    return this.rolling;
  }

  private async rollOne(entry: Managed): Promise<boolean> {
    const { spec } = entry;
    const child = this.launch(spec);
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.readyTimeoutMs);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      child.on('message', (message: unknown) => {
        if ((message as { type?: unknown } | null)?.type === READY_MESSAGE) done(true);
      });
      child.once('exit', () => done(false));
      child.once('error', () => done(false));
    });
    if (!ready || this.stopping || !entry.running) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      this.note(`${spec.name}: the replacement was not ready; the old process keeps serving`, true);
      return false;
    }
    const old = entry.child;
    this.retired.add(old);
    old.once('close', () => this.retired.delete(old));
    // The replacement takes the entry's place (and its restart policy); the old one drains.
    this.spawnOne(spec, entry, child);
    old.kill('SIGTERM');
    return true;
  }

  /** Children waiting out their backoff before a restart. */
  private restarting(): Managed[] {
    return this.managed.filter((m) => m.restartTimer !== undefined && !m.running);
  }

  /** Stops every child (SIGTERM, then SIGKILL after the timeout), then runs the cleanups. */
  shutdown(reason: string): Promise<number> {
    if (this.shutdownPromise) return this.shutdownPromise;
    this.shutdownPromise = (async () => {
      const began = Date.now();
      for (const m of this.managed) {
        clearTimeout(m.restartTimer);
        m.restartTimer = undefined;
      }
      const running = this.managed.filter((m) => m.running);
      if (running.length > 0) {
        this.note(`${reason}: stopping ${running.map((m) => m.spec.name).join(', ')}...`);
      } else {
        this.note(`${reason}: shutting down...`);
      }
      for (const m of running) m.child.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const m of this.managed.filter((x) => x.running)) {
          this.note(
            `${m.spec.name} did not stop within ${formatDuration(this.killTimeoutMs)}; killing it`,
            true,
          );
          m.child.kill('SIGKILL');
        }
        for (const child of this.retired) child.kill('SIGKILL');
      }, this.killTimeoutMs);
      const draining = [...this.retired].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('close', () => resolve());
          }),
      );
      await Promise.all([...running.map((m) => m.exited), ...draining]);
      clearTimeout(timer);
      for (const cleanup of this.cleanups) {
        try {
          await cleanup();
        } catch (error) {
          this.note(
            `cleanup failed: ${error instanceof Error ? error.message : String(error)}`,
            true,
          );
        }
      }
      if (this.keepAlive) clearInterval(this.keepAlive);
      this.keepAlive = undefined;
      const code = this.crashed.length > 0 ? 1 : 0;
      this.note(`stopped in ${formatDuration(Date.now() - began)}`);
      this.resolveDone(code);
      return code;
    })();
    return this.shutdownPromise;
  }

  /** Resolves with the exit code once shutdown has finished: 1 when a child was given up on, else 0. */
  done(): Promise<number> {
    return this.donePromise;
  }
}
