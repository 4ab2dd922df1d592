// Each service's own NATS identity (docs/nats-identity.md): the shipped compose configuration
// (infra/nats/nats.conf and the authorization.conf generated from the catalog), loaded by a real
// nats-server of the test's own (the machine's NATS runs without users), exercised by the service
// kit's real code: the relay's publish, the durable consumers, the stream set-up. Every identity
// does its own work and is refused what is not its own. Kubernetes' Helm values carry the same.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_STREAM, type EventEnvelope, PHI_STREAM } from '@pv/contracts';
import { connectNats, subscribeDurable } from '@pv/service-kit/events';
import { NatsHandle } from '@pv/service-kit/runtime';
import { eventually, natsServerBinary, startPrivateNats } from '@pv/service-kit/testing';
import {
  NATS_USERS_SECRET,
  natsPasswordEnv,
  natsPermissions,
  natsProcesses,
  natsUser,
  PROCESSES,
  parseYamlDocuments,
  processNamed,
  secretNameOf,
} from '@pv/stack/catalog';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ComposeService,
  containerOf,
  find,
  readCompose,
  renderedK8s,
  root,
  secretTemplates,
} from './shipped.js';

const passwords = new Map<string, string>();
const password = (user: string) => {
  // As scripts/compose-env.mjs makes them: a letter first, or nats-server reads the variable as a number.
  if (!passwords.has(user)) passwords.set(user, `n${randomBytes(16).toString('hex')}`);
  return passwords.get(user)!;
};
const log = pino({ level: 'silent' });
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
const connections: NatsConnection[] = [];
const stops: (() => Promise<void>)[] = [];

/** Connects as a catalog process (user, password, inbox prefix), as `connectNats` does for it. */
async function as(user: string): Promise<NatsConnection> {
  const nc = await connectNats(nats.url, `test-${user}`, { user, password: password(user) });
  connections.push(nc);
  return nc;
}

/** Opens NATS as a service's runtime does: its identity, then the streams it publishes to. */
async function runtimeOf(user: string, streams?: string[]): Promise<NatsConnection> {
  const handle = new NatsHandle(nats.url, `test-${user}`, log, {
    credentials: { user, password: password(user) },
    ...(streams ? { streams } : {}),
  });
  stops.push(() => handle.close());
  await handle.connect();
  return handle.connected();
}

/** A plain subscription the server refuses: it closes with the permission error. */
async function subscriptionRefused(nc: NatsConnection, subject: string): Promise<void> {
  const closed = await nc.subscribe(subject).closed;
  expect(closed).toBeInstanceOf(Error);
  expect((closed as Error).message).toMatch(refused);
}

const envelope = (subject: string, payload: unknown): EventEnvelope =>
  ({ id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload }) as EventEnvelope;

/** Publishes as the outbox relay does: a JetStream publish with the event id as message id. */
async function publish(nc: NatsConnection, event: EventEnvelope): Promise<void> {
  await jetstream(nc).publish(event.subject, JSON.stringify(event), { msgID: event.id });
}

/** The server's log lines about refused publishes and subscriptions. */
const violations = () =>
  readFileSync(nats.logFile, 'utf8')
    .split('\n')
    .filter((line) => /violation/i.test(line));

const refused = /permissions violation/i;

// The machine's NATS runs without authorization; this needs a nats-server binary of its own
// (Debian: nats-server), which `npm start` and `npm test` install where they can.
const run = natsServerBinary() ? describe : describe.skip;

beforeAll(async () => {
  if (!natsServerBinary()) return;
  // The passwords reach the server through its environment, as in compose.
  const env = Object.fromEntries(
    natsProcesses().map((proc) => [natsPasswordEnv(natsUser(proc)), password(natsUser(proc))]),
  );
  nats = await startPrivateNats({
    configFile: path.join(root, 'infra/nats/nats.conf'),
    env,
    log: true,
  });
});

afterAll(async () => {
  for (const stop of stops) await stop();
  for (const nc of connections) await nc.close().catch(() => undefined);
  await nats?.stop();
});

