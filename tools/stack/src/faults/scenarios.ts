// The faults, one at a time, each inside its own phase: load on, fault, recovery, load off, then
// the books: what answered, what was counted, what reached the vault.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { COMPONENTS, localUrl } from '../infra/components.js';
import { repoRoot } from '../paths.js';
import { type GatewayClient, type OpResult, runLoad, succeeded } from './load.js';
import {
  findProcesses,
  killAndWait,
  type ProcessSnapshot,
  respawn,
  snapshot,
} from './processes.js';

export interface FaultContext {
  baseUrl: string;
  admin: GatewayClient;
  vaultAdminKey: string;
  clinicians: { user: string; client: GatewayClient }[];
  /** The `npm start` process (its supervisor rolls everything on SIGUSR2). */
  stackPid: number;
}

export interface Fault {
  key: string;
  label: string;
  run(context: FaultContext, all: OpResult[]): Promise<FaultOutcome>;
}

export type FaultOutcome =
  | { fault: Fault; error: string }
  | {
      fault: Fault;
      requests: number;
      /** Presses whose first attempt failed: what a client without retries would have shown. */
      rawFailed: number;
      /** Presses that failed after the client's retries: what a person sees. */
      failed: number;
      /** Presses of which any attempt got a 500 (a bug, as far as the caller can tell). */
      failedWith500: number;
      /** The longest a press waited on its retries (first failed attempt to its end). */
      longestRetryMs: number;
      /** Formats that ended without a note and without a clear answer (timeout, reset, bare 5xx). */
      notesLost: number;
      /** Billing's format and PDF counts minus what was delivered (positive: counted twice). */
      countedMinusDelivered: { formats: number; pdfs: number };
      /** Delivered notes and archives that never reached the vault. */
      vaultMissing: number;
      /** From the fault to the moment every kind of call succeeded again. */
      recoverMs: number | null;
      notes: string[];
    };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PHASE_STEADY_MS = Number(process.env.FAULTS_STEADY_MS ?? 8000);
const RECOVERY_LIMIT_MS = 180_000;

async function usageTotals(context: FaultContext): Promise<{ formats: number; pdfs: number }> {
  let formats = 0;
  let pdfs = 0;
  for (const { client } of context.clinicians) {
    // The books are read after a fault too: billing (or the gateway) may still be coming back.
    let { status, json } = await client.call('GET', '/api/user-metrics', undefined, 10_000);
    for (const until = Date.now() + 120_000; status !== 200 && Date.now() < until; ) {
      await sleep(2_000);
      ({ status, json } = await client
        .call('GET', '/api/user-metrics', undefined, 10_000)
        .catch(() => ({ status: 0, json: undefined })));
    }
    if (status !== 200) throw new Error(`user-metrics answered ${status}`);
    const month = json?.currentMonth as { formattingCount: number; pdfGenerationCount: number };
    formats += month.formattingCount;
    pdfs += month.pdfGenerationCount;
  }
  return { formats, pdfs };
}

/** Which delivered consultations the vault does not hold (after letting events arrive). */
async function vaultMissing(context: FaultContext, consultIds: string[]): Promise<number> {
  if (consultIds.length === 0) return 0;
  const unlock = await context.admin.call('POST', '/api/admin/transcript-vault/login', {
    adminKey: context.vaultAdminKey,
  });
  if (unlock.status !== 200) throw new Error(`vault unlock answered ${unlock.status}`);
  let missing = consultIds;
  const deadline = Date.now() + 60_000;
  while (missing.length > 0 && Date.now() < deadline) {
    const still: string[] = [];
    for (const id of missing) {
      const { status } = await context.admin.call(
        'GET',
        `/api/admin/transcript-vault/record/${id}`,
        undefined,
        10_000,
      );
      if (status !== 200) still.push(id);
    }
    missing = still;
    if (missing.length > 0) await sleep(2000);
  }
  return missing.length;
}

/**
 * One fault's phase: steady load, the fault, load until every kind succeeds again (or the limit),
 * steady load, then the load stops and the books are read once events have settled.
 */
