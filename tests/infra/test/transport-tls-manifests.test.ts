// Encryption in transit is on in Kubernetes (docs/transport-security.md), read back from the
// committed manifests: every pod requires TLS, mounts its own certificate Secret and trusts the
// internal CA; servers but the gateway serve HTTPS and are probed so; every Secret mounted is
// one cert-manager issues, for the names its peers dial; the Secret templates' URLs are TLS.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, transportSecurityProblems } from '@pv/service-kit/runtime';
import { PROCESSES, parseYamlDocuments } from '@pv/stack/catalog';
import { SupportConfigSchema } from '@pv/support/config';
import { describe, expect, it } from 'vitest';
import { find, renderedK8s, root, secretTemplates } from './shipped.js';

const k8s = renderedK8s();
const templates = secretTemplates();
const setup = parseYamlDocuments(
  readFileSync(path.join(root, 'infra/k8s/setup/internal-tls.yaml'), 'utf8'),
) as {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: { secretName?: string; dnsNames?: string[]; usages?: string[] };
}[];

interface PodSpec {
  securityContext?: { fsGroup?: number };
  volumes?: { name: string; secret?: { secretName: string } }[];
  containers: {
    env?: { name: string; value?: string }[];
    volumeMounts?: { name: string; mountPath: string }[];
    startupProbe?: { httpGet?: { scheme?: string } };
    readinessProbe?: { httpGet?: { scheme?: string } };
    livenessProbe?: { httpGet?: { scheme?: string } };
  }[];
}
const podOf = (object: { spec?: unknown }) =>
  (object.spec as { template: { spec: PodSpec } }).template.spec;
const envOf = (pod: PodSpec) =>
  Object.fromEntries((pod.containers[0]!.env ?? []).map((e) => [e.name, e.value]));

const certificates = setup.filter((o) => o.kind === 'Certificate');

describe('TLS in the Kubernetes manifests', () => {
  for (const proc of PROCESSES) {
    it(`${proc.name}: requires TLS, trusts the internal CA from its own Secret`, () => {
      const pod = podOf(find(k8s, 'Deployment', proc.name));
      const env = envOf(pod);
      expect(env.TLS_REQUIRED).toBe('true');
      expect(env.TLS_CA_FILE).toBe('/etc/pv-tls/ca.crt');
      const volume = pod.volumes?.find((v) => v.name === 'tls');
      expect(volume?.secret?.secretName).toBe(`pv-${proc.name}-tls`);
      expect(pod.containers[0]!.volumeMounts).toContainEqual(
        expect.objectContaining({ name: 'tls', mountPath: '/etc/pv-tls' }),
      );
      expect(pod.securityContext?.fsGroup).toBe(1000);
      const certificate = certificates.find((c) => c.spec.secretName === `pv-${proc.name}-tls`);
      expect(certificate?.metadata.namespace).toBe('prontuario-voz');
      // The name a peer dials (https://billing:8084) is on the certificate.
      expect(certificate?.spec.dnsNames).toContain(proc.name);

      const https = proc.kind === 'server' && proc.name !== 'gateway';
      expect(Boolean(env.TLS_CERT_FILE && env.TLS_KEY_FILE)).toBe(https);
      if (proc.kind === 'server') {
        const container = pod.containers[0]!;
        for (const probe of [
          container.startupProbe,
          container.readinessProbe,
          container.livenessProbe,
        ]) {
          expect(probe?.httpGet?.scheme).toBe(https ? 'HTTPS' : undefined);
        }
      }
    });
  }

  it('migration Jobs open their stores as their service does', () => {
    const jobs = k8s.filter(
      (o) => o.kind === 'Job' && o.metadata.labels?.['app.kubernetes.io/component'] === 'migration',
    );
    expect(jobs.length).toBe(PROCESSES.filter((p) => p.database).length);
    for (const job of jobs) {
      const pod = podOf(job);
      expect(envOf(pod).TLS_REQUIRED).toBe('true');
      expect(pod.volumes?.some((v) => v.name === 'tls' && v.secret)).toBe(true);
    }
  });

  it('the Secret templates give TLS URLs a TLS_REQUIRED process accepts', () => {
    const support = find(templates, 'Secret', 'pv-support').stringData as Record<string, string>;
    const urls = {
      POSTGRES_URL: support.POSTGRES_URL!,
      REDIS_URL: support.REDIS_URL!,
      NATS_URL: support.NATS_URL!,
    };
    expect(urls.POSTGRES_URL).toMatch(/\?sslmode=verify-full$/);
    expect(urls.REDIS_URL).toMatch(/^rediss:\/\//);
    expect(urls.NATS_URL).toMatch(/^tls:\/\//);
    expect(
      transportSecurityProblems({
        ...urls,
        TLS_REQUIRED: 'true',
        TLS_CA_FILE: '/etc/pv-tls/ca.crt',
      }),
    ).toEqual([]);
    expect(() =>
      loadConfig(SupportConfigSchema, {
        ...urls,
        SESSION_PUBLIC_KEY: 'x'.repeat(64),
        TLS_REQUIRED: 'true',
        TLS_CA_FILE: '/etc/pv-tls/ca.crt',
      }),
    ).not.toThrow();
  });

  it('KEDA reads Redis over TLS with the internal CA', () => {
    const auth = find(k8s, 'TriggerAuthentication', 'pv-keda-redis').spec as {
      secretTargetRef: { parameter: string; name: string; key: string }[];
    };
    const params = Object.fromEntries(auth.secretTargetRef.map((r) => [r.parameter, r]));
    expect(params.ca).toMatchObject({ name: 'pv-ca-bundle', key: 'ca.crt' });
    const keda = find(templates, 'Secret', 'pv-keda').stringData as Record<string, string>;
    expect(keda[params.tls!.key]).toBe('enable');
    expect(certificates.some((c) => c.spec.secretName === 'pv-ca-bundle')).toBe(true);
  });

  it('the data servers get certificates for the names the URLs carry', () => {
    const support = find(templates, 'Secret', 'pv-support').stringData as Record<string, string>;
    for (const [server, url] of [
      ['postgres', support.POSTGRES_URL!],
      ['redis', support.REDIS_URL!],
      ['nats', support.NATS_URL!],
    ]) {
      const certificate = certificates.find((c) => c.spec.secretName === `pv-${server}-tls`);
      expect(certificate?.metadata.namespace).toBe('pv-data');
      expect(certificate?.spec.dnsNames).toContain(new URL(url!).hostname);
    }
  });
});
