import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** True when a process with this id exists (EPERM: it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface LockOptions {
  /** Written into the file; the holder that must be alive for the lock to count. */
  pid?: number;
  /** How long to wait for another live holder to let go (0: fail at once). */
  timeoutMs?: number;
  pollMs?: number;
  isAlive?: (pid: number) => boolean;
  /** Called once when the lock is held by someone else and we start waiting. */
  onWait?: (holderPid: number | undefined) => void;
}

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

/** An exclusive lock held through a file; release() removes it if it is still ours. */
export interface FileLock {
  file: string;
  pid: number;
  release(): void;
}

function readHolder(file: string): number | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^\d+$/.test(text) ? Number(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Tries once: creates `file` with O_EXCL, or removes it first when its holder has died. */
export function tryAcquireLock(
  file: string,
  pid: number,
  isAlive: (pid: number) => boolean = isProcessAlive,
): { acquired: true; lock: FileLock } | { acquired: false; holder: number | undefined } {
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      const lock: FileLock = {
        file,
        pid,
        release() {
          if (readHolder(file) === pid) unlinkSync(file);
        },
      };
      return { acquired: true, lock };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    // A file without a pid may be one that its creator is still writing: treat it as held.
    if (holder === undefined || isAlive(holder)) return { acquired: false, holder };
    // Stale (its holder died without releasing it): take it over once.
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return { acquired: false, holder: readHolder(file) };
}

/**
 * Takes an exclusive, stale-aware lock file, waiting up to `timeoutMs` for a live holder.
 *
 * @example
 *   const lock = await acquireLock('.data/e2e/stack.lock', { timeoutMs: 600_000 });
 *   try { ... } finally { lock.release(); }
 */
export async function acquireLock(file: string, options: LockOptions = {}): Promise<FileLock> {
  const pid = options.pid ?? process.pid;
  const timeoutMs = options.timeoutMs ?? 0;
  const pollMs = options.pollMs ?? 1000;
  const deadline = Date.now() + timeoutMs;
  let waiting = false;
  for (;;) {
    const attempt = tryAcquireLock(file, pid, options.isAlive);
    if (attempt.acquired) return attempt.lock;
    if (Date.now() >= deadline) {
      throw new LockTimeoutError(
        `${file} is held by ${attempt.holder === undefined ? 'another process' : `process ${attempt.holder}`}` +
          (timeoutMs > 0 ? ` (waited ${Math.round(timeoutMs / 1000)} s)` : ''),
      );
    }
    if (!waiting) {
      waiting = true;
      options.onWait?.(attempt.holder);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Machine-wide, not per checkout: whatever starts the product's services on their fixed ports
 * (8081-8087) — the browser suites, the fault suite, the capacity scenario — holds this lock, so
 * two of them never run at once on one machine.
 */
export const SERVICE_PORTS_LOCK_FILE = path.join(tmpdir(), 'pv-e2e-stack.lock');
