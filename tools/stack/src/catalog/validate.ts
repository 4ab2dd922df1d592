// Renders infra/k8s (kubectl kustomize when kubectl is installed, else the same reading of its
// kustomization in Node) and validates every object against the Kubernetes, KEDA, Gateway API and
// CloudNativePG schemas of the pinned kubernetes-models packages.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Cluster, ScheduledBackup } from '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1';
import { Gateway, HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { PROCESSES } from './catalog.js';
import { certManagerProblems } from './k8s-tls.js';
import { OVERLAYS } from './release.js';
import { parseYamlDocuments } from './yaml.js';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}

type ModelClass = new (data: never) => { validate(): void };

const MODELS: Record<string, ModelClass> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
  'gateway.networking.k8s.io/v1/Gateway': Gateway,
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTPRoute,
  'postgresql.cnpg.io/v1/Cluster': Cluster,
  'postgresql.cnpg.io/v1/ScheduledBackup': ScheduledBackup,
};

/** Schema problems of one object; an apiVersion/kind without a schema here is a problem too. */
export function schemaProblems(object: K8sObject): string[] {
  const where = `${object.kind}/${object.metadata?.name ?? '?'}`;
  if (object.apiVersion === 'cert-manager.io/v1') return certManagerProblems(object);
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`${where}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(object as never).validate();
    return [];
  } catch (err) {
    return [`${where}: ${err instanceof Error ? err.message : String(err)}`];
  }
}

let kubectlFound: boolean | undefined;
function hasKubectl(): boolean {
  kubectlFound ??= spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
  return kubectlFound;
}

/** What `kubectl kustomize` gives for a kustomization made of resources and a namespace. */
function renderInNode(dir: string): K8sObject[] {
  const kustomization = parseYamlDocuments(
    readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'),
  )[0] as { namespace?: string; resources: string[] };
  return kustomization.resources.flatMap((file) =>
    (parseYamlDocuments(readFileSync(path.join(dir, file), 'utf8')) as K8sObject[]).map((o) =>
      kustomization.namespace && o.kind !== 'Namespace'
        ? { ...o, metadata: { ...o.metadata, namespace: kustomization.namespace } }
        : o,
    ),
  );
}

/** The objects `kubectl apply -k <dir>` would send, and which renderer produced them. */
export function renderKustomization(dir: string): { objects: K8sObject[]; renderer: string } {
  if (hasKubectl()) {
    const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
    return {
      objects: parseYamlDocuments(result.stdout) as K8sObject[],
      renderer: 'kubectl kustomize',
    };
  }
  return { objects: renderInNode(dir), renderer: 'kustomization read in Node' };
}

/** Every object of YAML files (templates and one-off manifests kustomize does not list). */
export function readManifests(files: string[]): K8sObject[] {
  return files.flatMap((file) => parseYamlDocuments(readFileSync(file, 'utf8')) as K8sObject[]);
}

interface PodTemplateHolder {
  spec?: { template?: { spec?: { containers?: Container[]; initContainers?: Container[] } } };
}
interface Container {
  name: string;
  image?: string;
  livenessProbe?: unknown;
  readinessProbe?: unknown;
}

/** An image at an exact version (`name:1.2.3`, `name:15.14-alpine`), a digest optional. */
const PINNED_IMAGE = /^[^\s:@]+(:[0-9]+\.[0-9]+(\.[0-9]+)?[A-Za-z0-9._-]*)(@sha256:[0-9a-f]{64})?$/;

/**
 * What a release needs of rendered objects: every image pinned to an exact version (no `:latest`,
 * no bare name), liveness and readiness probes on every Deployment's containers, and the
 * migration Job of every service with a database.
 */
export function releaseProblems(objects: K8sObject[], where: string): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const pod = (object as PodTemplateHolder).spec?.template?.spec;
    if (!pod) continue;
    const id = `${where} ${object.kind}/${object.metadata.name}`;
    for (const container of [...(pod.containers ?? []), ...(pod.initContainers ?? [])]) {
      if (!container.image || !PINNED_IMAGE.test(container.image))
        problems.push(`${id}: image ${container.image ?? '(none)'} is not pinned to a version`);
      if (object.kind === 'Deployment' && (!container.livenessProbe || !container.readinessProbe))
        problems.push(`${id}: container ${container.name} lacks a liveness or readiness probe`);
    }
  }
  const jobs = objects.filter(
    (o) => o.kind === 'Job' && o.metadata.labels?.['app.kubernetes.io/component'] === 'migration',
  );
  for (const proc of PROCESSES.filter((p) => p.database)) {
    if (
      !jobs.some(
        (job) => job.metadata.labels?.['app.kubernetes.io/name'] === `migrate-${proc.name}`,
      )
    )
      problems.push(`${where}: no migration Job for ${proc.name}`);
  }
  return problems;
}

/** The kustomize overlays under infra/k8s-overlays (staging, production). */
export const overlayDirs = (root: string) =>
  OVERLAYS.map((overlay) => path.join(root, 'infra', 'k8s-overlays', overlay.name));

/**
 * Renders infra/k8s and each overlay and validates them plus the extra files; returns every
 * problem found.
 */
export function validateInfra(root: string): {
  problems: string[];
  count: number;
  renderer: string;
} {
  const { objects, renderer } = renderKustomization(path.join(root, 'infra/k8s'));
  // An overlay's objects are the base's but for its patches: only those need their schema again.
  const base = new Set(objects.map((o) => JSON.stringify(o)));
  const overlayProblems = overlayDirs(root).flatMap((dir) => {
    const rendered = renderKustomization(dir).objects;
    const name = path.relative(root, dir);
    const changed = rendered.filter((o) => !base.has(JSON.stringify(o)));
    return [...changed.flatMap(schemaProblems), ...releaseProblems(rendered, name)];
  });
  const extra = readManifests(
    [
      'infra/k8s/templates/secrets.template.yaml',
      'infra/k8s/setup/postgres-roles.yaml',
      'infra/k8s/setup/internal-tls.yaml',
      'infra/backup/cnpg-cluster-backup.yaml',
    ].map((file) => path.join(root, file)),
  );
  const all = [...objects, ...extra];
  return {
    problems: [
      ...all.flatMap(schemaProblems),
      ...releaseProblems(objects, 'infra/k8s'),
      ...releaseProblems(extra, 'infra/k8s (setup)').filter((p) => !p.includes('migration Job')),
      ...overlayProblems,
    ],
    count: all.length,
    renderer,
  };
}
