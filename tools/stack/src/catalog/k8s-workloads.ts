// One file per process for infra/k8s: its Deployment, its Service (servers), what scales it (an
// HPA on CPU, or a KEDA ScaledObject on its queue) and its PodDisruptionBudget.
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import {
  type CatalogProcess,
  DEPLOYMENT,
  PRESTOP_PAUSE_SECONDS,
  peerUrls,
  SECRETS,
  secretsOf,
  sharedEnv,
  TERMINATION_GRACE_SECONDS,
  TRUST_PROXY,
} from './catalog.js';
import { servesHttps, tlsEnvironment, tlsVolume, tlsVolumeMount } from './k8s-tls.js';
import { NATS_USERS_SECRET, natsUser } from './nats-auth.js';
import { releaseVersion } from './release.js';

export const PART_OF = { 'app.kubernetes.io/part-of': 'prontuario-voz' };
export const labelsOf = (proc: CatalogProcess) => ({
  'app.kubernetes.io/name': proc.name,
  'app.kubernetes.io/component': proc.kind,
  ...PART_OF,
});
export const selectorOf = (proc: CatalogProcess) => ({ 'app.kubernetes.io/name': proc.name });
export const secretNameOf = (proc: CatalogProcess) => `pv-${proc.name}`;
/** A process's image at the release version; overlays set the tag, the pipeline the digest. */
export const imageRepositoryOf = (proc: CatalogProcess) => `${DEPLOYMENT.images}/${proc.name}`;
export const imageOf = (proc: CatalogProcess) => `${imageRepositoryOf(proc)}:${releaseVersion()}`;

const meta = (proc: CatalogProcess, name = proc.name) => ({
  name,
  namespace: DEPLOYMENT.namespace,
  labels: labelsOf(proc),
});

type EnvVar =
  | { name: string; value: string }
  | { name: string; valueFrom: { configMapKeyRef: { name: string; key: string } } };

/** The environment a Deployment sets itself; secrets come from its own Secret (envFrom). */
/** A pod of ours: no API token, no service links, non-root, default seccomp. */
export const POD_HARDENING = {
  automountServiceAccountToken: false,
  enableServiceLinks: false,
  securityContext: {
    runAsNonRoot: true,
    runAsUser: 1000,
    runAsGroup: 1000,
    // The TLS Secret's files belong to this group, so the key is not world-readable.
    fsGroup: 1000,
    seccompProfile: { type: 'RuntimeDefault' as const },
  },
};

/** A container of ours: the process's requests, a read-only root with a /tmp, no privileges. */
export const containerHardening = (proc: CatalogProcess) => ({
  resources: {
    requests: { cpu: proc.resources.cpu, memory: proc.resources.memory },
    // No CPU limit: throttling a Node event loop hurts latency more than sharing a core does.
    limits: { memory: proc.resources.memoryLimit },
  },
  securityContext: {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ['ALL'] },
  },
  volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }, tlsVolumeMount],
});

export function k8sEnvironment(proc: CatalogProcess): EnvVar[] {
  const fromConfig = (name: string, configMap: string): EnvVar => ({
    name,
    valueFrom: { configMapKeyRef: { name: configMap, key: name } },
  });
  const env: EnvVar[] = Object.entries(sharedEnv(proc)).map(([name, value]) => ({ name, value }));
  env.push(fromConfig('LOG_LEVEL', 'pv-shared'));
  const isGateway = proc.name === 'gateway';
  if (!isGateway) env.push(fromConfig('SESSION_PUBLIC_KEY', 'pv-session'));
  if (proc.kind === 'server' && !isGateway) env.push(fromConfig('PUBLIC_ORIGINS', 'pv-shared'));
  if (proc.kind === 'server') {
    env.push({
      name: 'TRUST_PROXY',
      value: isGateway ? TRUST_PROXY.k8s.gateway : TRUST_PROXY.k8s.services,
    });
  }
  if (proc.nats)
    env.push({ name: 'NATS_STREAM_REPLICAS', value: String(DEPLOYMENT.streamReplicas) });
  // The release's migration Job (migrations.yaml) migrates before the rollout; a pod only checks.
  if (proc.database) env.push({ name: 'MIGRATE_AT_START', value: 'false' });
  // Peers over HTTPS, verified against the internal CA; every store URL must be TLS too.
  for (const [name, value] of Object.entries(peerUrls(proc, (peer) => peer.name, 'https'))) {
    env.push({ name, value });
  }
  env.push(...tlsEnvironment(proc));
  return env;
}

