// Each process's own NATS identity (docs/nats-identity.md): a user per process that opens NATS,
// with subject permissions derived from what it publishes and consumes. The events contract
// (`EVENT_CHANNELS`: publishers, and consumers with their durable names) is the source; the
// catalog says which processes open NATS. Rendered as a nats-server `authorization` block for
// compose and `npm start`, and as values of the official Helm chart for Kubernetes.
import {
  EVENT_CHANNELS,
  EVENT_STREAM,
  type EventSubject,
  PHI_STREAM,
  PHI_STREAM_SUBJECTS,
} from '@pv/contracts';
import { type CatalogProcess, DEPLOYMENT, envName, PROCESSES } from './catalog.js';
import { GENERATED_NOTE, toYaml } from './yaml.js';

/** The NATS user of a process: its catalog name (one per process, like its Redis user). */
export const natsUser = (proc: CatalogProcess) => proc.name;

/** Environment variable of a NATS user's password (compose, the NATS pod): `NATS_PASSWORD_AUTH`. */
export const natsPasswordEnv = (user: string) => `NATS_PASSWORD_${envName(user)}`;

/** The Kubernetes Secret (data namespace) holding one key per NATS user, read by the NATS pods. */
export const NATS_USERS_SECRET = 'pv-nats-users';

/**
 * Who may create a missing stream is everyone who uses it (creation cannot harm one that exists:
 * JetStream refuses a different configuration under the same name); who may UPDATE it (add the
 * subjects of a newer release) is one owner, since an update may also cut its retention. PV_EVENTS:
 * auth, the publisher every flow starts from; PV_PHI: formatting, its only publisher.
 */
export const STREAM_OWNERS: Record<string, string> = {
  [EVENT_STREAM]: 'auth',
  [PHI_STREAM]: 'formatting',
};

/** The inbox prefix the service kit gives a user (`natsInboxPrefix` in @pv/service-kit). */
export const inboxPrefixOf = (user: string) => `_INBOX_${user}`;

const streamOfSubject = (subject: string) =>
  PHI_STREAM_SUBJECTS.some((s) => subject.startsWith(s.replace(/>$/, '')))
    ? PHI_STREAM
    : EVENT_STREAM;

export interface DurableConsumer {
  service: string;
  durable: string;
  stream: string;
  subjects: EventSubject[];
}

const SUBJECTS = Object.keys(EVENT_CHANNELS) as EventSubject[];

/** The subjects a service publishes, from the contract's `publisher` lists. */
export function publishedSubjects(service: string): EventSubject[] {
  return SUBJECTS.filter((subject) =>
    EVENT_CHANNELS[subject].publisher.split(/,\s*/).includes(service),
  );
}

/** Every durable consumer the contract names (`<service> (<durable>)`), with its subjects. */
export function durableConsumers(): DurableConsumer[] {
  const byDurable = new Map<string, DurableConsumer>();
  for (const subject of SUBJECTS) {
    for (const reader of EVENT_CHANNELS[subject].consumers) {
      const match = /^([a-z][a-z0-9-]*) \(([A-Za-z0-9_-]+)\)/.exec(reader);
      if (!match)
        throw new Error(`${subject}: consumer "${reader}" is not "<service> (<durable>)"`);
      const [, service = '', durable = ''] = match;
      const stream = streamOfSubject(subject);
      const entry = byDurable.get(durable) ?? { service, durable, stream, subjects: [] };
      if (entry.service !== service || entry.stream !== stream)
        throw new Error(`durable ${durable} is named by two services or reads two streams`);
      entry.subjects.push(subject);
      byDurable.set(durable, entry);
    }
  }
  return [...byDurable.values()];
}

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/**
 * What a process may publish and subscribe to. Publish: its own event subjects; the JetStream API
 * calls the client really makes (checked against a real server by tests/infra): `$JS.API.INFO`
 * (the manager's API check), stream info and create for each stream it uses, update for the
 * streams it owns, and for each of its durables consumer info, create (with its filter subject
 * when it reads one subject), next (pull) and the acknowledgements. Subscribe: only its own
 * inboxes, where JetStream's replies and pulled events arrive.
 */
