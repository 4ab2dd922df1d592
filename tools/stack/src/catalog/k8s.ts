// infra/k8s from the catalog: the kustomization and every file it lists, plus the templates an
// operator fills once (Secrets, the session key) and the one-off Job that makes the Postgres roles.
import type { ITriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import { DEPLOYMENT, PROCESSES } from './catalog.js';
import { databaseOwners, postgresRolesSql, rolePasswordVariable } from './datastores.js';
import { dataOnlyPolicy, gatewayApiObjects, networkPolicies } from './k8s-network.js';
import {
  migrationObjects,
  OVERLAYS,
  overlayHostPatches,
  overlayKustomization,
  overlayReplicaPatches,
} from './k8s-release.js';
import { CA_BUNDLE_SECRET, internalTlsObjects, TLS_MOUNT } from './k8s-tls.js';
import { PART_OF, processObjects, secretTemplate } from './k8s-workloads.js';
import { NATS_USERS_SECRET, natsProcesses, natsUser } from './nats-auth.js';
import { BASE_IMAGES, releaseVersion } from './release.js';
import { GENERATED_NOTE, generatedYamlFiles, toYaml } from './yaml.js';

const meta = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  namespace: DEPLOYMENT.namespace,
  labels: { ...PART_OF },
  ...extra,
});

const KEDA_SECRET = 'pv-keda';
const ROLES_SECRET = 'pv-postgres-admin';

function namespace(): INamespace {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: DEPLOYMENT.namespace,
      labels: {
        ...PART_OF,
        // Every pod here runs as non-root with a read-only root and no capabilities.
        'pod-security.kubernetes.io/enforce': 'restricted',
        'pod-security.kubernetes.io/warn': 'restricted',
      },
    },
  };
}

function sharedConfig(): IConfigMap {
  const { workspace, admin } = DEPLOYMENT.hosts;
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta('pv-shared'),
    data: { LOG_LEVEL: 'info', PUBLIC_ORIGINS: `https://${workspace},https://${admin}` },
  };
}

function kedaAuth(): ITriggerAuthentication {
  const param = (parameter: string, key: string) => ({ parameter, name: KEDA_SECRET, key });
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'TriggerAuthentication',
    metadata: meta('pv-keda-redis'),
    spec: {
      secretTargetRef: [
        param('address', 'REDIS_ADDRESS'),
        param('username', 'REDIS_USERNAME'),
        param('password', 'REDIS_PASSWORD'),
        // Redis speaks TLS only (docs/transport-security.md): KEDA verifies it with the internal CA.
        param('tls', 'REDIS_TLS'),
        { parameter: 'ca', name: CA_BUNDLE_SECRET, key: 'ca.crt' },
      ],
    },
  };
}

function operatorTemplates(): (IConfigMap | ISecret)[] {
  const passwords = Object.fromEntries(
    databaseOwners().map((p) => [
      rolePasswordVariable(p.database).toUpperCase(),
      'REPLACE: 48 hex characters',
    ]),
  );
  return [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta('pv-session'),
      data: { SESSION_PUBLIC_KEY: 'REPLACE: base64 SPKI DER of the Ed25519 key auth signs with' },
    },
    ...PROCESSES.map(secretTemplate),
    {
      // Read by the NATS pods (infra/nats/helm-auth-values.yaml): a key per NATS user, each the
      // same value as NATS_PASSWORD in that process's own Secret.
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: NATS_USERS_SECRET,
        namespace: DEPLOYMENT.dataNamespace,
        labels: { ...PART_OF },
      },
      type: 'Opaque',
      stringData: Object.fromEntries(
        natsProcesses().map((p) => [natsUser(p), 'REPLACE: 48 hex characters']),
      ),
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta(KEDA_SECRET),
      type: 'Opaque',
      stringData: {
        REDIS_ADDRESS: `${DEPLOYMENT.dataHosts.redis}:${DEPLOYMENT.ports.redis}`,
        REDIS_USERNAME: 'keda',
        REDIS_PASSWORD: 'REPLACE: the keda ACL user password',
        REDIS_TLS: 'enable',
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta(ROLES_SECRET),
      type: 'Opaque',
      stringData: {
        ADMIN_URL: `postgres://postgres:PASSWORD@${DEPLOYMENT.dataHosts.postgres}:${DEPLOYMENT.ports.postgres}/postgres`,
        ...passwords,
      },
    },
  ];
}

