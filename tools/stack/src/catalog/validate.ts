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
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`${where}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(object as never).validate();
    return [];
  } catch (err) {
    return [`${where}: ${err instanceof Error ? err.message : String(err)}`];
  }
}

function hasKubectl(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
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

/** Renders infra/k8s and validates it plus the extra files; returns every problem found. */
export function validateInfra(root: string): {
  problems: string[];
  count: number;
  renderer: string;
} {
  const { objects, renderer } = renderKustomization(path.join(root, 'infra/k8s'));
  const extra = readManifests(
    [
      'infra/k8s/templates/secrets.template.yaml',
      'infra/k8s/setup/postgres-roles.yaml',
      'infra/backup/cnpg-cluster-backup.yaml',
    ].map((file) => path.join(root, file)),
  );
  const all = [...objects, ...extra];
  return { problems: all.flatMap(schemaProblems), count: all.length, renderer };
}