function probes(proc: CatalogProcess) {
  if (proc.kind === 'worker') {
    // serveWorkerHealth on HEALTH_PORT: a hung worker (event loop stuck, queue connection lost)
    // is restarted; one that is not taking jobs (draining) is reported, not killed.
    const get = (path: string) => ({ httpGet: { path, port: 'health' } });
    return {
      startupProbe: { ...get('/health'), periodSeconds: 2, failureThreshold: 30 },
      readinessProbe: { ...get('/ready'), periodSeconds: 10, failureThreshold: 3 },
      livenessProbe: {
        ...get('/health'),
        periodSeconds: 10,
        failureThreshold: 3,
        timeoutSeconds: 5,
      },
    };
  }
  // The kubelet speaks HTTPS to a server that listens with its certificate (it does not verify it).
  const scheme = servesHttps(proc) ? { scheme: 'HTTPS' } : {};
  const get = (path: string) => ({ httpGet: { path, port: 'http', ...scheme } });
  return {
    // Migrations run in the release's Job, before the rollout: a pod only connects and checks.
    startupProbe: { ...get('/health'), periodSeconds: 2, failureThreshold: 60 },
    // /ready checks what a request needs (Postgres, Redis); NATS loss degrades to the outbox.
    readinessProbe: { ...get('/ready'), periodSeconds: 5, failureThreshold: 3 },
    livenessProbe: { ...get('/health'), periodSeconds: 10, failureThreshold: 3, timeoutSeconds: 5 },
  };
}

function deployment(proc: CatalogProcess): IDeployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(proc),
    spec: {
      // No replicas: the HPA or KEDA owns the count, and `kubectl apply` must not reset it.
      revisionHistoryLimit: 5,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      selector: { matchLabels: selectorOf(proc) },
      template: {
        metadata: { labels: labelsOf(proc) },
        spec: {
          ...POD_HARDENING,
          terminationGracePeriodSeconds: TERMINATION_GRACE_SECONDS,
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'topology.kubernetes.io/zone',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: selectorOf(proc) },
            },
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: selectorOf(proc) },
            },
          ],
          containers: [
            {
              name: proc.name,
              image: imageOf(proc),
              ...(proc.kind === 'server'
                ? {
                    ports: [
                      { name: 'http', containerPort: proc.port },
                      ...(proc.internalPort
                        ? [{ name: 'internal', containerPort: proc.internalPort }]
                        : []),
                    ],
                  }
                : { ports: [{ name: 'health', containerPort: proc.port }] }),
              envFrom: [{ secretRef: { name: secretNameOf(proc) } }],
              env: k8sEnvironment(proc),
              lifecycle: {
                // Endpoints and the Gateway's proxies stop sending here a moment after the pod is
                // marked terminating; keep serving until they have, then SIGTERM starts the drain.
                preStop: {
                  exec: {
                    command: [
                      'node',
                      '-e',
                      `setTimeout(() => {}, ${PRESTOP_PAUSE_SECONDS * 1000})`,
                    ],
                  },
                },
              },
              ...probes(proc),
              ...containerHardening(proc),
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '256Mi' } }, tlsVolume(proc)],
        },
      },
    },
  };
}

function service(proc: CatalogProcess): IService {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(proc),
    spec: {
      selector: selectorOf(proc),
      ports: [{ name: 'http', port: proc.port, targetPort: 'http' }],
    },
  };
}

const SCALE_DOWN_WINDOW_SECONDS = 300;

