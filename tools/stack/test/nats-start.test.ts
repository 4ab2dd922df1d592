// `npm start` and each process's own NATS identity (docs/nats-identity.md): the passwords it keeps
// in .data/keys, the configuration of its authorized NATS (the catalog's users, as compose's), how
// it tells a NATS that lets anyone in, and the identity each child process is given.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { connectNats, ensureEventStream } from '@pv/service-kit/events';
import { natsServerBinary, startPrivateNats } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsAuthorizationWithPasswords, natsProcesses, natsUser } from '../src/catalog/index.js';
import { AUTHORIZED_NATS_PORT, natsRequiresAuth, provisionInfra } from '../src/infra/index.js';
import { ensureNatsPasswords } from '../src/secrets.js';
import { buildProcessEnv, discoverProcesses, type EnvInputs } from '../src/services.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'pv-nats-start-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const users = natsProcesses().map((proc) => natsUser(proc));
const endpointOf = (url: string) => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port), tls: false, username: '', password: '' };
};

describe('the NATS passwords of npm start', () => {
  it('are made once per user in .data/keys/nats.json, readable only by the owner', () => {
    const keys = path.join(tmp, 'keys');
    const first = ensureNatsPasswords(keys, users);
    expect(Object.keys(first).sort()).toEqual([...users].sort());
    for (const value of Object.values(first)) expect(value).toMatch(/^[0-9a-f]{48}$/);
    expect(statSync(path.join(keys, 'nats.json')).mode & 0o777).toBe(0o600);
    // Kept across restarts; a user added later gets one without changing the others.
    const again = ensureNatsPasswords(keys, [...users, 'newcomer']);
    for (const user of users) expect(again[user]).toBe(first[user]);
    expect(again.newcomer).toMatch(/^[0-9a-f]{48}$/);
  });
});

describe('the identity each child process gets', () => {
  function inputs(natsPasswords?: Record<string, string>): EnvInputs {
    for (const entry of [
      'services/gateway/src/server.ts',
      'services/formatting/src/server.ts',
      'services/formatting/src/workers/formatting-worker.ts',
      'services/vault/src/server.ts',
    ]) {
      mkdirSync(path.dirname(path.join(tmp, entry)), { recursive: true });
      writeFileSync(path.join(tmp, entry), '');
    }
    return {
      root: tmp,
      // Someone else's identity in the parent environment never reaches a child.
      parentEnv: { NATS_USER: 'vault', NATS_PASSWORD: 'stolen' },
      infra: { postgresUrl: 'postgres://p', redisUrl: 'redis://r', natsUrl: 'nats://n' },
      ...(natsPasswords ? { natsPasswords } : {}),
      session: { publicKey: 'PUB', privateKey: 'PRIV' },
      vault: { hmacSecret: 'H', adminKey: 'A' },
      processes: discoverProcesses(tmp),
    };
  }

  it('is its own user and password on an authorized NATS, none for a process without NATS', () => {
    const all = inputs({ formatting: 'f'.repeat(48), vault: 'v'.repeat(48) });
    const env = (name: string) => buildProcessEnv(all.processes.find((p) => p.name === name)!, all);
    expect(env('formatting')).toMatchObject({
      NATS_USER: 'formatting',
      NATS_PASSWORD: 'f'.repeat(48),
    });
    expect(env('vault')).toMatchObject({ NATS_USER: 'vault', NATS_PASSWORD: 'v'.repeat(48) });
    for (const name of ['gateway', 'formatting-worker']) {
      expect(env(name).NATS_USER).toBeUndefined();
      expect(env(name).NATS_PASSWORD).toBeUndefined();
    }
  });

  it('is none on a NATS without authorization (the machine NATS, tests)', () => {
    const plain = inputs();
    for (const proc of plain.processes) {
      const env = buildProcessEnv(proc, plain);
      expect(env.NATS_USER).toBeUndefined();
      expect(env.NATS_PASSWORD).toBeUndefined();
    }
  });
});

const run = natsServerBinary() ? describe : describe.skip;

