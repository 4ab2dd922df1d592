// What a release pins: the version its images are tagged with, the exact base images beside them
// (Renovate keeps these current: renovate.json), and what each Kubernetes overlay changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Third-party images at an exact version, never a moving tag. The Node image of infra/Dockerfile
 * is NODE_IMAGE (dockerfile.ts). No digests here: the registry cannot be read from the machines
 * that generate these files; the release pipeline resolves and writes them (infra/README.md).
 */
export const BASE_IMAGES = {
  /** Postgres in compose (the server) and the roles Job (psql only). */
  postgres: 'postgres:15.14-bookworm',
  postgresClient: 'postgres:15.14-alpine',
  redis: 'redis:7.4.2-bookworm',
  nats: 'nats:2.10.24-alpine',
} as const;

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The release version: the root package.json's `version` (0.1.0 until releases are tagged). */
export function releaseVersion(): string {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return version ?? '0.1.0';
}

/** A version as a Kubernetes name part: `1.4.0` -> `1-4-0`. */
export const versionSlug = (version: string) => version.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

export interface Overlay {
  name: 'staging' | 'production';
  hosts: { workspace: string; admin: string };
  /** Replicas per process (HPA or KEDA bounds); processes not listed keep the catalog's. */
  replicas: {
    http: { min: number; max: number };
    workers: Record<string, { min: number; max: number }>;
  };
}

export const OVERLAYS: readonly Overlay[] = [
  {
    name: 'staging',
    hosts: { workspace: 'app.staging.example.com', admin: 'admin.staging.example.com' },
    // Two of each server: a rollout or a node drain still never leaves a service without one.
    replicas: {
      http: { min: 2, max: 4 },
      workers: { 'formatting-worker': { min: 1, max: 3 }, 'pdf-worker': { min: 1, max: 2 } },
    },
  },
  {
    name: 'production',
    hosts: { workspace: 'app.example.com', admin: 'admin.example.com' },
    replicas: {
      http: { min: 3, max: 12 },
      workers: { 'formatting-worker': { min: 2, max: 10 }, 'pdf-worker': { min: 2, max: 8 } },
    },
  },
];
