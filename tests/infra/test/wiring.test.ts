// Wiring parity: every process of the catalog appears in docker-compose.yml, infra/k8s and the
// Dockerfile with its port, the environment its service's config schema reads, and only its own
// secrets; every process found under services/ is in the catalog.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AnalyticsConfigSchema } from '@pv/analytics/config';
import { AuthConfigSchema } from '@pv/auth/config';
import { BillingConfigSchema } from '@pv/billing/config';
import { DocumentsConfigSchema } from '@pv/documents/config';
import { FormattingConfigSchema } from '@pv/formatting/config';
import { GatewayConfigSchema } from '@pv/gateway';
import { loadConfig } from '@pv/service-kit/runtime';
import {
  CONNECTION_SECRETS,
  PROCESSES,
  processNamed,
  SECRETS,
  secretNameOf,
  secretsOf,
  serviceUrlVariable,
  staleGeneratedFiles,
} from '@pv/stack/catalog';
import { discoverProcesses } from '@pv/stack/services';
import { SupportConfigSchema } from '@pv/support/config';
import { VaultConfigSchema } from '@pv/vault/config';
import type { TObject } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import {
  containerOf,
  find,
  readCompose,
  renderedK8s,
  resolveCompose,
  root,
  secretTemplates,
} from './shipped.js';

const SCHEMAS: Record<string, TObject> = {
  gateway: GatewayConfigSchema,
  auth: AuthConfigSchema,
  formatting: FormattingConfigSchema,
  documents: DocumentsConfigSchema,
  billing: BillingConfigSchema,
  support: SupportConfigSchema,
  vault: VaultConfigSchema,
  analytics: AnalyticsConfigSchema,
};
/** Read outside the config schemas: by the kit's lifecycle (drain grace) and its event stream. */
const READ_OUTSIDE_SCHEMAS = new Set([
  'SHUTDOWN_GRACE_MS',
  'NATS_STREAM_REPLICAS',
  'PHI_STREAM_MAX_AGE_HOURS',
  'NODE_ENV',
]);
const ALL_SECRETS = new Set<string>([...CONNECTION_SECRETS, ...SECRETS.map((s) => s.name)]);
const SERVICE_URLS = new Set(PROCESSES.map((p) => serviceUrlVariable(p.service)));

const compose = readCompose();
const k8s = renderedK8s();
const templates = secretTemplates();

/** A process's whole k8s environment: its env entries plus the keys of its own Secret template. */
function k8sEnv(name: string): Record<string, string> {
  const container = containerOf(find(k8s, 'Deployment', name));
  const shared = find(k8s, 'ConfigMap', 'pv-shared').data as Record<string, string>;
  const env: Record<string, string> = {};
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.configMapKeyRef;
    env[entry.name] =
      entry.value ?? (ref?.name === 'pv-shared' ? shared[ref.key]! : 'x'.repeat(64));
  }
  const secret = find(templates, 'Secret', secretNameOf(processNamed(name)));
  for (const [key, value] of Object.entries(secret.stringData as Record<string, string>)) {
    if (!value.startsWith('OPTIONAL')) env[key] = value;
  }
  return env;
}

describe('the generated files', () => {
  it('are what the catalog generates (npm run infra:generate leaves nothing to commit)', () => {
    expect(staleGeneratedFiles(root)).toEqual([]);
  });

  it('run every process found under services/, and nothing the catalog does not know', () => {
    const found = discoverProcesses(root).map((p) => `${p.name} ${p.entry}`);
    expect(found.sort()).toEqual(PROCESSES.map((p) => `${p.name} ${p.entry}`).sort());
  });
});