async function phase(
  fault: Fault,
  context: FaultContext,
  all: OpResult[],
  inject: () => Promise<string[]>,
): Promise<FaultOutcome> {
  const before = await usageTotals(context);
  const results: OpResult[] = [];
  const stop = new AbortController();
  const load = runLoad(context.clinicians, results, stop.signal);
  await sleep(PHASE_STEADY_MS);
  const faultAt = Date.now();
  const notes = await inject();
  const injectedAt = Date.now();
  let recoverMs: number | null = null;
  const deadline = injectedAt + RECOVERY_LIMIT_MS;
  while (Date.now() < deadline) {
    const kinds = new Set(
      results.filter((r) => r.startedAt >= injectedAt && succeeded(r)).map((r) => r.kind),
    );
    if (kinds.size === 3) {
      const firstOk = Math.max(
        ...(['format', 'pdf', 'archive'] as const).map(
          (kind) =>
            results.find((r) => r.kind === kind && r.startedAt >= injectedAt && succeeded(r))
              ?.endedAt ?? 0,
        ),
      );
      recoverMs = firstOk - faultAt;
      break;
    }
    await sleep(500);
  }
  await sleep(PHASE_STEADY_MS);
  stop.abort();
  await load;
  all.push(...results);

  const delivered = {
    formats: results.filter((r) => r.kind === 'format' && succeeded(r)).length,
    pdfs: results.filter((r) => r.kind === 'pdf' && succeeded(r)).length,
  };
  // Events travel through outboxes and consumers: give the counts time to settle.
  let after = await usageTotals(context);
  for (let i = 0; i < 20; i += 1) {
    if (
      after.formats - before.formats >= delivered.formats &&
      after.pdfs - before.pdfs >= delivered.pdfs
    )
      break;
    await sleep(2000);
    after = await usageTotals(context);
  }
  await sleep(2000);
  after = await usageTotals(context);
  const failed = results.filter((r) => !succeeded(r));
  const byAnswer = new Map<string, number>();
  for (const r of failed) {
    const answer = `${r.kind} ${r.status || 'no answer'}${r.code ? ` ${r.code}` : ''}`;
    byAnswer.set(answer, (byAnswer.get(answer) ?? 0) + 1);
  }
  if (byAnswer.size > 0)
    notes.push(`failures: ${[...byAnswer].map(([answer, n]) => `${n}× ${answer}`).join(', ')}`);
  // What the unreadable answers were: real status and body shape (never their text).
  const shapes = new Map<string, number>();
  for (const r of failed.filter((f) => f.unreadable)) {
    const shape = `${r.kind} ${r.unreadable}`;
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  if (shapes.size > 0)
    notes.push(`unreadable: ${[...shapes].map(([shape, n]) => `${n}× ${shape}`).join(', ')}`);
  // Presses whose first attempt failed and that were retried (as the workspace does), by what
  // the first attempt got and how the press ended.
  const retries = new Map<string, number>();
  for (const r of results.filter((f) => f.rawFailures)) {
    const shape = `${r.kind} ${r.rawFailures![0]} -> ${succeeded(r) ? 'delivered' : `${r.status || 'no answer'}${r.code ? ` ${r.code}` : ''}`}`;
    retries.set(shape, (retries.get(shape) ?? 0) + 1);
  }
  if (retries.size > 0)
    notes.push(`retried: ${[...retries].map(([shape, n]) => `${n}× ${shape}`).join(', ')}`);
  return {
    fault,
    requests: results.length,
    rawFailed: results.filter((r) => r.rawFailures).length,
    failed: failed.length,
    failedWith500: results.filter(
      (r) => r.status === 500 || r.rawFailures?.some((f) => f.startsWith('500')),
    ).length,
    longestRetryMs: Math.max(0, ...results.map((r) => r.retriedWaitMs ?? 0)),
    notesLost: failed.filter((r) => r.kind === 'format' && (r.status === 0 || !r.code)).length,
    countedMinusDelivered: {
      formats: after.formats - before.formats - delivered.formats,
      pdfs: after.pdfs - before.pdfs - delivered.pdfs,
    },
    vaultMissing: await vaultMissing(
      context,
      results
        .filter((r) => r.kind !== 'pdf' && succeeded(r) && r.consultId)
        .map((r) => r.consultId!),
    ),
    recoverMs,
    notes,
  };
}

/**
 * Whether as many processes match `parts` as before the kill, none of them a killed one, within
 * `ms`: the supervisor brought it back.
 */
async function cameBack(
  parts: string[],
  killed: number[],
  ms: number,
  parent?: number,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const now = findProcesses(parts, parent);
    if (now.length >= killed.length && now.every((pid) => !killed.includes(pid))) return true;
    await sleep(250);
  }
  return false;
}

