import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaled } from '@pv/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { PROCESSES } from '../src/catalog/catalog.js';
import { generatedFiles, staleGeneratedFiles } from '../src/catalog/generate.js';
import { processObjects } from '../src/catalog/k8s-workloads.js';
import { repoRoot } from '../src/paths.js';
import { TEST_STEPS } from '../src/test.js';
import { composeRequiredVariables } from '../src/test-run/checks.js';
import { infraFilesStep } from '../src/test-run/infra-files.js';
import { typecheckStep } from '../src/test-run/typecheck.js';

describe('the infra files step of npm test', () => {
  it('runs after the typecheck, before the tests', () => {
    const names = TEST_STEPS.map((step) => step.name);
    expect(names.indexOf(infraFilesStep.name)).toBeGreaterThan(names.indexOf(typecheckStep.name));
    expect(names.indexOf(infraFilesStep.name)).toBeLessThan(
      names.indexOf('unit and integration tests (vitest run)'),
    );
  });

  // Three kubectl kustomize renders (the base and the two overlays) and the schemas: CPU work,
  // several times slower on a loaded 2-core CI than alone, so it gets room (not a wait).
  it('passes on the committed tree', { timeout: scaled(180_000) }, async () => {
    expect(await infraFilesStep.run({} as never)).toEqual({ status: 'passed' });
  });

  it('names every generated file missing from a tree', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'pv-catalog-'));
    try {
      expect(staleGeneratedFiles(empty).sort()).toEqual([...generatedFiles().keys()].sort());
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('gives compose validation a value for every variable the compose file requires', () => {
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    const required = composeRequiredVariables(compose);
    expect(required).toContain('SESSION_PRIVATE_KEY');
    expect(required).toContain('PG_PASSWORD_BILLING');
    for (const proc of PROCESSES)
      expect(required).toContain(`REDIS_PASSWORD_${proc.name.replace(/-/g, '_').toUpperCase()}`);
  });
});

describe('Kubernetes rolls nobody notices (issue 29 item 3)', () => {
  const objects = PROCESSES.flatMap((proc) =>
    (processObjects(proc) as { kind: string; metadata: { name: string }; spec: never }[]).map(
      (object) => ({ proc, object }),
    ),
  );
  const servers = PROCESSES.filter((proc) => proc.kind === 'server');

  it('every HTTP service keeps at least two replicas, rolls with maxUnavailable 0 and has a PDB', () => {
    expect(servers.length).toBeGreaterThan(0);
    for (const proc of servers) {
      const mine = objects.filter((o) => o.proc === proc).map((o) => o.object);
      const deployment = mine.find((o) => o.kind === 'Deployment') as unknown as {
        spec: { strategy: { rollingUpdate: { maxUnavailable: number } }; replicas?: number };
      };
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable, proc.name).toBe(0);
      const hpa = mine.find((o) => o.kind === 'HorizontalPodAutoscaler') as unknown as
        | { spec: { minReplicas: number } }
        | undefined;
      expect(
        hpa?.spec.minReplicas ?? deployment.spec.replicas ?? 1,
        proc.name,
      ).toBeGreaterThanOrEqual(2);
      expect(
        mine.some((o) => o.kind === 'PodDisruptionBudget'),
        proc.name,
      ).toBe(true);
    }
  });

  // Read from the committed manifests (what `kubectl apply` gets), not only the catalog: the
  // parity test above keeps them equal, this one says what they must hold.
  it('gates every HTTP pod on /ready, pauses before SIGTERM, and keeps one available in a disruption', () => {
    for (const proc of servers) {
      const documents = parseAllDocuments(
        readFileSync(path.join(repoRoot, 'infra', 'k8s', `${proc.name}.yaml`), 'utf8'),
      ).map((d) => d.toJS() as { kind: string; spec: Record<string, never> });
      const deployment = documents.find((d) => d.kind === 'Deployment') as unknown as {
        spec: {
          strategy: { rollingUpdate: { maxUnavailable: number; maxSurge: number } };
          template: {
            spec: {
              containers: {
                readinessProbe?: { httpGet: { path: string } };
                lifecycle?: { preStop?: unknown };
              }[];
            };
          };
        };
      };
      expect(deployment.spec.strategy.rollingUpdate, proc.name).toEqual({
        maxUnavailable: 0,
        maxSurge: 1,
      });
      const [container] = deployment.spec.template.spec.containers;
      expect(container?.readinessProbe?.httpGet.path, proc.name).toBe('/ready');
      expect(container?.lifecycle?.preStop, proc.name).toBeDefined();
      const hpa = documents.find((d) => d.kind === 'HorizontalPodAutoscaler') as unknown as {
        spec: { minReplicas: number };
      };
      expect(hpa.spec.minReplicas, proc.name).toBeGreaterThanOrEqual(2);
      const pdb = documents.find((d) => d.kind === 'PodDisruptionBudget') as unknown as {
        spec: { minAvailable: number };
      };
      expect(pdb.spec.minAvailable, proc.name).toBeGreaterThanOrEqual(1);
    }
  });
});
