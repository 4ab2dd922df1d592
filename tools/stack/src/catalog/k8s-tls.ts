// Encryption in transit in Kubernetes (docs/transport-security.md): every process verifies its
// Postgres, Redis, NATS and peer services against one internal CA, mounted from its own TLS
// Secret with the certificate the servers among them listen with. cert-manager issues and renews
// those Secrets (infra/k8s/setup/internal-tls.yaml); without cert-manager an operator creates
// Secrets of the same names and keys (tls.crt, tls.key, ca.crt).
import { type CatalogProcess, DEPLOYMENT, PROCESSES } from './catalog.js';

const PART_OF = { 'app.kubernetes.io/part-of': 'prontuario-voz' };

/** Where a pod finds its TLS Secret: ca.crt, and tls.crt/tls.key for a server. */
export const TLS_MOUNT = '/etc/pv-tls';
/** The cert-manager ClusterIssuer that signs every internal certificate. */
export const INTERNAL_ISSUER = 'pv-internal-ca';
/** A Secret issued for nobody in particular: its ca.crt is what KEDA and the roles Job trust. */
export const CA_BUNDLE_SECRET = 'pv-ca-bundle';
/** Where cert-manager keeps a ClusterIssuer's CA Secret (its cluster resource namespace). */
const CERT_MANAGER_NAMESPACE = 'cert-manager';

export const tlsSecretOf = (proc: CatalogProcess) => `pv-${proc.name}-tls`;

/**
 * Servers that listen with HTTPS. The gateway's public port stays HTTP: the Gateway API edge
 * terminates the internet's TLS and reaches it with core features only (no BackendTLSPolicy).
 */
export const servesHttps = (proc: CatalogProcess) =>
  proc.kind === 'server' && proc.name !== 'gateway';

/** The names a process's certificate carries: what its peers dial and the Service's full names. */
export function serviceDnsNames(name: string, namespace: string = DEPLOYMENT.namespace): string[] {
  return [
    name,
    `${name}.${namespace}`,
    `${name}.${namespace}.svc`,
    `${name}.${namespace}.svc.cluster.local`,
  ];
}

/** The TLS settings of a process in Kubernetes: TLS required, the CA, a server's certificate. */
export function tlsEnvironment(proc: CatalogProcess): { name: string; value: string }[] {
  return [
    { name: 'TLS_REQUIRED', value: 'true' },
    { name: 'TLS_CA_FILE', value: `${TLS_MOUNT}/ca.crt` },
    ...(servesHttps(proc)
      ? [
          { name: 'TLS_CERT_FILE', value: `${TLS_MOUNT}/tls.crt` },
          { name: 'TLS_KEY_FILE', value: `${TLS_MOUNT}/tls.key` },
        ]
      : []),
  ];
}

export const tlsVolumeMount = { name: 'tls', mountPath: TLS_MOUNT, readOnly: true };

/** The pod volume of a process's TLS Secret (only ca.crt for those that serve no HTTPS). */
export function tlsVolume(proc: CatalogProcess) {
  return {
    name: 'tls',
    secret: {
      secretName: tlsSecretOf(proc),
      // Readable by the pod's user (1000) only through its group; the key never world-readable.
      defaultMode: 0o440,
      ...(servesHttps(proc) ? {} : { items: [{ key: 'ca.crt', path: 'ca.crt' }] }),
    },
  };
}

interface Certificate {
  apiVersion: 'cert-manager.io/v1';
  kind: 'Certificate';
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: Record<string, unknown>;
}

const certificate = (
  name: string,
  namespace: string,
  dnsNames: string[],
  usages: string[],
): Certificate => ({
  apiVersion: 'cert-manager.io/v1',
  kind: 'Certificate',
  metadata: { name, namespace, labels: { ...PART_OF } },
  spec: {
    secretName: name,
    commonName: dnsNames[0],
    dnsNames,
    // 90 days, renewed 30 days ahead: a pod reads its files at start, so a rollout or a restart
    // within those 30 days picks the new one up (infra/README.md).
    duration: '2160h',
    renewBefore: '720h',
    privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
    usages,
    issuerRef: { name: INTERNAL_ISSUER, kind: 'ClusterIssuer', group: 'cert-manager.io' },
  },
});