/**
 * SIGKILLs the stack's process matching `parts` mid-job (only a child of `stackPid`: on a shared
 * machine another checkout's tests run the same worker files); notes whether anything restarted it.
 */
function killWorker(parts: string[], stackPid: number): () => Promise<string[]> {
  return async () => {
    const pids = findProcesses(parts, stackPid);
    if (pids.length === 0) throw new Error(`no process matches ${parts.join(' ')}`);
    const snaps = pids.map(snapshot);
    await Promise.all(pids.map((pid) => killAndWait(pid, 'SIGKILL')));
    if (await cameBack(parts, pids, 15_000, stackPid)) return ['restarted by the supervisor'];
    for (const snap of snaps) respawn(snap);
    return ['NOT restarted by the supervisor within 15 s: the suite started it again'];
  };
}

/** The private server listening on `port`, found by its command line. */
function serverSnapshot(binary: string, port: number): ProcessSnapshot {
  const [pid] = findProcesses([binary, String(port)]);
  if (pid === undefined) throw new Error(`no ${binary} on port ${port}`);
  return snapshot(pid);
}

function restartServer(
  binary: string,
  port: number,
  signal: NodeJS.Signals,
  fixArgv: (snap: ProcessSnapshot) => ProcessSnapshot = (snap) => snap,
  downMs = 3000,
): () => Promise<string[]> {
  return async () => {
    const snap = fixArgv(serverSnapshot(binary, port));
    if (!(await killAndWait(snap.pid, signal, 60_000))) throw new Error(`${binary} did not stop`);
    await sleep(downMs);
    respawn(snap);
    return [`${binary} down for ${downMs / 1000} s, then started again`];
  };
}

// Redis rewrites its command line to "redis-server 127.0.0.1:PORT"; rebuild the arguments the
// stack gives it (tools/stack/src/infra/redis.ts), in its data folder (its working directory).
function redisArgv(snap: ProcessSnapshot): ProcessSnapshot {
  const port = String(COMPONENTS.redis.privatePort);
  return {
    ...snap,
    argv: [
      (snap.argv[0] as string).split(' ')[0] as string,
      '--port',
      port,
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--daemonize',
      'no',
      '--dir',
      snap.cwd,
    ],
  };
}

function serviceEntries(): string[] {
  const services = path.join(repoRoot, 'services');
  return ['auth', 'formatting', 'billing', 'documents', 'support', 'vault', 'analytics', 'gateway']
    .map((name) => `services/${name}/src/server.ts`)
    .filter((entry) => {
      try {
        readFileSync(path.join(services, '..', entry));
        return true;
      } catch {
        return false;
      }
    });
}

/** The entry files of every process `npm start` runs: services, then workers. */
function processEntries(): string[] {
  const workers = ['services/formatting/src/workers/', 'services/documents/src/workers/'];
  return [...serviceEntries(), ...workers];
}

/**
 * A rollout as the operator asks for it: SIGUSR2 to `npm start`, whose supervisor starts each
 * process's replacement beside it, waits for its readiness and only then stops the old one
 * (tools/stack/src/processes.ts). Done when every process has been replaced and the old ones
 * have drained and exited.
 */
