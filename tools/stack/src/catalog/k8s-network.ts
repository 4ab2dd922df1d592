// Who may talk to whom in the namespace (NetworkPolicies, default deny), and how the two public
// hosts reach the gateway (Gateway API: a Gateway and HTTPRoutes, portable across Envoy Gateway,
// Cilium, Istio and other conformant implementations).
import type { IGateway } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/Gateway';
import type { IHTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { type CatalogProcess, callersOf, DEPLOYMENT, PROCESSES, processNamed } from './catalog.js';
import { PART_OF, selectorOf } from './k8s-workloads.js';

const namespaced = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  namespace: DEPLOYMENT.namespace,
  labels: { ...PART_OF },
  ...extra,
});
const namespaceNamed = (name: string) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } },
});
const tcp = (...ports: number[]) => ports.map((port) => ({ protocol: 'TCP' as const, port }));

/** Addresses outside the cluster's private ranges and the cloud metadata endpoint. */
export const INTERNET = {
  ipBlock: {
    cidr: '0.0.0.0/0',
    except: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'],
  },
};

function processPolicy(proc: CatalogProcess): INetworkPolicy {
  const callers = callersOf(proc.name);
  const ingress = [
    ...callers.processes.map((name) => ({
      from: [{ podSelector: { matchLabels: selectorOf(processNamed(name)) } }],
      ports: tcp(proc.port),
    })),
    // Monitoring scrapes the internal port where a process has one (the gateway's public port
    // serves no metrics); the edge reaches only the public one.
    ...callers.external.map((caller) => ({
      from: [
        namespaceNamed(
          caller === 'edge' ? DEPLOYMENT.edgeNamespace : DEPLOYMENT.monitoringNamespace,
        ),
      ],
      ports: tcp(caller === 'monitoring' ? (proc.internalPort ?? proc.port) : proc.port),
    })),
  ];
  const dataPorts = [
    ...(proc.database ? [DEPLOYMENT.ports.postgres] : []),
    DEPLOYMENT.ports.redis,
    ...(proc.nats ? [DEPLOYMENT.ports.nats] : []),
  ];
  const egress = [
    { to: [namespaceNamed(DEPLOYMENT.dataNamespace)], ports: tcp(...dataPorts) },
    ...proc.calls.map((name) => {
      const peer = processNamed(name);
      return { to: [{ podSelector: { matchLabels: selectorOf(peer) } }], ports: tcp(peer.port) };
    }),
    ...(proc.internet ? [{ to: [INTERNET], ports: tcp(443) }] : []),
    ...(proc.smtp ? [{ to: [INTERNET], ports: tcp(587, 465) }] : []),
    // Traces, when OTEL_EXPORTER_OTLP_ENDPOINT points at the collector in the monitoring namespace.
    {
      to: [namespaceNamed(DEPLOYMENT.monitoringNamespace)],
      ports: tcp(DEPLOYMENT.ports.otlpHttp),
    },
  ];
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: namespaced(proc.name),
    spec: {
      podSelector: { matchLabels: selectorOf(proc) },
      policyTypes: ['Ingress', 'Egress'],
      ingress,
      egress,
    },
  };
}

/** A one-off Job's policy: no ingress, egress only to the data servers on the ports given. */
export function dataOnlyPolicy(options: {
  name: string;
  matchLabels: Record<string, string>;
  ports: number[];
}): INetworkPolicy {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: namespaced(options.name),
    spec: {
      podSelector: { matchLabels: options.matchLabels },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [],
      egress: [{ to: [namespaceNamed(DEPLOYMENT.dataNamespace)], ports: tcp(...options.ports) }],
    },
  };
}

export function networkPolicies(): INetworkPolicy[] {
  return [
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: namespaced('default-deny'),
      spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: namespaced('allow-dns'),
      spec: {
        podSelector: {},
        policyTypes: ['Egress'],
        egress: [
          {
            to: [namespaceNamed('kube-system')],
            ports: [
              { protocol: 'UDP', port: 53 },
              { protocol: 'TCP', port: 53 },
            ],
          },
        ],
      },
    },
    ...PROCESSES.map(processPolicy),
  ];
}

const GATEWAY_NAME = 'prontuario-voz';
/** LLM formatting streams for up to 110 s behind the gateway's own 120 s upstream timeout. */
const REQUEST_TIMEOUT = '150s';

const prefix = (value: string) => ({ path: { type: 'PathPrefix' as const, value } });
const toGateway = () => {
  const gateway = processNamed('gateway');
  return [{ name: gateway.name, port: gateway.port }];
};
const parent = (sectionName: string) => [{ name: GATEWAY_NAME, sectionName }];

/** The Gateway and its routes for a pair of hosts (an overlay's, or the catalog's by default). */
export function gatewayApiObjects(
  hosts: { workspace: string; admin: string } = DEPLOYMENT.hosts,
): (IGateway | IHTTPRoute)[] {
  const { workspace, admin } = hosts;
  const https = (name: string, hostname: string) => ({
    name,
    protocol: 'HTTPS',
    port: 443,
    hostname,
    tls: { mode: 'Terminate' as const, certificateRefs: [{ kind: 'Secret', name: `${name}-tls` }] },
    allowedRoutes: { namespaces: { from: 'Same' as const } },
  });
  return [
    {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'Gateway',
      metadata: namespaced(GATEWAY_NAME, {
        annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt' },
      }),
      spec: {
        gatewayClassName: 'eg',
        listeners: [
          https('workspace', workspace),
          https('admin', admin),
          {
            name: 'http',
            protocol: 'HTTP',
            port: 80,
            allowedRoutes: { namespaces: { from: 'Same' } },
          },
        ],
      },
    },
    {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: namespaced('https-redirect'),
      spec: {
        parentRefs: parent('http'),
        hostnames: [workspace, admin],
        rules: [
          {
            filters: [
              { type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } },
            ],
          },
        ],
      },
    },
    {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: namespaced('workspace'),
      spec: {
        parentRefs: parent('workspace'),
        hostnames: [workspace],
        rules: [
          {
            // The console and its API are served on the admin host only.
            matches: DEPLOYMENT.adminPaths.map(prefix),
            filters: [
              { type: 'RequestRedirect', requestRedirect: { hostname: admin, statusCode: 302 } },
            ],
          },
          {
            matches: [prefix('/')],
            backendRefs: toGateway(),
            timeouts: { request: REQUEST_TIMEOUT },
          },
        ],
      },
    },
    {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: namespaced('admin'),
      spec: {
        parentRefs: parent('admin'),
        hostnames: [admin],
        rules: [
          {
            matches: [{ path: { type: 'Exact' as const, value: '/' } }],
            filters: [
              {
                type: 'RequestRedirect',
                requestRedirect: {
                  path: { type: 'ReplaceFullPath', replaceFullPath: '/admin/' },
                  statusCode: 302,
                },
              },
            ],
          },
          {
            // Only the console, its API and its login; nothing else of the workspace is here.
            matches: [...DEPLOYMENT.adminPaths, ...DEPLOYMENT.adminHostAlsoServes].map(prefix),
            backendRefs: toGateway(),
            timeouts: { request: REQUEST_TIMEOUT },
          },
        ],
      },
    },
  ];
}
