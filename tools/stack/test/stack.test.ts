import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forEachLine, Supervisor } from '../src/processes.js';
import { formatSummaryLine, summarizeVitestReport } from '../src/report.js';
import { ensureSessionKeys, ensureSigningKey, ensureVaultSecrets } from '../src/secrets.js';
import {
  buildProcessEnv,
  discoverProcesses,
  type EnvInputs,
  serviceTrustProxy,
  serviceUrlVariable,
} from '../src/services.js';

let tmp: string;

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'pv-stack-'));
});

afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function touch(relative: string): void {
  const file = path.join(tmp, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
}

describe('session keys', () => {
  it('creates an Ed25519 pair once, in DER base64, readable only by the owner', () => {
    const keysDir = path.join(tmp, 'keys');
    const first = ensureSessionKeys(keysDir, {});
    expect(first.source).toBe('created');

    const publicKey = createPublicKey({
      key: Buffer.from(first.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const privateKey = createPrivateKey({
      key: Buffer.from(first.privateKey, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    expect(publicKey.asymmetricKeyType).toBe('ed25519');
    const signature = sign(null, Buffer.from('session'), privateKey);
    expect(verify(null, Buffer.from('session'), publicKey, signature)).toBe(true);

    const file = path.join(keysDir, 'session.json');
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = ensureSessionKeys(keysDir, {});
    expect(second).toEqual({ ...first, source: 'file' });
  });

  it('prefers the environment and writes nothing then', () => {
    const keys = ensureSessionKeys(tmp, { SESSION_PUBLIC_KEY: 'pub', SESSION_PRIVATE_KEY: 'priv' });
    expect(keys).toEqual({ publicKey: 'pub', privateKey: 'priv', source: 'env' });
    expect(() => statSync(path.join(tmp, 'session.json'))).toThrow();
  });

  it('refuses half a pair from the environment', () => {
    expect(() => ensureSessionKeys(tmp, { SESSION_PUBLIC_KEY: 'pub' })).toThrowError(
      'Set both SESSION_PUBLIC_KEY and SESSION_PRIVATE_KEY, or neither.',
    );
  });
});

describe('the signing key of npm start', () => {
  it('is generated once (64 hex characters) unless SIGNING_KEK is set', () => {
    const first = ensureSigningKey(tmp, {});
    expect(first.created).toBe(true);
    expect(first.kek).toMatch(/^[0-9a-f]{64}$/);
    expect(ensureSigningKey(tmp, {})).toEqual({ kek: first.kek, created: false });
    expect(ensureSigningKey(tmp, { SIGNING_KEK: 'ab'.repeat(32) })).toEqual({
      kek: 'ab'.repeat(32),
      created: false,
    });
  });
});

describe('vault secrets', () => {
  it('generates 32 random bytes in hex for each, once', () => {
    const first = ensureVaultSecrets(tmp, {});
    expect(first.created).toBe(true);
    expect(first.adminKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hmacSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.adminKey).not.toBe(first.hmacSecret);
    expect(ensureVaultSecrets(tmp, {})).toEqual({ ...first, created: false });
  });

  it('lets each variable override its stored value', () => {
    const stored = ensureVaultSecrets(tmp, {});
    const overridden = ensureVaultSecrets(tmp, { VAULT_ADMIN_KEY: 'mine' });
    expect(overridden).toEqual({ hmacSecret: stored.hmacSecret, adminKey: 'mine', created: false });
    const file = JSON.parse(readFileSync(path.join(tmp, 'vault.json'), 'utf8'));
    expect(file.adminKey).toBe(stored.adminKey);
  });
});

describe('discoverProcesses', () => {
  it('finds servers and workers, known services first in port order', () => {
    touch('services/formatting/src/server.ts');
    touch('services/formatting/src/worker.ts');
    touch('services/documents/src/server.ts');
    touch('services/documents/src/worker.ts');
    touch('services/support/src/server.ts');
    touch('services/support/src/mail-worker.ts');
    touch('services/documents/src/worker-utils.ts');
    touch('services/gateway/src/server.ts');
    touch('services/zeta/src/server.ts');
    touch('services/auth/src/app.ts');
    const found = discoverProcesses(tmp, { gatewayPort: 9000 });
    expect(found.map((p) => [p.name, p.kind, p.port])).toEqual([
      ['gateway', 'server', 9000],
      ['formatting', 'server', 8082],
      ['formatting-worker', 'worker', 8090],
      ['documents', 'server', 8083],
      ['pdf-worker', 'worker', 8091],
      ['support', 'server', 8085],
      ['mail-worker', 'worker', 8092],
      ['zeta', 'server', 8100],
    ]);
    expect(found[2]?.entry).toBe('services/formatting/src/worker.ts');
  });

  it('returns nothing when no service has an entry file yet', () => {
    mkdirSync(path.join(tmp, 'services', 'auth'), { recursive: true });
    expect(discoverProcesses(tmp)).toEqual([]);
  });
});

describe('buildProcessEnv', () => {
  function inputs(parentEnv: NodeJS.ProcessEnv): EnvInputs {
    touch('services/gateway/src/server.ts');
    touch('services/auth/src/server.ts');
    touch('services/formatting/src/server.ts');
    touch('services/formatting/src/worker.ts');
    mkdirSync(path.join(tmp, 'apps', 'admin-web', 'dist'), { recursive: true });
    return {
      root: tmp,
      parentEnv,
      infra: {
        postgresUrl: 'postgres://postgres@127.0.0.1:5432',
        redisUrl: 'redis://r',
        natsUrl: 'nats://n',
      },
      session: { publicKey: 'PUB', privateKey: 'PRIV' },
      vault: { hmacSecret: 'H', adminKey: 'A' },
      processes: discoverProcesses(tmp),
    };
  }

  it('gives each secret only to the processes the catalog lets hold it', () => {
    touch('services/vault/src/server.ts');
    touch('services/billing/src/server.ts');
    const all = inputs({
      SESSION_PRIVATE_KEY: 'leaked-from-parent',
      STRIPE_SECRET_KEY: 'st',
      OPENAI_API_KEY: 'sk',
      PATH: '/bin',
    });
    all.processes = discoverProcesses(tmp);
    for (const proc of all.processes) {
      const env = buildProcessEnv(proc, all);
      expect(env.SESSION_PUBLIC_KEY).toBe(proc.name === 'gateway' ? undefined : 'PUB');
      expect(env.SESSION_PRIVATE_KEY).toBe(proc.service === 'auth' ? 'PRIV' : undefined);
      expect(env.VAULT_ADMIN_KEY).toBe(proc.service === 'vault' ? 'A' : undefined);
      expect(env.VAULT_HMAC_SECRET).toBe(proc.service === 'vault' ? 'H' : undefined);
      expect(env.STRIPE_SECRET_KEY).toBe(proc.service === 'billing' ? 'st' : undefined);
      expect(env.OPENAI_API_KEY).toBe(proc.name === 'formatting-worker' ? 'sk' : undefined);
      expect(env.PATH).toBe('/bin');
    }
  });

  it('routes the gateway to the services that exist and to the built SPAs', () => {
    const all = inputs({ HOST: '::' });
    const gateway = buildProcessEnv(all.processes.find((p) => p.name === 'gateway')!, all);
    expect(gateway).toMatchObject({
      HOST: '::',
      PORT: '8080',
      AUTH_URL: 'http://127.0.0.1:8081',
      FORMATTING_URL: 'http://127.0.0.1:8082',
      ADMIN_WEB_DIST: path.join(tmp, 'apps', 'admin-web', 'dist'),
    });
    expect(gateway.DOCUMENTS_URL).toBeUndefined();
    expect(gateway.WORKSPACE_WEB_DIST).toBeUndefined();
    expect(gateway.FORMATTING_WORKER_URL).toBeUndefined();
  });

  it('binds internal services to loopback, overrides the managed variables, passes the others through', () => {
    const all = inputs({
      HOST: '0.0.0.0',
      PORT: '9999',
      OPENAI_API_KEY: 'sk',
      STRIPE_SECRET_KEY: 'st',
      LOG_LEVEL: 'debug',
      ADMIN_EMAIL: 'a@b.c',
      TRUST_PROXY: 'loopback',
      POSTGRES_URL: 'postgres://ignored@elsewhere:1',
    });
    const auth = buildProcessEnv(all.processes.find((p) => p.name === 'auth')!, all);
    expect(auth).toMatchObject({
      HOST: '127.0.0.1',
      PORT: '8081',
      NODE_ENV: 'production',
      PUBLIC_ORIGINS: 'http://localhost:8080',
      POSTGRES_URL: 'postgres://postgres@127.0.0.1:5432',
      REDIS_URL: 'redis://r',
      NATS_URL: 'nats://n',
      LOG_LEVEL: 'debug',
      ADMIN_EMAIL: 'a@b.c',
    });
    expect(auth.TRUST_PROXY).toBe('loopback');
    expect(auth.AUTH_URL).toBeUndefined();
    expect(auth.OPENAI_API_KEY).toBeUndefined();
  });

  it("allows the gateway's own origin for cookie writes when PORT moves it off 8080", () => {
    touch('services/gateway/src/server.ts');
    const all = inputs({});
    all.processes = discoverProcesses(tmp, { gatewayPort: 18280 });
    const auth = buildProcessEnv(all.processes.find((p) => p.name === 'auth')!, all);
    expect(auth.PUBLIC_ORIGINS).toBe('http://localhost:18280');
    const given = inputs({ PUBLIC_ORIGINS: 'https://app.exemplo.com.br' });
    given.processes = all.processes;
    expect(
      buildProcessEnv(given.processes.find((p) => p.name === 'auth')!, given).PUBLIC_ORIGINS,
    ).toBe('https://app.exemplo.com.br');
  });

  it('gives a process the URLs of the peers it calls and the servers it uses, nothing more', () => {
    touch('services/billing/src/server.ts');
    const all = inputs({ AUTH_URL: 'http://elsewhere:1' });
    all.processes = discoverProcesses(tmp);
    const formatting = buildProcessEnv(all.processes.find((p) => p.name === 'formatting')!, all);
    expect(formatting.BILLING_URL).toBe('http://127.0.0.1:8084');
    expect(formatting.AUTH_URL).toBeUndefined();
    const worker = buildProcessEnv(all.processes.find((p) => p.kind === 'worker')!, all);
    expect(worker.AUTH_URL).toBeUndefined();
    expect(worker.BILLING_URL).toBeUndefined();
    expect(worker.POSTGRES_URL).toBeUndefined();
    expect(worker.NATS_URL).toBeUndefined();
    expect(worker.REDIS_URL).toBe('redis://r');
  });

  it('sets the services TRUST_PROXY one hop past what the gateway trusts', () => {
    expect(serviceTrustProxy(undefined)).toBe('loopback');
    expect(serviceTrustProxy('false')).toBe('loopback');
    expect(serviceTrustProxy('1')).toBe('2');
    expect(serviceTrustProxy('10.0.0.0/8')).toBe('loopback,10.0.0.0/8');
    const all = inputs({ TRUST_PROXY: '1' });
    const gateway = buildProcessEnv(all.processes.find((p) => p.name === 'gateway')!, all);
    const auth = buildProcessEnv(all.processes.find((p) => p.name === 'auth')!, all);
    expect([gateway.TRUST_PROXY, auth.TRUST_PROXY]).toEqual(['1', '2']);
  });

  it('names service URL variables in upper snake case', () => {
    expect(serviceUrlVariable('speech-proxy')).toBe('SPEECH_PROXY_URL');
  });
});

describe('vitest report summary', () => {
  it('counts passed, failed and skipped tests, and a file that broke before its tests as a failure', () => {
    const counts = summarizeVitestReport({
      numPassedTests: 7,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', assertionResults: [{ status: 'failed' }] },
        { status: 'failed', assertionResults: [] },
        { status: 'failed', assertionResults: [{ status: 'skipped' }] },
      ],
    });
    expect(counts).toEqual({ passed: 7, failed: 3, skipped: 3 });
    expect(formatSummaryLine(counts)).toBe('tests: 7 passed, 3 failed, 3 skipped');
    expect(formatSummaryLine({ passed: 4, failed: 0, skipped: 0 })).toBe(
      'tests: 4 passed, 0 failed',
    );
  });

  it('rejects something that is not a report', () => {
    expect(() => summarizeVitestReport(null)).toThrowError(/not an object/);
  });
});

describe('Supervisor', () => {
  it('splits output into lines, including a last line without a newline', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    forEachLine(stream, (line) => lines.push(line));
    stream.write('one\r\ntw');
    stream.write(Buffer.from('o\nthr'));
    stream.end('ee');
    await new Promise((resolve) => stream.on('end', resolve));
    expect(lines).toEqual(['one', 'two', 'three']);
  });

  it('prefixes output, reports a crash by name and code, stops the rest on shutdown, then cleans up', async () => {
    const out = new PassThrough();
    const err = new PassThrough();
    let text = '';
    out.on('data', (d) => {
      text += d.toString();
    });
    err.on('data', (d) => {
      text += d.toString();
    });
    const supervisor = new Supervisor({
      stdout: out,
      stderr: err,
      color: false,
      killTimeoutMs: 2000,
      restart: { maxCrashes: 1 },
    });
    const order: string[] = [];
    supervisor.addCleanup(async () => {
      order.push(`cleanup after ${supervisor.runningNames().length} running`);
    });
    supervisor.start([
      {
        name: 'crasher',
        command: process.execPath,
        args: ['-e', 'console.log("boom soon"); process.exit(3)'],
        env: {},
        cwd: tmp,
      },
      {
        name: 'steady-one',
        command: process.execPath,
        args: [
          '-e',
          // The handler goes in before "up" is printed: the test signals as soon as it reads "up".
          'process.on("SIGTERM", () => { console.log("bye"); process.exit(0) }); console.log("up"); setInterval(() => {}, 1000)',
        ],
        env: {},
        cwd: tmp,
      },
    ]);
    for (
      let i = 0;
      i < 100 && !(text.includes('exited unexpectedly') && text.includes('up'));
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).toContain('crasher    | boom soon\n');
    expect(text).toContain('steady-one | up\n');
    expect(text).toContain(
      'crasher exited unexpectedly with code 3. GIVING UP on crasher: it crashed 1 times within 60.0 s; fix the error above and restart. Still running: steady-one',
    );
    expect(supervisor.runningNames()).toEqual(['steady-one']);

    const code = await supervisor.shutdown('test over');
    expect(code).toBe(1);
    expect(await supervisor.done()).toBe(1);
    expect(text).toContain('steady-one | bye\n');
    expect(order).toEqual(['cleanup after 0 running']);
  });

  function capture() {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d) => {
      text += d.toString();
    });
    return { out, text: () => text };
  }

  async function until(condition: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  }

  it('restarts a crashing process with a doubling delay, then gives up loudly', async () => {
    const log = capture();
    const supervisor = new Supervisor({
      stdout: log.out,
      stderr: log.out,
      color: false,
      restart: { initialDelayMs: 50, maxCrashes: 3, windowMs: 10_000 },
    });
    supervisor.start([
      {
        name: 'crasher',
        command: process.execPath,
        args: ['-e', 'console.log("boom"); process.exit(3)'],
        env: {},
        cwd: tmp,
      },
    ]);
    expect(await supervisor.done()).toBe(1);
    const text = log.text();
    expect(text.match(/crasher \| boom/g)).toHaveLength(3);
    expect(text).toContain(
      'crasher exited unexpectedly with code 3; restarting it in 50 ms (crash 1 of 3 allowed within 10.0 s).',
    );
    expect(text).toContain('restarting it in 100 ms (crash 2 of 3 allowed');
    expect(text).toContain(
      'GIVING UP on crasher: it crashed 3 times within 10.0 s; fix the error above and restart. Nothing is left running; shutting down.',
    );
  });

  it('a process that dies once is back on its own, and shutdown still stops it', async () => {
    const log = capture();
    const supervisor = new Supervisor({
      stdout: log.out,
      stderr: log.out,
      color: false,
      restart: { initialDelayMs: 50 },
    });
    const marker = path.join(tmp, 'crashed-once');
    supervisor.start([
      {
        name: 'flaky',
        command: process.execPath,
        args: [
          '-e',
          `const fs = require('node:fs');
           if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); process.exit(7); }
           process.on('SIGTERM', () => process.exit(0)); console.log('steady'); setInterval(() => {}, 1000);`,
        ],
        env: {},
        cwd: tmp,
      },
    ]);
    await until(() => log.text().includes('restarting it'));
    expect(log.text()).toContain('flaky exited unexpectedly with code 7; restarting it in 50 ms');
    await until(() => log.text().includes('flaky | steady'));
    expect(supervisor.runningNames()).toEqual(['flaky']);
    expect(supervisor.pidOf('flaky')).toBeGreaterThan(0);
    expect(await supervisor.shutdown('test over')).toBe(0);
    expect(log.text()).not.toContain('GIVING UP');
  });
});
