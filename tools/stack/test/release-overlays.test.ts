import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESSES } from '../src/catalog/catalog.js';
import { OVERLAYS, releaseVersion } from '../src/catalog/release.js';
import {
  type K8sObject,
  overlayDirs,
  releaseProblems,
  renderKustomization,
} from '../src/catalog/validate.js';
import { repoRoot } from '../src/paths.js';

// Each overlay renders (kubectl kustomize when installed) into what a release needs: images at
// the release version, probes on every workload, a migration Job per service with a database.
const rendered = overlayDirs(repoRoot).map((dir) => ({
  name: path.basename(dir),
  objects: renderKustomization(dir).objects,
}));
const containersOf = (o: K8sObject) =>
  ((o.spec as { template?: { spec?: { containers?: { image: string }[] } } })?.template?.spec
    ?.containers ?? []) as { image: string; livenessProbe?: unknown; readinessProbe?: unknown }[];

describe('the kustomize overlays', () => {
  it.each(rendered)('$name renders with no release problem', ({ name, objects }) => {
    expect(releaseProblems(objects, name)).toEqual([]);
    const text = JSON.stringify(objects);
    expect(text).not.toContain(':latest');
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    expect(deployments).toHaveLength(PROCESSES.length);
    for (const d of deployments) {
      for (const c of containersOf(d)) {
        expect(c.image).toMatch(new RegExp(`:${releaseVersion().replaceAll('.', '\\.')}$`));
        expect(c.livenessProbe && c.readinessProbe, d.metadata.name).toBeTruthy();
      }
    }
    const jobs = objects.filter((o) => o.kind === 'Job');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(
      PROCESSES.filter((p) => p.database)
        .map((p) => `migrate-${p.name}-${releaseVersion().replaceAll('.', '-')}`)
        .sort(),
    );
  });

  it.each(OVERLAYS)('$name sets its hosts and replicas', (overlay) => {
    const objects = rendered.find((r) => r.name === overlay.name)!.objects;
    const shared = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'pv-shared');
    expect((shared as unknown as { data: Record<string, string> }).data.PUBLIC_ORIGINS).toBe(
      `https://${overlay.hosts.workspace},https://${overlay.hosts.admin}`,
    );
    const routes = objects.filter((o) => o.kind === 'HTTPRoute');
    expect(JSON.stringify(routes)).toContain(overlay.hosts.workspace);
    const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler');
    expect(hpa?.spec?.minReplicas).toBe(overlay.replicas.http.min);
  });
});

describe('releaseProblems', () => {
  const deployment = (image: string, probes = true): K8sObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'x' },
    spec: {
      template: {
        spec: {
          containers: [
            {
              name: 'x',
              image,
              ...(probes ? { livenessProbe: {}, readinessProbe: {} } : {}),
            },
          ],
        },
      },
    },
  });
  const problems = (objects: K8sObject[]) =>
    releaseProblems(objects, 't').filter((p) => !p.includes('migration Job'));

  it('flags :latest, a bare name and a missing probe; accepts versions and digests', () => {
    expect(problems([deployment('pv/auth:latest')])).toHaveLength(1);
    expect(problems([deployment('pv/auth')])).toHaveLength(1);
    expect(problems([deployment('postgres:15')])).toHaveLength(1);
    expect(problems([deployment('pv/auth:1.4.0', false)])).toHaveLength(1);
    expect(problems([deployment('postgres:15.14-alpine')])).toEqual([]);
    expect(problems([deployment(`pv/auth:1.4.0@sha256:${'a'.repeat(64)}`)])).toEqual([]);
  });

  it('flags a service with a database and no migration Job', () => {
    expect(releaseProblems([], 't')).toContain('t: no migration Job for auth');
  });
});