/**
 * A data server's in-cluster name (`pv-redis.pv-data.svc`) and its shorter forms; NATS also its
 * nodes' names under the chart's headless Service, which its cluster routes dial over TLS.
 */
function dataServerNames(server: string, host: string): string[] {
  const [name, namespace] = host.split('.');
  const names = serviceDnsNames(name!, namespace);
  if (server !== 'nats') return names;
  return [...names, ...serviceDnsNames(`${name}-headless`, namespace).map((n) => `*.${n}`)];
}

/**
 * What infra/k8s/setup/internal-tls.yaml holds: the internal CA (a self-signed root made and kept
 * by cert-manager), its ClusterIssuer, a certificate per process (its Secret `pv-<process>-tls`)
 * and one for each data server in the data namespace.
 */
export function internalTlsObjects(): unknown[] {
  const processes = PROCESSES.map((proc) =>
    certificate(
      tlsSecretOf(proc),
      DEPLOYMENT.namespace,
      serviceDnsNames(proc.name),
      servesHttps(proc)
        ? ['server auth', 'digital signature']
        : ['client auth', 'digital signature'],
    ),
  );
  const dataServers = Object.entries(DEPLOYMENT.dataHosts).map(([server, host]) =>
    // client auth too: NATS nodes (and a Postgres replica) present it to each other.
    certificate(`pv-${server}-tls`, DEPLOYMENT.dataNamespace, dataServerNames(server, host), [
      'server auth',
      'client auth',
      'digital signature',
    ]),
  );
  return [
    {
      apiVersion: 'cert-manager.io/v1',
      kind: 'ClusterIssuer',
      metadata: { name: 'pv-selfsigned', labels: { ...PART_OF } },
      spec: { selfSigned: {} },
    },
    {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: {
        name: INTERNAL_ISSUER,
        namespace: CERT_MANAGER_NAMESPACE,
        labels: { ...PART_OF },
      },
      spec: {
        isCA: true,
        commonName: 'prontuario-voz internal CA',
        secretName: INTERNAL_ISSUER,
        duration: '87600h',
        privateKey: { algorithm: 'ECDSA', size: 256 },
        issuerRef: { name: 'pv-selfsigned', kind: 'ClusterIssuer', group: 'cert-manager.io' },
      },
    },
    {
      apiVersion: 'cert-manager.io/v1',
      kind: 'ClusterIssuer',
      metadata: { name: INTERNAL_ISSUER, labels: { ...PART_OF } },
      spec: { ca: { secretName: INTERNAL_ISSUER } },
    },
    ...processes,
    certificate(CA_BUNDLE_SECRET, DEPLOYMENT.namespace, [CA_BUNDLE_SECRET], ['client auth']),
    ...dataServers,
  ];
}

/**
 * The shape cert-manager needs of the objects above (no schema package is pinned for its CRDs):
 * a Certificate names its Secret, its issuer and at least one DNS name or is a CA; a
 * ClusterIssuer is self-signed or a CA with its Secret.
 */
export function certManagerProblems(object: {
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}): string[] {
  const where = `${object.kind}/${object.metadata.name}`;
  const spec = object.spec ?? {};
  if (object.kind === 'Certificate') {
    const problems: string[] = [];
    if (typeof spec.secretName !== 'string') problems.push(`${where}: no spec.secretName`);
    if (typeof (spec.issuerRef as { name?: unknown } | undefined)?.name !== 'string')
      problems.push(`${where}: no spec.issuerRef.name`);
    if (!spec.isCA && !(Array.isArray(spec.dnsNames) && spec.dnsNames.length > 0))
      problems.push(`${where}: no spec.dnsNames`);
    return problems;
  }
  if (object.kind === 'ClusterIssuer') {
    const ca = spec.ca as { secretName?: unknown } | undefined;
    return spec.selfSigned || typeof ca?.secretName === 'string'
      ? []
      : [`${where}: neither selfSigned nor ca.secretName`];
  }
  return [`${where}: not a cert-manager kind`];
}
