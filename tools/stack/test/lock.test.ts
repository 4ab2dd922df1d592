import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, isProcessAlive, LockTimeoutError, tryAcquireLock } from '../src/lock.js';

describe('the e2e lock file', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pv-e2e-lock-'));
    file = path.join(dir, 'nested', 'stack.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is created exclusively with the holder pid and removed on release', async () => {
    const lock = await acquireLock(file, { pid: 4242, isAlive: () => true });
    expect(readFileSync(file, 'utf8').trim()).toBe('4242');
    const second = tryAcquireLock(file, 5151, () => true);
    expect(second).toEqual({ acquired: false, holder: 4242 });
    lock.release();
    expect(tryAcquireLock(file, 5151, () => true).acquired).toBe(true);
  });

  it('takes over a lock whose holder has died', () => {
    const stale = path.join(dir, 'stack.lock');
    writeFileSync(stale, '999999\n');
    const attempt = tryAcquireLock(stale, 7, (pid) => pid !== 999999);
    expect(attempt.acquired).toBe(true);
    expect(readFileSync(stale, 'utf8').trim()).toBe('7');
  });

  it('waits for a live holder, then fails naming it', async () => {
    writeFileSync(path.join(dir, 'held.lock'), '1234\n');
    let waitedFor: number | undefined;
    const attempt = acquireLock(path.join(dir, 'held.lock'), {
      pid: 1,
      timeoutMs: 150,
      pollMs: 20,
      isAlive: () => true,
      onWait: (holder) => {
        waitedFor = holder;
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(LockTimeoutError);
    await expect(attempt).rejects.toThrow(/process 1234/);
    expect(waitedFor).toBe(1234);
  });

  it('is acquired as soon as the live holder lets go', async () => {
    const held = await acquireLock(file, { pid: 11, isAlive: () => true });
    setTimeout(() => held.release(), 60);
    const lock = await acquireLock(file, {
      pid: 12,
      timeoutMs: 2000,
      pollMs: 20,
      isAlive: () => true,
    });
    expect(readFileSync(file, 'utf8').trim()).toBe('12');
    lock.release();
  });

  it('release never removes a lock that another run has taken since', async () => {
    const lock = await acquireLock(file, { pid: 21, isAlive: () => true });
    writeFileSync(file, '22\n');
    lock.release();
    expect(readFileSync(file, 'utf8').trim()).toBe('22');
  });

  it('knows this process is alive and a nonsense pid is not', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(0)).toBe(false);
    expect(isProcessAlive(-5)).toBe(false);
  });
});