run('each service connects with its own NATS identity', () => {
  it('refuses a client without credentials or with a wrong password', async () => {
    const options = { servers: nats.url, maxReconnectAttempts: 0, reconnect: false };
    await expect(connect(options)).rejects.toThrow(/authorization/i);
    await expect(connect({ ...options, user: 'formatting', pass: 'wrong' })).rejects.toThrow(
      /authorization/i,
    );
    // The kit's own connection without credentials: what a service gets if NATS_USER is unset.
    await expect(connectNats(nats.url, 'test-anonymous')).rejects.toThrow(/authorization/i);
  });

  it('lets every identity do its own work: streams, publishes, durable consumers', async () => {
    // Formatting's runtime sets up the streams it publishes to (PV_EVENTS and the restricted
    // PV_PHI) on connecting; the others find PV_EVENTS there, the vault's consumer PV_PHI.
    const formatting = await runtimeOf('formatting', ['PV_EVENTS', 'PV_PHI']);
    const vault = await runtimeOf('vault');
    const billing = await runtimeOf('billing');
    const auth = await runtimeOf('auth');
    await runtimeOf('analytics');

    const seen = { vault: [] as string[], billing: [] as string[], auth: [] as string[] };
    const consume = async (
      nc: NatsConnection,
      into: string[],
      options: { durable: string; subjects: string[] },
    ) => {
      const sub = await subscribeDurable(nc, {
        ...options,
        log,
        handler: async (event) => {
          into.push(event.subject);
        },
      });
      stops.push(() => sub.stop());
    };
    await consume(vault, seen.vault, {
      durable: 'vault-consults',
      subjects: ['phi.consult.formatted.v1'],
    });
    await consume(billing, seen.billing, {
      durable: 'billing-usage',
      subjects: [
        'auth.user.logged-in.v1',
        'auth.user.changed.v1',
        'consult.formatted.v1',
        'ai.request.completed.v1',
        'document.generated.v1',
        'usage.storage.changed.v1',
      ],
    });
    await consume(auth, seen.auth, {
      durable: 'auth-subscriptions',
      subjects: ['billing.subscription.changed.v1'],
    });

    await publish(formatting, envelope('consult.formatted.v1', { consultId: randomUUID() }));
    await publish(formatting, envelope('phi.consult.formatted.v1', { consultId: randomUUID() }));
    await publish(billing, envelope('billing.subscription.changed.v1', { userId: randomUUID() }));
    // A subject billing does not read but its stream holds: skipped and acknowledged.
    await publish(auth, envelope('audit.access.recorded.v1', { actorId: randomUUID() }));

    await eventually(async () => {
      expect(seen.vault).toEqual(['phi.consult.formatted.v1']);
      expect(seen.billing).toEqual(['consult.formatted.v1']);
      expect(seen.auth).toEqual(['billing.subscription.changed.v1']);
      return true;
    }, 20_000);
    // Every call the client library made (API checks, consumer info, pulls, acks, replies to
    // its own inbox) was allowed: the server refused nothing along the way.
    expect(violations()).toEqual([]);
  });

  it('refuses formatting a forged billing event and the restricted stream', async () => {
    const formatting = await as('formatting');
    await expect(
      publish(formatting, envelope('billing.subscription.changed.v1', { userId: randomUUID() })),
    ).rejects.toThrow(refused);
    await expect(
      publish(formatting, envelope('auth.user.changed.v1', { userId: randomUUID() })),
    ).rejects.toThrow(refused);

    // It publishes phi.> (its own event) but may not read it: no plain subscription...
    await subscriptionRefused(formatting, 'phi.>');
    // ...no consumer of its own on the restricted stream, and not the vault's.
    const jsm = await jetstreamManager(formatting);
    await expect(
      jsm.consumers.add(PHI_STREAM, { durable_name: 'formatting-phi', ack_policy: 'explicit' }),
    ).rejects.toThrow(refused);
    await expect(jetstream(formatting).consumers.get(PHI_STREAM, 'vault-consults')).rejects.toThrow(
      refused,
    );
    // Nor the replies another identity receives (the vault's pulled events arrive there).
    for (const inbox of ['_INBOX.>', '_INBOX_vault.>', '>'])
      await subscriptionRefused(formatting, inbox);
    expect(violations().join('\n')).toMatch(/billing\.subscription\.changed\.v1/);
  });

  it('keeps the restricted stream and the streams settings away from everybody else', async () => {
    const analytics = await as('analytics');
    const jsm = await jetstreamManager(analytics);
    await expect(jsm.streams.info(PHI_STREAM)).rejects.toThrow(refused);
    // Creating a stream that exists changes nothing; updating one could cut its retention: only
    // its owner (auth for PV_EVENTS) may.
    await expect(jsm.streams.update(EVENT_STREAM, { max_age: 1e9 })).rejects.toThrow(refused);
    await expect(jsm.consumers.delete(EVENT_STREAM, 'billing-usage')).rejects.toThrow(refused);
    await subscriptionRefused(analytics, 'phi.consult.formatted.v1');
    // Analytics publishes only its staff's audit entries (who read the visitor list, changed a
    // marketing message): never another service's events.
    await expect(
      publish(analytics, envelope('billing.subscription.changed.v1', { userId: randomUUID() })),
    ).rejects.toThrow(refused);
  });

  it('derives the permissions from the events contract', () => {
    const formatting = natsPermissions(processNamed('formatting'));
    expect(formatting.publish).toContain('phi.consult.formatted.v1');
    expect(formatting.publish).not.toContain('billing.subscription.changed.v1');
    expect(formatting.subscribe).toEqual(['_INBOX_formatting.>']);
    const vault = natsPermissions(processNamed('vault'));
    expect(vault.publish).toContain(
      '$JS.API.CONSUMER.CREATE.PV_PHI.vault-consults.phi.consult.formatted.v1',
    );
    // Only the vault consumes from the restricted stream.
    const readers = [
      'auth',
      'formatting',
      'documents',
      'billing',
      'support',
      'vault',
      'analytics',
    ].filter((name) =>
      natsPermissions(processNamed(name)).publish.some((s) =>
        s.startsWith('$JS.API.CONSUMER.MSG.NEXT.PV_PHI.'),
      ),
    );
    expect(readers).toEqual(['vault']);
  });
});