function rolesJob(): (IConfigMap | IJob | INetworkPolicy)[] {
  const labels = { 'app.kubernetes.io/name': 'postgres-roles', ...PART_OF };
  const vars = databaseOwners().flatMap((p) => {
    const variable = rolePasswordVariable(p.database);
    return ['-v', `${variable}=$(${variable.toUpperCase()})`];
  });
  return [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta('pv-postgres-roles'),
      data: { 'roles.sql': postgresRolesSql() },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: meta('pv-postgres-roles'),
      spec: {
        backoffLimit: 3,
        ttlSecondsAfterFinished: 3600,
        template: {
          metadata: { labels },
          spec: {
            restartPolicy: 'OnFailure',
            automountServiceAccountToken: false,
            securityContext: {
              runAsNonRoot: true,
              runAsUser: 999,
              runAsGroup: 999,
              seccompProfile: { type: 'RuntimeDefault' },
            },
            containers: [
              {
                name: 'psql',
                image: BASE_IMAGES.postgresClient,
                envFrom: [{ secretRef: { name: ROLES_SECRET } }],
                // libpq's own settings: TLS verifying the server's certificate and name.
                env: [
                  { name: 'PGSSLMODE', value: 'verify-full' },
                  { name: 'PGSSLROOTCERT', value: `${TLS_MOUNT}/ca.crt` },
                ],
                command: [
                  'psql',
                  '$(ADMIN_URL)',
                  '-v',
                  'ON_ERROR_STOP=1',
                  ...vars,
                  '-f',
                  '/sql/roles.sql',
                ],
                securityContext: {
                  allowPrivilegeEscalation: false,
                  readOnlyRootFilesystem: true,
                  capabilities: { drop: ['ALL'] },
                },
                resources: {
                  requests: { cpu: '10m', memory: '32Mi' },
                  limits: { memory: '128Mi' },
                },
                volumeMounts: [
                  { name: 'sql', mountPath: '/sql', readOnly: true },
                  { name: 'tls', mountPath: TLS_MOUNT, readOnly: true },
                ],
              },
            ],
            volumes: [
              { name: 'sql', configMap: { name: 'pv-postgres-roles' } },
              {
                name: 'tls',
                secret: {
                  secretName: CA_BUNDLE_SECRET,
                  items: [{ key: 'ca.crt', path: 'ca.crt' }],
                },
              },
            ],
          },
        },
      },
    },
    dataOnlyPolicy({
      name: 'postgres-roles',
      matchLabels: { 'app.kubernetes.io/name': 'postgres-roles' },
      ports: [DEPLOYMENT.ports.postgres],
    }),
  ];
}