function scaler(proc: CatalogProcess): IHorizontalPodAutoscaler | IScaledObject {
  const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: proc.name };
  if (proc.scaling.kind === 'hpa') {
    return {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: meta(proc),
      spec: {
        scaleTargetRef: target,
        minReplicas: proc.scaling.min,
        maxReplicas: proc.scaling.max,
        metrics: [
          {
            type: 'Resource',
            resource: {
              name: 'cpu',
              target: { type: 'Utilization', averageUtilization: proc.scaling.cpuPercent },
            },
          },
        ],
        behavior: { scaleDown: { stabilizationWindowSeconds: SCALE_DOWN_WINDOW_SECONDS } },
      },
    };
  }
  const { queue, jobsPerReplica } = proc.scaling;
  // BullMQ keeps a queue's waiting jobs in the list bull:<queue>:wait and the running ones in
  // bull:<queue>:active; the formula adds them, so a replica busy with jobs is never scaled away.
  const list = (name: 'wait' | 'active') => ({
    type: 'redis',
    name,
    metadata: { listName: `bull:${queue}:${name}`, listLength: String(jobsPerReplica) },
    authenticationRef: { name: 'pv-keda-redis' },
  });
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: meta(proc),
    spec: {
      scaleTargetRef: { name: proc.name },
      minReplicaCount: proc.scaling.min,
      maxReplicaCount: proc.scaling.max,
      pollingInterval: 10,
      cooldownPeriod: SCALE_DOWN_WINDOW_SECONDS,
      advanced: {
        scalingModifiers: {
          formula: 'wait + active',
          target: String(jobsPerReplica),
          metricType: 'AverageValue',
        },
        horizontalPodAutoscalerConfig: {
          behavior: { scaleDown: { stabilizationWindowSeconds: SCALE_DOWN_WINDOW_SECONDS } },
        },
      },
      triggers: [list('wait'), list('active')],
    },
  };
}

function disruptionBudget(proc: CatalogProcess): IPodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta(proc),
    spec: {
      ...(proc.kind === 'server' ? { minAvailable: 1 } : { maxUnavailable: 1 }),
      selector: { matchLabels: selectorOf(proc) },
    },
  };
}

/** The objects of one process's file, in apply order. */
export function processObjects(proc: CatalogProcess): unknown[] {
  return [
    deployment(proc),
    ...(proc.kind === 'server' ? [service(proc)] : []),
    scaler(proc),
    disruptionBudget(proc),
  ];
}

const placeholder = (name: string) => {
  const spec = SECRETS.find((s) => s.name === name);
  if (!spec) return 'REPLACE';
  return spec.required
    ? `REPLACE: ${spec.description}`
    : `OPTIONAL (delete the line): ${spec.description}`;
};

/** The Secret each process reads, with placeholders: the operator fills and applies them. */
export function secretTemplate(proc: CatalogProcess): ISecret {
  const data: Record<string, string> = {};
  for (const name of secretsOf(proc)) {
    if (name === 'POSTGRES_URL') {
      data[name] =
        `postgres://${proc.database}:PASSWORD@${DEPLOYMENT.dataHosts.postgres}:${DEPLOYMENT.ports.postgres}?sslmode=verify-full`;
    } else if (name === 'REDIS_URL') {
      data[name] =
        `rediss://${proc.name}:PASSWORD@${DEPLOYMENT.dataHosts.redis}:${DEPLOYMENT.ports.redis}`;
    } else if (name === 'NATS_URL') {
      data[name] = `tls://${DEPLOYMENT.dataHosts.nats}:${DEPLOYMENT.ports.nats}`;
    } else if (name === 'NATS_PASSWORD') {
      data[name] =
        `REPLACE: password of NATS user ${natsUser(proc)}, the same as key ${natsUser(proc)} of Secret ${NATS_USERS_SECRET} (namespace ${DEPLOYMENT.dataNamespace})`;
    } else {
      data[name] = placeholder(name);
    }
  }
  for (const name of proc.optional) data[name] = 'OPTIONAL (delete the line)';
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: secretNameOf(proc), namespace: DEPLOYMENT.namespace, labels: labelsOf(proc) },
    type: 'Opaque',
    stringData: data,
  };
}
