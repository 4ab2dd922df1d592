// The files an operator ships, read back as data: docker-compose.yml and the objects of infra/k8s
// as `kubectl kustomize` renders them, plus the Secret templates. Tests compare these, not the
// catalog's renderers, with the catalog, so a hand edit that breaks the wiring fails too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type K8sObject,
  parseYamlDocuments,
  readManifests,
  renderKustomization,
} from '@pv/stack/catalog';

export const root = path.resolve(import.meta.dirname, '../../..');

export interface ComposeService {
  environment?: Record<string, string | null>;
  build?: { target?: string };
  ports?: string[];
}

export function readCompose(
  file = path.join(root, 'docker-compose.yml'),
): Record<string, ComposeService> {
  const [compose] = parseYamlDocuments(readFileSync(file, 'utf8')) as [
    { services: Record<string, ComposeService> },
  ];
  return compose.services;
}

export function renderedK8s(): K8sObject[] {
  return renderKustomization(path.join(root, 'infra/k8s')).objects;
}

export const secretTemplates = () =>
  readManifests([path.join(root, 'infra/k8s/templates/secrets.template.yaml')]);

export function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

export interface Container {
  name: string;
  env?: {
    name: string;
    value?: string;
    valueFrom?: Record<string, { name: string; key: string }>;
  }[];
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
  ports?: { containerPort: number }[];
}

export function containerOf(deployment: K8sObject): Container {
  const spec = deployment.spec as { template: { spec: { containers: Container[] } } };
  const [container] = spec.template.spec.containers;
  if (!container) throw new Error(`${deployment.metadata.name} has no container`);
  return container;
}

/** `${NAME:-default}` -> default, `${NAME:?message}` -> a long placeholder, null -> unset. */
export function resolveCompose(env: Record<string, string | null>): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === null) continue;
    resolved[name] = value
      .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
      .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'x'.repeat(64));
  }
  return resolved;
}