run('the authorized NATS of npm start', () => {
  const passwords = Object.fromEntries(users.map((user) => [user, `${user}-secret`]));
  let authorized: Awaited<ReturnType<typeof startPrivateNats>>;
  let plain: Awaited<ReturnType<typeof startPrivateNats>>;

  beforeAll(async () => {
    authorized = await startPrivateNats({ config: natsAuthorizationWithPasswords(passwords) });
    plain = await startPrivateNats();
  });
  afterAll(async () => {
    await authorized?.stop();
    await plain?.stop();
  });

  it('tells a NATS that asks for credentials from one that lets anyone in', async () => {
    expect(await natsRequiresAuth(endpointOf(authorized.url))).toBe(true);
    expect(await natsRequiresAuth(endpointOf(plain.url))).toBe(false);
  });

  it('refuses an anonymous client and formatting forging a billing event', async () => {
    await expect(
      connect({ servers: authorized.url, reconnect: false, maxReconnectAttempts: 0 }),
    ).rejects.toThrow(/authorization/i);
    const formatting = await connectNats(authorized.url, 'test-formatting', {
      user: 'formatting',
      password: passwords.formatting,
    });
    try {
      await ensureEventStream(formatting, ['PV_EVENTS', 'PV_PHI']);
      const js = jetstream(formatting);
      await js.publish('consult.formatted.v1', '{}');
      await expect(js.publish('billing.subscription.changed.v1', '{}')).rejects.toThrow(
        /permissions violation/i,
      );
      const closed = await formatting.subscribe('phi.>').closed;
      expect(String(closed)).toMatch(/permissions violation/i);
    } finally {
      await formatting.close();
    }
  });

  it('lets the services connect without credentials to a NATS without authorization', async () => {
    const nc = await connectNats(plain.url, 'test-plain');
    await ensureEventStream(nc);
    await jetstream(nc).publish('consult.formatted.v1', '{}');
    await nc.close();
  });
});

// The machine's NATS on 4222 lets anyone in (CI's too): `npm start`'s provisioning must then run
// its own authorized NATS. Port 54223 is this feature's own; a run left there is reused as is.
const machineNatsOpen = async () =>
  natsRequiresAuth(endpointOf('nats://127.0.0.1:4222')).then((auth) => !auth);

run("npm start's provisioning", () => {
  it('runs an authorized NATS of its own when the NATS it finds lets anyone in', async () => {
    if (!(await machineNatsOpen())) return;
    const passwords = Object.fromEntries(users.map((user) => [user, `${user}-provisioned`]));
    // Under `npm test` the pipeline hands its NATS over in NATS_URL, which `npm start` would take as
    // a URL set by hand (used as given): this test is about the NATS `npm start` finds itself.
    const handedOver = process.env.NATS_URL;
    delete process.env.NATS_URL;
    const infra = await provisionInfra({
      mode: 'start',
      natsAuthorization: { config: natsAuthorizationWithPasswords(passwords) },
    }).finally(() => {
      if (handedOver !== undefined) process.env.NATS_URL = handedOver;
    });
    try {
      expect(infra.natsAuthorized).toBe(true);
      expect(infra.natsUrl).toBe(`nats://127.0.0.1:${AUTHORIZED_NATS_PORT}`);
      expect(await natsRequiresAuth(endpointOf(infra.natsUrl))).toBe(true);
      if (infra.summary.nats.includes('left as it is')) return; // someone's npm start: its passwords
      const nc = await connectNats(infra.natsUrl, 'test-provisioned', {
        user: 'billing',
        password: passwords.billing,
      });
      await nc.close();
    } finally {
      await infra.stop();
    }
  }, 60_000);

  it('leaves the NATS found as it is for npm test', async () => {
    const infra = await provisionInfra({ mode: 'test' });
    try {
      expect(infra.natsAuthorized ?? false).toBe(false);
      expect(await natsRequiresAuth(endpointOf(infra.natsUrl.split(',')[0]!))).toBe(false);
    } finally {
      await infra.stop();
    }
  }, 60_000);
});
