// CPU time of each process of a running `npm start`, read from Linux /proc: the capacity scenario
// divides the clinicians a step served by the cores each process used, which is what an HPA or a
// KEDA threshold needs (clinicians per core of that process).
import { readdirSync, readFileSync } from 'node:fs';
import { parentOf } from '../faults/processes.js';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

// `services/formatting/src/server.ts`, `services/formatting/src/workers/worker.ts`, ...
const SERVICE_ENTRY = /services\/([a-z-]+)\/src\/(?:workers\/)?([a-z-]+)\.ts/;

/** The name a process has in the capacity table, or undefined when it is not the product's. */
export function processLabel(commandLine: string): string | undefined {
  const entry = SERVICE_ENTRY.exec(commandLine);
  if (entry) {
    const [, service, file] = entry;
    if (file === 'server') return service;
    return file === 'worker'
      ? service === 'documents'
        ? 'pdf-worker'
        : `${service}-worker`
      : file;
  }
  if (/\bpostgres\b/.test(commandLine)) return 'postgres';
  if (/redis-server/.test(commandLine)) return 'redis';
  if (/nats-server/.test(commandLine)) return 'nats';
  return undefined;
}

function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / TICKS_PER_SECOND;
  } catch {
    return undefined; // gone between listing and reading
  }
}

/**
 * CPU seconds used so far by `root` and every process below it, summed per label. Descendants
 * only: the machine's own PostgreSQL or another checkout's stack must not be counted.
 */
export function cpuSecondsByProcess(root: number): Map<string, number> {
  const pids = readdirSync('/proc')
    .map(Number)
    .filter((pid) => Number.isInteger(pid));
  const parents = new Map(pids.map((pid) => [pid, parentOf(pid)]));
  const below = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at && hops < 64; hops += 1) {
      if (at === root) return true;
      at = parents.get(at);
    }
    return false;
  };
  const totals = new Map<string, number>();
  for (const pid of pids) {
    if (!below(pid)) continue;
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    const label = processLabel(commandLine);
    const seconds = label ? cpuSecondsOf(pid) : undefined;
    if (label && seconds !== undefined) totals.set(label, (totals.get(label) ?? 0) + seconds);
  }
  return totals;
}

/** What each label used between two readings. */
export function cpuDelta(
  before: Map<string, number>,
  after: Map<string, number>,
): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [label, seconds] of after)
    delta.set(label, Math.max(0, seconds - (before.get(label) ?? 0)));
  return delta;
}
