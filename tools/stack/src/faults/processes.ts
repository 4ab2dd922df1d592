// Finding, killing and bringing back the processes of a running `npm start`, from outside it: the
// fault suite treats the stack as an operator would, through signals and process tables (Linux
// /proc), so what it measures is what a real crash or restart does.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessSnapshot {
  pid: number;
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  uid: number;
  gid: number;
}

function readArgv(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((part) => part !== '');
  } catch {
    return undefined; // gone, or not ours to read
  }
}

/** The parent of `pid` (field 4 of /proc/<pid>/stat, after the parenthesised name). */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * Live processes whose command line contains every one of `parts` (in any place); with `parent`,
 * only its children (on a shared machine another checkout's tests run the same entry files).
 */
export function findProcesses(parts: string[], parent?: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const argv = readArgv(pid);
    if (!argv || argv.length === 0) continue;
    const line = argv.join(' ');
    if (!parts.every((part) => line.includes(part))) continue;
    if (parent === undefined || parentOf(pid) === parent) found.push(pid);
  }
  return found;
}

/** Everything needed to start the same process again after it is killed. */
export function snapshot(pid: number): ProcessSnapshot {
  const argv = readArgv(pid);
  if (!argv) throw new Error(`process ${pid} is gone`);
  const env: NodeJS.ProcessEnv = {};
  for (const pair of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const at = pair.indexOf('=');
    if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1] ?? process.getuid?.() ?? 0);
  const gid = Number(/^Gid:\s+(\d+)/m.exec(status)?.[1] ?? process.getgid?.() ?? 0);
  return { pid, argv, cwd: readlinkSync(`/proc/${pid}/cwd`), env, uid, gid };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` and waits (up to `timeoutMs`) for the process to be gone. */
export async function killAndWait(
  pid: number,
  signal: NodeJS.Signals,
  timeoutMs = 30_000,
): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return true;
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/** What the suite started itself: nothing supervises these, so the suite stops them at the end. */
export const startedBySuite: number[] = [];

/** Stops everything the suite started (the stack stops its own children). */
export async function stopStartedBySuite(): Promise<void> {
  await Promise.all(startedBySuite.map((pid) => killAndWait(pid, 'SIGTERM', 30_000)));
}

/** Starts a killed server again with its own command line, folder, environment and user. */
export function respawn(snap: ProcessSnapshot): number {
  const [command, ...args] = snap.argv;
  const child = spawn(command as string, args, {
    cwd: snap.cwd,
    env: snap.env,
    uid: snap.uid,
    gid: snap.gid,
    detached: true,
    stdio: 'ignore',
  });
  // A failed start is reported by the missing pid below, not by an unhandled 'error' event.
  child.on('error', () => undefined);
  child.unref();
  if (child.pid === undefined) throw new Error(`could not start ${command} again`);
  startedBySuite.push(child.pid);
  return child.pid;
}
