import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { natsAuthorizationWithPasswords, natsProcesses, natsUser } from './catalog/index.js';
import { InfraError, printInfraSummary, provisionInfra } from './infra/index.js';
import { error, formatDuration, info, paint, warn } from './log.js';
import { type MailCatcher, mailCatcher } from './mail-catcher.js';
import { pnpmCommand, repoRoot } from './paths.js';
import { Supervisor } from './processes.js';
import {
  ensureEvidenceKey,
  ensureNatsPasswords,
  ensureSessionKeys,
  ensureSigningKey,
  ensureTotpSecretKey,
  ensureVaultSecrets,
} from './secrets.js';
import { buildProcessEnv, discoverProcesses, listWebApps, type StackProcess } from './services.js';

/**
 * How long every process has to answer /ready. A loaded machine (several stacks starting at once
 * on two cores) may need longer: PV_READY_TIMEOUT_MS raises it.
 */
const READY_TIMEOUT_MS = (() => {
  const configured = Number(process.env.PV_READY_TIMEOUT_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : 90_000;
})();
const SPA_FOLDERS = ['workspace-web', 'admin-web'];

function runInherited(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    child.once('error', (err) => {
      error(`could not run ${command}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function buildSpas(isStopping: () => boolean): Promise<boolean> {
  const apps = listWebApps(repoRoot).filter(
    (app) => SPA_FOLDERS.includes(path.basename(app.dir)) && app.scripts.build !== undefined,
  );
  for (const app of apps) {
    info(`building ${app.name}...`);
    const began = Date.now();
    const pnpm = pnpmCommand(['--filter', app.name, 'build']);
    const code = await runInherited(pnpm.command, pnpm.args);
    if (isStopping()) return false;
    if (code !== 0) {
      error(
        `building ${app.name} failed (exit code ${code}); fix the errors above and run npm start again.`,
      );
      return false;
    }
    info(`built ${app.name} in ${formatDuration(Date.now() - began)}`);
  }
  return true;
}

/** The ports among `ports` on which something on this machine accepts a connection. */
async function portsInUse(ports: number[]): Promise<number[]> {
  const accepts = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.setTimeout(1000);
      const done = (answer: boolean) => {
        socket.destroy();
        resolve(answer);
      };
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
      socket.once('timeout', () => done(false));
    });
  const answers = await Promise.all(ports.map(accepts));
  return ports.filter((_, index) => answers[index]);
}

interface ReadyTarget {
  name: string;
  url: string;
}

async function isUp(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Polls until every running target answers 2xx; returns the ones that never did. */
async function waitForReady(
  targets: ReadyTarget[],
  supervisor: Supervisor,
): Promise<ReadyTarget[]> {
  let pending = [...targets];
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const alive = (target: ReadyTarget) => supervisor.runningNames().includes(target.name);
  // A process that has exited was already reported by the supervisor; waiting for it is pointless.
  while (pending.some(alive) && Date.now() < deadline && !supervisor.stopping) {
    const results = await Promise.all(pending.map((target) => isUp(target.url)));
    pending = pending.filter((_, index) => !results[index]);
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return pending;
}

function readinessTargets(processes: StackProcess[]): ReadyTarget[] {
  return processes
    .filter((p) => p.kind === 'server')
    .map((p) => ({
      name: p.name,
      // The gateway's /ready would wait on every service it fronts; /health says it is serving.
      url: `http://127.0.0.1:${p.port}${p.service === 'gateway' ? '/health' : '/ready'}`,
    }));
}

function printBanner(
  processes: StackProcess[],
  gatewayPort: number,
  mail: MailCatcher | undefined,
): void {
  const servers = processes.filter((p) => p.kind === 'server');
  const workers = processes.filter((p) => p.kind === 'worker');
  const hasGateway = servers.some((p) => p.service === 'gateway');
  const width = Math.max(...servers.map((p) => p.name.length), 8);
  const lines = [''];
  if (hasGateway) {
    lines.push(`  ${paint('bold', 'App')}     http://localhost:${gatewayPort}`);
    lines.push(`  ${paint('bold', 'Admin')}   http://localhost:${gatewayPort}/admin`);
  } else {
    lines.push(
      '  No gateway yet (services/gateway/src/server.ts): each service answers on its own port.',
    );
  }
  lines.push(
    mail
      ? `  ${paint('bold', 'Mail')}    ${mail.webUrl}  (MailDev: every mail the product sends; REST: ${mail.webUrl}/api/email)`
      : `  ${paint('bold', 'Mail')}    through SMTP_URL`,
  );
  lines.push(`  ${paint('bold', 'API docs')}`);
  for (const p of servers)
    lines.push(`    ${p.name.padEnd(width)}  http://127.0.0.1:${p.port}/docs`);
  if (workers.length > 0)
    lines.push(`  ${paint('bold', 'Workers')} ${workers.map((w) => w.name).join(', ')}`);
  lines.push(`  Stop with Ctrl-C.`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

export async function runStart(_args: string[]): Promise<number> {
  // Children drain for SHUTDOWN_GRACE_MS (the kit's default 120 s: an LLM call may take 110 s);
  // the supervisor waits that long, plus a little, before it kills them.
  const graceMs = Number(process.env.SHUTDOWN_GRACE_MS || 120_000);
  const supervisor = new Supervisor({
    killTimeoutMs: (Number.isFinite(graceMs) ? graceMs : 120_000) + 5_000,
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  supervisor.installSignalHandlers();

  info('provisioning PostgreSQL, Redis and NATS...');
  const keysDir = path.join(repoRoot, '.data', 'keys');
  // Each process's own NATS user (docs/nats-identity.md): run NATS with the catalog's users when
  // the NATS found lets anyone in.
  const natsPasswords = ensureNatsPasswords(
    keysDir,
    natsProcesses().map((proc) => natsUser(proc)),
  );
  const natsConfig = natsAuthorizationWithPasswords(natsPasswords);
  let infra: Awaited<ReturnType<typeof provisionInfra>>;
  try {
    infra = await provisionInfra({ mode: 'start', natsAuthorization: { config: natsConfig } });
  } catch (err) {
    if (err instanceof InfraError) {
      error(err.message);
      await supervisor.shutdown('could not provide the infrastructure');
      return 1;
    }
    throw err;
  }
  supervisor.addCleanup(async () => {
    await infra.stop();
  });
  printInfraSummary(infra);
  if (supervisor.stopping) {
    await infra.stop();
    return supervisor.done();
  }

  let session: ReturnType<typeof ensureSessionKeys>;
  let vault: ReturnType<typeof ensureVaultSecrets>;
  try {
    session = ensureSessionKeys(keysDir);
    vault = ensureVaultSecrets(keysDir);
  } catch (err) {
    error(err instanceof Error ? err.message : String(err));
    return supervisor.shutdown('invalid secrets').then(() => 1);
  }
  if (session.source === 'created') {
    info(
      'created a session signing key pair in .data/keys/session.json (SESSION_PUBLIC_KEY / SESSION_PRIVATE_KEY override it)',
    );
  }
  if (vault.created) {
    info(`generated vault secrets, stored in .data/keys/vault.json (shown only this once):`);
    info(`  VAULT_ADMIN_KEY   = ${vault.adminKey}`);
    info(`  VAULT_HMAC_SECRET = ${vault.hmacSecret}`);
    info('  set these variables to use your own values instead.');
  }

  if (!(await buildSpas(() => supervisor.stopping))) {
    return supervisor.shutdown(supervisor.stopping ? 'interrupted' : 'build failed').then(() => 1);
  }

  const gatewayPort = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(gatewayPort) || gatewayPort <= 0 || gatewayPort > 65535) {
    error(`PORT must be a TCP port number (got "${process.env.PORT}")`);
    return supervisor.shutdown('invalid PORT').then(() => 1);
  }
  const processes = discoverProcesses(repoRoot, { gatewayPort });
  if (processes.length === 0) {
    warn('nothing to start yet: no services/<name>/src/server.ts or worker file exists.');
    info('PostgreSQL, Redis and NATS stay available until Ctrl-C.');
    return supervisor.done();
  }

  // The certificates' key-encryption key: the documents service and the pdf-worker both hold it.
  const signing = ensureSigningKey(keysDir);
  if (signing.created) info('created the signing key (SIGNING_KEK) in .data/keys/signing.json');
  const evidence = ensureEvidenceKey(keysDir);
  if (evidence.created)
    info(
      'created the verification evidence key (VERIFICATION_EVIDENCE_KEY) in .data/keys/verification.json',
    );
  const totp = ensureTotpSecretKey(keysDir);
  if (totp.created)
    info('created the key of the admins’ TOTP secrets (TOTP_SECRET_KEY) in .data/keys/totp.json');
  // Issue 23 item 1: auth's mail goes to a local catcher (MailDev) unless SMTP_URL names a server.
  const mail = mailCatcher(process.env, repoRoot);
  const parentEnv = {
    ...process.env,
    SIGNING_KEK: signing.kek,
    VERIFICATION_EVIDENCE_KEY: evidence.key,
    TOTP_SECRET_KEY: totp.key,
    ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
  };
  const inputs = {
    root: repoRoot,
    parentEnv,
    infra,
    ...(infra.natsAuthorized ? { natsPasswords } : {}),
    session,
    vault,
    processes,
  };
  // The children bind with SO_REUSEPORT (so a roll can start a replacement beside the old
  // process), which would also let them bind beside another stack's: refuse that here instead.
  const taken = await portsInUse(processes.map((p) => p.port));
  if (taken.length > 0) {
    error(
      `something already listens on ${taken.join(', ')} (another npm start?); stop it or choose another PORT.`,
    );
    return supervisor.shutdown('ports in use').then(() => 1);
  }
  supervisor.start([
    ...(mail ? [mail.spec] : []),
    ...processes.map((p) => ({
      name: p.name,
      command: process.execPath,
      args: ['--import', 'tsx', p.entry],
      env: buildProcessEnv(p, inputs),
      cwd: repoRoot,
    })),
  ]);

  const began = Date.now();
  const notReady = await waitForReady(
    [
      ...(mail ? [{ name: mail.spec.name, url: `${mail.webUrl}/api/email` }] : []),
      ...readinessTargets(processes),
    ],
    supervisor,
  );
  if (!supervisor.stopping) {
    const running = supervisor.runningNames();
    const slow = notReady.filter((t) => running.includes(t.name));
    const exited = notReady.filter((t) => !running.includes(t.name));
    if (slow.length > 0) {
      warn(
        `not ready after ${formatDuration(READY_TIMEOUT_MS)}: ${slow.map((t) => `${t.name} (${t.url})`).join(', ')}. ` +
          'They keep running; see their output above.',
      );
    }
    if (exited.length > 0) {
      error(
        `stopped before being ready: ${exited.map((t) => t.name).join(', ')} (see their output above).`,
      );
    }
    if (notReady.length === 0) info(`all services ready in ${formatDuration(Date.now() - began)}`);
    printBanner(processes, gatewayPort, mail);
  }
  return supervisor.done();
}