async function rollEverything(stackPid: number): Promise<string[]> {
  // The stack's own children only: another checkout's tests may run the same entry files.
  const before = new Map(
    processEntries().map((entry) => [entry, findProcesses([entry], stackPid)]),
  );
  process.kill(stackPid, 'SIGUSR2');
  const notes: string[] = [];
  for (const [entry, pids] of before) {
    if (pids.length === 0) continue;
    // The supervisor rolls two at a time and waits up to its ready timeout for each.
    if (!(await cameBack([entry], pids, 600_000, stackPid)))
      notes.push(`${entry.split('/')[1]} not replaced within 10 min`);
  }
  return notes.length > 0
    ? notes
    : ['every process replaced by the supervisor (new one ready before the old one stopped)'];
}

/**
 * The restore drill: back billing's database up, keep the load on, restore the dump (so billing
 * forgets what it counted since), then reconcile the documented way: delete billing's durable
 * consumer and restart billing; it replays the stream and its processed-event log skips what the
 * restored database already holds.
 */
async function restoreBilling(stackPid: number): Promise<string[]> {
  const server = localUrl('postgres', COMPONENTS.postgres.privatePort);
  const dir = path.join(repoRoot, '.data', 'faults', 'backups');
  const node = process.execPath;
  const backup = spawnSync(
    node,
    ['scripts/backup.mjs', '--server', server, '--dir', dir, '--databases', 'billing'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (backup.status !== 0) throw new Error(`backup failed: ${backup.stderr}`);
  await sleep(10_000); // billing counts more after the dump
  const restore = spawnSync(
    node,
    [
      'scripts/restore.mjs',
      '--database',
      'billing',
      '--server',
      server,
      '--dir',
      dir,
      '--drop-previous',
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (restore.status !== 0) throw new Error(`restore failed: ${restore.stderr}`);
  const nc = await connect({ servers: localUrl('nats', COMPONENTS.nats.privatePort) });
  const jsm = await jetstreamManager(nc);
  await jsm.consumers.delete('PV_EVENTS', 'billing-usage').catch(() => undefined);
  await nc.close();
  const entry = 'services/billing/src/server.ts';
  const [pid] = findProcesses([entry], stackPid);
  if (pid !== undefined) {
    const snap = snapshot(pid);
    await killAndWait(pid, 'SIGTERM', 150_000);
    if (!(await cameBack([entry], [pid], 10_000, stackPid))) respawn(snap);
  }
  return ['billing restored to a dump 10 s old; durable deleted, billing restarted to replay'];
}

export const FAULTS: Fault[] = [
  {
    key: 'formatting-worker',
    label: 'SIGKILL the formatting-worker mid-job',
    run: (c, all) =>
      phase(FAULTS[0]!, c, all, killWorker(['services/formatting/src/workers/'], c.stackPid)),
  },
  {
    key: 'pdf-worker',
    label: 'SIGKILL the pdf-worker mid-job',
    run: (c, all) =>
      phase(FAULTS[1]!, c, all, killWorker(['services/documents/src/workers/'], c.stackPid)),
  },
  {
    key: 'nats',
    label: 'restart NATS',
    run: (c, all) =>
      phase(
        FAULTS[2]!,
        c,
        all,
        restartServer('nats-server', COMPONENTS.nats.privatePort, 'SIGTERM'),
      ),
  },
  {
    key: 'redis',
    label: 'restart Redis',
    run: (c, all) =>
      phase(
        FAULTS[3]!,
        c,
        all,
        restartServer('redis-server', COMPONENTS.redis.privatePort, 'SIGTERM', redisArgv),
      ),
  },
  {
    key: 'postgres',
    label: 'restart PostgreSQL',
    run: (c, all) =>
      phase(
        FAULTS[4]!,
        c,
        all,
        restartServer('postgres', COMPONENTS.postgres.privatePort, 'SIGINT'),
      ),
  },
  {
    key: 'roll',
    label: 'roll every process (`npm start` supervisor, SIGUSR2)',
    run: (c, all) => phase(FAULTS[5]!, c, all, () => rollEverything(c.stackPid)),
  },
  {
    key: 'restore',
    label: "restore billing's database to an earlier point",
    run: (c, all) => phase(FAULTS[6]!, c, all, () => restoreBilling(c.stackPid)),
  },
];