/** Files under infra/k8s (relative to it) and their contents. */
export function renderK8s(): Map<string, string> {
  const { files, add } = generatedYamlFiles();

  add('namespace.yaml', 'The namespace, with the restricted Pod Security Standard enforced.', [
    namespace(),
  ]);
  add(
    'config.yaml',
    'Settings every process may read that are neither secret nor per-process. Keep PUBLIC_ORIGINS\nin step with the hosts in gateway-api.yaml.',
    [sharedConfig()],
  );
  add(
    'keda-auth.yaml',
    'How KEDA reads the worker queues in Redis: the keda ACL user (read-only lengths).',
    [kedaAuth()],
  );
  for (const proc of PROCESSES) {
    add(`${proc.name}.yaml`, `${proc.name}: ${proc.summary}.`, processObjects(proc));
  }
  add(
    'network-policies.yaml',
    'Default deny; then each process admits only its callers and reaches only its peers, its data\nservers (namespace ' +
      `${DEPLOYMENT.dataNamespace}) and, for LLM/Stripe/Soniox, HTTPS on the internet. DNS for all.`,
    networkPolicies(),
  );
  add(
    'gateway-api.yaml',
    'The two public hosts: the workspace (everything but the console) and the admin host (the console,\n' +
      'its API and login). gatewayClassName "eg" is Envoy Gateway; use your implementation\'s class.',
    gatewayApiObjects(),
  );
  add(
    'migrations.yaml',
    `The migration Job of each service with a database, for release ${releaseVersion()}: run once, before\n` +
      'the Deployments roll (their pods only check, MIGRATE_AT_START=false). Expand/contract: docs/releasing.md.',
    migrationObjects(),
  );
  const resources = [
    'namespace.yaml',
    'config.yaml',
    'keda-auth.yaml',
    'migrations.yaml',
    ...PROCESSES.map((p) => `${p.name}.yaml`),
    'network-policies.yaml',
    'gateway-api.yaml',
  ];
  files.set(
    'kustomization.yaml',
    toYaml(
      [
        {
          value: {
            apiVersion: 'kustomize.config.k8s.io/v1beta1',
            kind: 'Kustomization',
            namespace: DEPLOYMENT.namespace,
            resources,
          },
        },
      ],
      `${GENERATED_NOTE}
The base: apply an overlay instead (infra/k8s-overlays/staging or production), after the steps
in infra/README.md (Secrets, roles, DNS) and in its order ("Releasing": migration Jobs first).`,
    ),
  );
  add(
    'templates/secrets.template.yaml',
    'A TEMPLATE, not applied by kustomize: every value is a placeholder. Copy it outside the repository,\n' +
      'fill it in (infra/README.md says how to make each value) and apply it once, or create the same keys\n' +
      'with your secret manager. Each process reads only its own Secret.',
    operatorTemplates(),
  );
  add(
    'setup/internal-tls.yaml',
    'Run once per cluster, before the Secrets and the workloads (cert-manager required): the internal CA\n' +
      'and a certificate for every process (Secret pv-<process>-tls) and data server (pv-<server>-tls in\n' +
      `${DEPLOYMENT.dataNamespace}). Without cert-manager, create Secrets of those names with tls.crt, tls.key and\n` +
      'ca.crt yourself (infra/README.md, "Encryption in transit").\n' +
      'kubectl apply -f infra/k8s/setup/internal-tls.yaml',
    internalTlsObjects(),
  );
  add(
    'setup/postgres-roles.yaml',
    'Run once per cluster (and again to rotate passwords): a role per service owning only its database.\n' +
      'kubectl apply -f infra/k8s/setup/postgres-roles.yaml   (after the pv-postgres-admin Secret)',
    rolesJob(),
  );
  return files;
}

/** The kustomize overlays, by path relative to the repository root (infra/k8s-overlays/<name>/). */
export function renderK8sOverlays(): Map<string, string> {
  const { files, add } = generatedYamlFiles();
  for (const overlay of OVERLAYS) {
    const dir = `infra/k8s-overlays/${overlay.name}`;
    files.set(
      `${dir}/kustomization.yaml`,
      toYaml(
        [{ value: overlayKustomization() }],
        `${GENERATED_NOTE}
The ${overlay.name} overlay: images at release ${releaseVersion()}, its replicas and its hosts.
The release pipeline pins each image to its digest here, e.g.
  kustomize edit set image registry.example.com/prontuario-voz/auth=registry.example.com/prontuario-voz/auth:${releaseVersion()}@sha256:<digest>
then: kubectl apply -k infra/k8s-overlays/${overlay.name}  (in the order of infra/README.md "Releasing")`,
      ),
    );
    add(
      `${dir}/replicas.yaml`,
      `${overlay.name}: replica bounds of every process (HPA for servers, KEDA for workers).`,
      overlayReplicaPatches(overlay),
    );
    add(
      `${dir}/hosts.yaml`,
      `${overlay.name}: its hosts (${overlay.hosts.workspace}, ${overlay.hosts.admin}) in the origins and the Gateway.`,
      overlayHostPatches(overlay),
    );
  }
  return files;
}