export function natsPermissions(proc: CatalogProcess): NatsPermissions {
  const user = natsUser(proc);
  const published = publishedSubjects(proc.service);
  const durables = durableConsumers().filter((d) => d.service === proc.service);
  const streams = new Set([...published.map(streamOfSubject), ...durables.map((d) => d.stream)]);
  const api = ['$JS.API.INFO'];
  for (const stream of [...streams].sort()) {
    api.push(`$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.CREATE.${stream}`);
    if (STREAM_OWNERS[stream] === proc.service) api.push(`$JS.API.STREAM.UPDATE.${stream}`);
  }
  for (const { durable, stream, subjects } of durables) {
    const prefix = `$JS.API.CONSUMER`;
    api.push(
      `${prefix}.INFO.${stream}.${durable}`,
      // One subject: the filter is part of the API subject, so it cannot be widened. Several: the
      // filters travel in the body (NATS 2.10+) or the consumer reads its stream (2.9), which is
      // why the restricted subjects live in a stream of their own.
      subjects.length === 1
        ? `${prefix}.CREATE.${stream}.${durable}.${subjects[0]}`
        : `${prefix}.CREATE.${stream}.${durable}`,
      `${prefix}.MSG.NEXT.${stream}.${durable}`,
      `$JS.ACK.${stream}.${durable}.>`,
    );
  }
  return { publish: [...published, ...api], subscribe: [`${inboxPrefixOf(user)}.>`] };
}

/** The processes that open NATS, each with its user. */
export const natsProcesses = () => PROCESSES.filter((p) => p.nats);

const quoted = (subjects: string[]) => subjects.map((s) => JSON.stringify(s)).join(', ');

/**
 * A nats-server `authorization` block: one user per process with its permissions; no default
 * user, so a client without credentials is refused. `password(user)` is the value as written in
 * the file: `$NATS_PASSWORD_AUTH` (a variable the server reads from its environment) or a quoted
 * literal.
 */
export function natsAuthorizationConf(password: (user: string) => string): string {
  const users = natsProcesses().map((proc) => {
    const user = natsUser(proc);
    const { publish, subscribe } = natsPermissions(proc);
    return [
      '    {',
      `      user: ${JSON.stringify(user)}`,
      `      password: ${password(user)}`,
      '      permissions: {',
      `        publish: { allow: [${quoted(publish)}] }`,
      `        subscribe: { allow: [${quoted(subscribe)}] }`,
      '      }',
      '    }',
    ].join('\n');
  });
  return `authorization {\n  users: [\n${users.join('\n')}\n  ]\n}\n`;
}

/** The configuration of `npm start`'s authorized NATS: the same users, their passwords written in. */
export function natsAuthorizationWithPasswords(passwords: Record<string, string>): string {
  return natsAuthorizationConf((user) => {
    const password = passwords[user];
    if (!password) throw new Error(`no NATS password for ${user}`);
    return JSON.stringify(password);
  });
}

/** The generated file compose's NATS includes (the passwords from its environment). */
export function natsAuthorizationFile(): string {
  return `# Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.
# One NATS user per process with what it may publish and subscribe to (docs/nats-identity.md).
# Included by nats.conf; each password comes from the server's environment (NATS_PASSWORD_<USER>).
${natsAuthorizationConf((user) => `$${natsPasswordEnv(user)}`)}`;
}

/**
 * Values for the official NATS Helm chart (given after infra/nats/helm-values.yaml): the same
 * users and permissions merged into the server's configuration, each password read from the key
 * of the user's name in the Secret NATS_USERS_SECRET of the data namespace.
 */
export function natsHelmAuthValues(): Record<string, unknown> {
  const users = natsProcesses().map((proc) => {
    const user = natsUser(proc);
    const { publish, subscribe } = natsPermissions(proc);
    return {
      user,
      // The chart writes `<< $X >>` unquoted: a variable nats-server reads from its environment.
      password: `<< $${natsPasswordEnv(user)} >>`,
      permissions: { publish: { allow: publish }, subscribe: { allow: subscribe } },
    };
  });
  const env = Object.fromEntries(
    natsProcesses().map((proc) => [
      natsPasswordEnv(natsUser(proc)),
      { valueFrom: { secretKeyRef: { name: NATS_USERS_SECRET, key: natsUser(proc) } } },
    ]),
  );
  return { config: { merge: { authorization: { users } } }, container: { env } };
}

/** infra/nats/helm-auth-values.yaml: the Helm values above, with how to install them. */
export function natsHelmAuthFile(): string {
  return toYaml(
    [{ value: natsHelmAuthValues() }],
    `${GENERATED_NOTE}
One NATS user per process with what it may publish and subscribe to (docs/nats-identity.md), for
the official NATS Helm chart, given after the base values:
  helm install pv-nats nats/nats -n ${DEPLOYMENT.dataNamespace} -f infra/nats/helm-values.yaml -f infra/nats/helm-auth-values.yaml
Each password comes from the key of the user's name in the Secret ${NATS_USERS_SECRET} (namespace
${DEPLOYMENT.dataNamespace}, infra/k8s/templates/secrets.template.yaml), the same value as NATS_PASSWORD
in that process's own Secret.`,
  );
}
