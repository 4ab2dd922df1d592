// The release side of infra/k8s: the migration Job of each service with a database (run once
// per release, before the Deployments roll) and the kustomize overlays staging and production
// (image tags, replicas, hosts). See docs/releasing.md and infra/README.md.
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { type CatalogProcess, DEPLOYMENT, PROCESSES } from './catalog.js';
import { dataOnlyPolicy, gatewayApiObjects, INTERNET } from './k8s-network.js';
import { tlsVolume } from './k8s-tls.js';
import {
  containerHardening,
  imageOf,
  imageRepositoryOf,
  k8sEnvironment,
  PART_OF,
  POD_HARDENING,
  secretNameOf,
} from './k8s-workloads.js';
import { OVERLAYS, type Overlay, releaseVersion, versionSlug } from './release.js';

export const MIGRATION_COMPONENT = 'migration';

const migrating = () => PROCESSES.filter((p) => p.kind === 'server' && p.database);

/** `migrate-auth-1-4-0`: a Job's pod template cannot change, so each release has its own. */
export const migrationJobName = (proc: CatalogProcess, version = releaseVersion()) =>
  `migrate-${proc.name}-${versionSlug(version)}`;

function migrationJob(proc: CatalogProcess): IJob {
  const version = releaseVersion();
  const labels = {
    'app.kubernetes.io/name': `migrate-${proc.name}`,
    'app.kubernetes.io/component': MIGRATION_COMPONENT,
    'app.kubernetes.io/version': version,
    ...PART_OF,
  };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: migrationJobName(proc, version),
      namespace: DEPLOYMENT.namespace,
      labels,
      // Argo CD and Flux run it before the rest (kubectl: infra/README.md "Releasing").
      annotations: { 'argocd.argoproj.io/sync-wave': '-1' },
    },
    spec: {
      // A failed migration is looked at, not retried in a loop: Postgres rolled it back.
      backoffLimit: 1,
      activeDeadlineSeconds: 3600,
      ttlSecondsAfterFinished: 7 * 24 * 3600,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          ...POD_HARDENING,
          containers: [
            {
              name: 'migrate',
              image: imageOf(proc),
              // The service's own entry: opens it as at start (migrating), then exits 0.
              command: ['node', '--enable-source-maps', '/app/dist/main.mjs', 'migrate'],
              envFrom: [{ secretRef: { name: secretNameOf(proc) } }],
              env: k8sEnvironment(proc).filter((e) => e.name !== 'MIGRATE_AT_START'),
              ...containerHardening(proc),
            },
          ],
          // The same TLS Secret as the service: the Job opens its stores as the service does.
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }, tlsVolume(proc)],
        },
      },
    },
  };
}

/** The Jobs reach only the data servers (the service opens Postgres, Redis and NATS). */
function migrationPolicy(): INetworkPolicy {
  const { postgres, redis, nats } = DEPLOYMENT.ports;
  return dataOnlyPolicy({
    name: 'migrations',
    matchLabels: { 'app.kubernetes.io/component': MIGRATION_COMPONENT },
    ports: [postgres, redis, nats],
  });
}

/**
 * A migration may need what its service reaches on the internet: the documents migration that
 * re-encrypts signed PDFs (issue 24) reads and writes the S3 bucket. Same reach as the service's
 * own policy (HTTPS outside the private ranges), for that service's Job only.
 */
function migrationInternetPolicy(proc: CatalogProcess): INetworkPolicy {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: {
      name: `migrate-${proc.name}-internet`,
      namespace: DEPLOYMENT.namespace,
      labels: { ...PART_OF },
    },
    spec: {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': `migrate-${proc.name}` } },
      policyTypes: ['Egress'],
      egress: [{ to: [INTERNET], ports: [{ protocol: 'TCP' as const, port: 443 }] }],
    },
  };
}

export function migrationObjects(): unknown[] {
  return [
    ...migrating().map(migrationJob),
    migrationPolicy(),
    ...migrating()
      .filter((proc) => proc.internet)
      .map(migrationInternetPolicy),
  ];
}

/** The kustomization of an overlay: the base, its images at the release tag, and its patches. */
export function overlayKustomization(): Record<string, unknown> {
  const version = releaseVersion();
  return {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    namespace: DEPLOYMENT.namespace,
    // Kustomize refuses an overlay inside its base's folder, hence infra/k8s-overlays/<name>.
    resources: ['../../k8s'],
    images: PROCESSES.map((proc) => ({ name: imageRepositoryOf(proc), newTag: version })),
    patches: [{ path: 'replicas.yaml' }, { path: 'hosts.yaml' }],
  };
}

/** Replica bounds: the HPA of each server, the KEDA ScaledObject of each worker. */
export function overlayReplicaPatches(overlay: Overlay): unknown[] {
  return PROCESSES.map((proc) => {
    const metadata = { name: proc.name, namespace: DEPLOYMENT.namespace };
    if (proc.scaling.kind === 'hpa') {
      const { min, max } = overlay.replicas.http;
      return {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata,
        spec: { minReplicas: min, maxReplicas: max },
      };
    }
    const bounds = overlay.replicas.workers[proc.name] ?? {
      min: proc.scaling.min,
      max: proc.scaling.max,
    };
    return {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata,
      spec: { minReplicaCount: bounds.min, maxReplicaCount: bounds.max },
    };
  });
}

/** The overlay's hosts: the origins the services accept, the Gateway's listeners and routes. */
export function overlayHostPatches(overlay: Overlay): unknown[] {
  const { workspace, admin } = overlay.hosts;
  return [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'pv-shared', namespace: DEPLOYMENT.namespace },
      data: { PUBLIC_ORIGINS: `https://${workspace},https://${admin}` },
    },
    // Whole objects (lists are replaced, not merged), from the same function as the base's.
    ...gatewayApiObjects(overlay.hosts),
  ];
}

export { OVERLAYS };