describe('compose and Kubernetes carry the catalog NATS identities', () => {
  const users = natsProcesses().map((proc) => natsUser(proc));

  it('compose: the server holds every password, each process its own user and password', () => {
    const compose = readCompose();
    const server = compose.nats as ComposeService & { volumes?: string[] };
    expect(Object.keys(server.environment ?? {}).sort()).toEqual(
      users.map((user) => natsPasswordEnv(user)).sort(),
    );
    expect(server.volumes).toContain(
      './infra/nats/authorization.conf:/etc/nats/authorization.conf:ro',
    );
    expect(readFileSync(path.join(root, 'infra/nats/nats.conf'), 'utf8')).toMatch(
      /^include \.\/authorization\.conf$/m,
    );
    for (const proc of natsProcesses()) {
      const env = compose[proc.name]?.environment ?? {};
      expect(env.NATS_USER).toBe(natsUser(proc));
      expect(env.NATS_PASSWORD).toMatch(
        new RegExp(`^\\$\\{${natsPasswordEnv(natsUser(proc))}:\\?`),
      );
    }
    // The processes that do not open NATS get no identity.
    for (const proc of PROCESSES.filter((p) => !p.nats))
      expect(compose[proc.name]?.environment?.NATS_USER).toBeUndefined();
  });

  it('compose: authorization.conf grants each user exactly its catalog permissions', () => {
    const conf = readFileSync(path.join(root, 'infra/nats/authorization.conf'), 'utf8');
    const blocks = conf.split(/\n\s*user: /).slice(1);
    const parsed = new Map(
      blocks.map((block) => {
        const list = (kind: string) =>
          JSON.parse(new RegExp(`${kind}: \\{ allow: (\\[.*\\]) \\}`).exec(block)![1]!);
        return [
          JSON.parse(block.slice(0, block.indexOf('\n'))) as string,
          {
            password: /password: (\S+)/.exec(block)![1],
            publish: list('publish'),
            subscribe: list('subscribe'),
          },
        ];
      }),
    );
    expect([...parsed.keys()].sort()).toEqual([...users].sort());
    for (const proc of natsProcesses()) {
      const user = natsUser(proc);
      expect(parsed.get(user)).toEqual({
        password: `$${natsPasswordEnv(user)}`,
        ...natsPermissions(proc),
      });
    }
  });

  it('Kubernetes: the Helm values grant the same, with passwords from the pv-nats-users Secret', () => {
    const [values] = parseYamlDocuments(
      readFileSync(path.join(root, 'infra/nats/helm-auth-values.yaml'), 'utf8'),
    ) as [
      {
        config: { merge: { authorization: { users: Record<string, unknown>[] } } };
        container: { env: Record<string, unknown> };
      },
    ];
    const helmUsers = values.config.merge.authorization.users;
    expect(helmUsers.map((u) => u.user).sort()).toEqual([...users].sort());
    const k8s = renderedK8s();
    const templates = secretTemplates();
    const usersSecret = find(templates, 'Secret', NATS_USERS_SECRET);
    expect(usersSecret.metadata.namespace).toBe('pv-data');
    expect(Object.keys(usersSecret.stringData as object).sort()).toEqual([...users].sort());
    for (const proc of natsProcesses()) {
      const user = natsUser(proc);
      const { publish, subscribe } = natsPermissions(proc);
      expect(helmUsers.find((u) => u.user === user)).toEqual({
        user,
        password: `<< $${natsPasswordEnv(user)} >>`,
        permissions: { publish: { allow: publish }, subscribe: { allow: subscribe } },
      });
      expect(values.container.env[natsPasswordEnv(user)]).toEqual({
        valueFrom: { secretKeyRef: { name: NATS_USERS_SECRET, key: user } },
      });
      // The process connects as that user, with the password from its own Secret.
      const container = containerOf(find(k8s, 'Deployment', proc.name));
      expect(container.env?.find((e) => e.name === 'NATS_USER')?.value).toBe(user);
      const own = find(templates, 'Secret', secretNameOf(proc)).stringData as Record<
        string,
        string
      >;
      expect(own.NATS_PASSWORD).toContain(`key ${user} of Secret ${NATS_USERS_SECRET}`);
    }
  });
});