describe.each(PROCESSES.map((p) => [p.name, p] as const))('%s', (name, proc) => {
  const composeEnv = compose[name]?.environment ?? {};
  const isWorker = proc.kind === 'worker';

  it('has a compose service and a Dockerfile target that run its entry', () => {
    expect(compose[name]?.build?.target).toBe(name);
    const dockerfile = readFileSync(path.join(root, 'infra/Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`FROM runtime AS ${name}\n`);
    expect(dockerfile).toContain(`bundle.mjs ${proc.entry} /out/dist/main.mjs`);
  });

  it('listens on its catalog port in compose and Kubernetes', () => {
    const container = containerOf(find(k8s, 'Deployment', name));
    if (isWorker) {
      // A worker listens only on its internal health port (serveWorkerHealth), for the probes.
      expect(composeEnv.PORT).toBeUndefined();
      expect(composeEnv.HEALTH_PORT).toBe(String(proc.port));
      expect(container.ports).toEqual([{ name: 'health', containerPort: proc.port }]);
      return;
    }
    expect(composeEnv.PORT).toBe(String(proc.port));
    expect(container.ports?.map((p) => p.containerPort)).toEqual(
      proc.internalPort ? [proc.port, proc.internalPort] : [proc.port],
    );
    if (proc.internalPort) expect(composeEnv.INTERNAL_PORT).toBe(String(proc.internalPort));
    const service = find(k8s, 'Service', name).spec as { ports: { port: number }[] };
    expect(service.ports.map((p) => p.port)).toEqual([proc.port]);
  });

  it('holds only its own secrets, from its own Secret', () => {
    const own = new Set(secretsOf(proc));
    const composeSecrets = Object.keys(composeEnv).filter((key) => ALL_SECRETS.has(key));
    expect(composeSecrets.sort()).toEqual([...own].sort());
    const container = containerOf(find(k8s, 'Deployment', name));
    expect(container.envFrom).toEqual([{ secretRef: { name: secretNameOf(proc) } }]);
    for (const entry of container.env ?? []) {
      expect(ALL_SECRETS.has(entry.name), `${entry.name} set outside its Secret`).toBe(false);
      expect(entry.valueFrom?.secretKeyRef).toBeUndefined();
    }
    const secret = find(templates, 'Secret', secretNameOf(proc));
    const keys = Object.keys(secret.stringData as Record<string, string>);
    expect(keys.filter((key) => ALL_SECRETS.has(key)).sort()).toEqual([...own].sort());
  });

  it('connects as its own Postgres role and Redis user', () => {
    const env = resolveCompose(composeEnv);
    expect(new URL(env.REDIS_URL!).username).toBe(name);
    expect(env.POSTGRES_URL && new URL(env.POSTGRES_URL).username).toBe(proc.database);
    expect(new URL(k8sEnv(name).REDIS_URL!).username).toBe(name);
  });

  it("gets the URLs of the peers it calls, and no other service's", () => {
    // Kubernetes: HTTPS to every peer (docs/transport-security.md); compose: plain HTTP.
    for (const [env, scheme] of [
      [resolveCompose(composeEnv), 'http'],
      [k8sEnv(name), 'https'],
    ] as const) {
      const urls = Object.keys(env).filter((key) => SERVICE_URLS.has(key));
      expect(urls.sort()).toEqual(proc.calls.map((c) => serviceUrlVariable(c)).sort());
      for (const peer of proc.calls) {
        expect(env[serviceUrlVariable(peer)]).toBe(
          `${scheme}://${peer}:${processNamed(peer).port}`,
        );
      }
    }
  });

  it('gives it an environment its config schema accepts, with nothing the service does not read', () => {
    const schema = SCHEMAS[proc.service]!;
    for (const env of [resolveCompose(composeEnv), k8sEnv(name)]) {
      expect(() => loadConfig(schema, env)).not.toThrow();
      const unread = Object.keys(env).filter(
        (key) => !(key in schema.properties) && !READ_OUTSIDE_SCHEMAS.has(key),
      );
      expect(unread).toEqual([]);
    }
  });
});

describe('the issue-16 wiring faults stay fixed', () => {
  it('gives formatting and documents BILLING_URL in compose and Kubernetes', () => {
    for (const name of ['formatting', 'documents']) {
      expect(resolveCompose(compose[name]?.environment ?? {}).BILLING_URL).toBe(
        'http://billing:8084',
      );
      expect(k8sEnv(name).BILLING_URL).toBe('https://billing:8084');
    }
  });

  it('sets TRUST_PROXY on every server: the gateway trusts its edge, services one hop more', () => {
    const servers = PROCESSES.filter((p) => p.kind === 'server');
    const gatewayK8s = Number(k8sEnv('gateway').TRUST_PROXY);
    const gatewayCompose = Number(resolveCompose(compose.gateway?.environment ?? {}).TRUST_PROXY);
    for (const proc of servers.filter((p) => p.name !== 'gateway')) {
      expect(Number(k8sEnv(proc.name).TRUST_PROXY)).toBe(gatewayK8s + 1);
      expect(Number(resolveCompose(compose[proc.name]?.environment ?? {}).TRUST_PROXY)).toBe(
        gatewayCompose + 1,
      );
    }
  });

  it('keeps the vault key, Stripe and the session private key with their owners', () => {
    const holders = (secret: string) =>
      Object.entries(compose)
        .filter(([, service]) => service.environment && secret in service.environment)
        .map(([name]) => name);
    expect(holders('VAULT_ADMIN_KEY')).toEqual(['vault']);
    expect(holders('VAULT_HMAC_SECRET')).toEqual(['vault']);
    expect(holders('STRIPE_SECRET_KEY')).toEqual(['billing']);
    expect(holders('SESSION_PRIVATE_KEY')).toEqual(['auth']);
  });
});
