// infra/k8s renders (kubectl kustomize, or the same reading in Node without kubectl) and every
// object validates against the pinned Kubernetes, KEDA, Gateway API and CloudNativePG schemas;
// the NetworkPolicies admit exactly the catalog's callers; rollouts and scaling follow the
// agreed drain budget.
import {
  callersOf,
  DEPLOYMENT,
  type K8sObject,
  PROCESSES,
  processNamed,
  SHUTDOWN_GRACE_MS,
  schemaProblems,
  TERMINATION_GRACE_SECONDS,
  validateInfra,
} from '@pv/stack/catalog';
import { describe, expect, it } from 'vitest';
import { containerOf, find, renderedK8s, root } from './shipped.js';

const objects = renderedK8s();

/** The value at a dotted path of a parsed manifest (`spec.template.spec.containers.0`). */
function at(value: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

describe('infra/k8s', () => {
  it('renders, and every object (templates and one-off Jobs included) passes its schema', () => {
    const { problems, count } = validateInfra(root);
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(60);
  });

  it('would catch a malformed object', () => {
    const deployment = structuredClone(find(objects, 'Deployment', 'auth'));
    (deployment.spec as { replicas: unknown }).replicas = 'two';
    expect(schemaProblems(deployment).join()).toMatch(/replicas must be integer/);
    const unknown = { ...deployment, apiVersion: 'extensions/v1beta1', kind: 'Ingress' };
    expect(schemaProblems(unknown as K8sObject).join()).toMatch(/no schema/);
  });

  it('no longer ships an Ingress (ingress-nginx is retired): the Gateway API routes the hosts', () => {
    expect(objects.some((o) => o.kind === 'Ingress')).toBe(false);
    expect(objects.filter((o) => o.kind === 'HTTPRoute').length).toBeGreaterThanOrEqual(2);
  });

  it('serves the console and its API on the admin host only', () => {
    type Rule = {
      matches?: { path: { type: string; value: string } }[];
      filters?: { type: string; requestRedirect?: { hostname?: string } }[];
      backendRefs?: unknown[];
    };
    const rulesOf = (name: string) =>
      (find(objects, 'HTTPRoute', name).spec as { rules: Rule[] }).rules;
    const workspace = rulesOf('workspace');
    const adminRule = workspace.find((r) => r.matches?.some((m) => m.path.value === '/admin'));
    expect(adminRule?.backendRefs).toBeUndefined();
    expect(adminRule?.filters?.[0]?.requestRedirect?.hostname).toBe(DEPLOYMENT.hosts.admin);
    expect(adminRule?.matches?.map((m) => m.path.value).sort()).toEqual(['/admin', '/api/admin']);
    const adminPaths = rulesOf('admin')
      .filter((r) => r.backendRefs)
      .flatMap((r) => r.matches?.map((m) => m.path.value) ?? []);
    expect(adminPaths).toContain('/admin');
    expect(adminPaths).toContain('/api/admin');
    expect(adminPaths).not.toContain('/');
  });

  it.each(PROCESSES.map((p) => [p.name, p] as const))(
    '%s drains within the agreed budget, non-root, read-only, with resources',
    (name, proc) => {
      const deployment = find(objects, 'Deployment', name);
      const pod = (deployment.spec as { template: { spec: Record<string, unknown> } }).template
        .spec;
      expect(at(deployment, 'spec.replicas'), 'the autoscaler owns the count').toBeUndefined();
      expect(pod.terminationGracePeriodSeconds).toBe(TERMINATION_GRACE_SECONDS);
      // preStop pause + the app's own grace fit inside the termination budget.
      expect(TERMINATION_GRACE_SECONDS).toBeGreaterThan(SHUTDOWN_GRACE_MS / 1000 + 5);
      const container = containerOf(deployment);
      const preStop = at(container, 'lifecycle.preStop.exec.command') as string[];
      expect(preStop.join(' ')).toMatch(/setTimeout/);
      const grace = container.env?.find((e) => e.name === 'SHUTDOWN_GRACE_MS');
      expect(grace?.value).toBe(String(SHUTDOWN_GRACE_MS));
      expect(at(container, 'securityContext')).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
      expect(at(container, 'resources.requests.cpu')).toBeDefined();
      expect(at(container, 'resources.limits.memory')).toBeDefined();
      expect(find(objects, 'PodDisruptionBudget', name)).toBeDefined();
      if (proc.kind === 'server') {
        expect(at(container, 'readinessProbe.httpGet.path')).toBe('/ready');
        expect(at(container, 'livenessProbe.httpGet.path')).toBe('/health');
        const hpa = find(objects, 'HorizontalPodAutoscaler', name);
        expect(at(hpa, 'spec.minReplicas')).toBeGreaterThanOrEqual(2);
        expect(at(hpa, 'spec.metrics.0.resource.name')).toBe('cpu');
      } else {
        const scaled = find(objects, 'ScaledObject', name);
        const triggers = at(scaled, 'spec.triggers') as { metadata: { listName: string } }[];
        const queue = proc.scaling.kind === 'keda' ? proc.scaling.queue : '';
        expect(triggers.map((t) => t.metadata.listName).sort()).toEqual([
          `bull:${queue}:active`,
          `bull:${queue}:wait`,
        ]);
        expect(at(scaled, 'spec.advanced.scalingModifiers.formula')).toBe('wait + active');
        const behavior = 'spec.advanced.horizontalPodAutoscalerConfig.behavior';
        expect(at(scaled, `${behavior}.scaleDown.stabilizationWindowSeconds`)).toBe(300);
      }
    },
  );
});

// --- NetworkPolicy evaluation: which pod may open a TCP connection to which pod and port ---

interface Peer {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: { matchLabels?: Record<string, string> };
  ipBlock?: unknown;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { port: number; protocol?: string }[];
}
interface PolicySpec {
  podSelector: { matchLabels?: Record<string, string> };
  policyTypes: string[];
  ingress?: Rule[];
  egress?: Rule[];
}

const policies = objects
  .filter((o) => o.kind === 'NetworkPolicy')
  .map((o) => o.spec as unknown as PolicySpec);
const labelsOf = (name: string) =>
  (
    find(objects, 'Deployment', name).spec as {
      template: { metadata: { labels: Record<string, string> } };
    }
  ).template.metadata.labels;
const selects = (
  selector: { matchLabels?: Record<string, string> } | undefined,
  labels: Record<string, string>,
) => Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
const portAllowed = (rule: Rule, port: number) =>
  rule.ports === undefined ||
  rule.ports.some((p) => p.port === port && (p.protocol ?? 'TCP') === 'TCP');

/** A peer in the namespace (a process's pod) or outside it (a namespace by name). */
type Endpoint = { pod: string } | { namespace: string };

function peerMatches(peer: Peer, endpoint: Endpoint): boolean {
  if ('pod' in endpoint)
    return (
      !peer.namespaceSelector && !peer.ipBlock && selects(peer.podSelector, labelsOf(endpoint.pod))
    );
  return (
    !peer.podSelector &&
    !!peer.namespaceSelector &&
    peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] === endpoint.namespace
  );
}

function allowed(
  direction: 'ingress' | 'egress',
  pod: string,
  other: Endpoint,
  port: number,
): boolean {
  const applying = policies.filter(
    (p) =>
      p.policyTypes.includes(direction === 'ingress' ? 'Ingress' : 'Egress') &&
      selects(p.podSelector, labelsOf(pod)),
  );
  return applying.some((p) =>
    (p[direction] ?? []).some(
      (rule) =>
        portAllowed(rule, port) &&
        (direction === 'ingress' ? rule.from : rule.to)?.some((peer) => peerMatches(peer, other)),
    ),
  );
}

const canConnect = (from: string, to: string, port: number) =>
  allowed('egress', from, { pod: to }, port) && allowed('ingress', to, { pod: from }, port);

describe('NetworkPolicies', () => {
  it('deny everything not allowed, in both directions, for every pod', () => {
    const deny = policies.find(
      (p) => Object.keys(p.podSelector.matchLabels ?? {}).length === 0 && !p.ingress && !p.egress,
    );
    expect(deny?.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
  });

  it('let exactly the catalog callers reach each process, on its port only', () => {
    const allowedPairs: string[] = [];
    for (const from of PROCESSES) {
      for (const to of PROCESSES) {
        for (const port of new Set(PROCESSES.map((p) => p.port))) {
          if (canConnect(from.name, to.name, port))
            allowedPairs.push(`${from.name} -> ${to.name}:${port}`);
        }
      }
    }
    const expected = PROCESSES.flatMap((to) =>
      callersOf(to.name).processes.map((from) => `${from} -> ${to.name}:${to.port}`),
    );
    expect(allowedPairs.sort()).toEqual(expected.sort());
    expect(expected).toContain('formatting -> billing:8084');
    expect(expected).toContain('documents -> billing:8084');
  });

  it('let only the edge reach the gateway from outside, and monitoring scrape the servers', () => {
    for (const proc of PROCESSES) {
      const edge = allowed(
        'ingress',
        proc.name,
        { namespace: DEPLOYMENT.edgeNamespace },
        proc.port,
      );
      expect(edge, `edge -> ${proc.name}`).toBe(proc.name === 'gateway');
      // Metrics are scraped on the internal port where there is one (the gateway's), which the
      // edge never reaches; monitoring then has no business on the public port.
      const monitoring = { namespace: DEPLOYMENT.monitoringNamespace };
      const scrapePort = proc.internalPort ?? proc.port;
      const scrape = allowed('ingress', proc.name, monitoring, scrapePort);
      expect(scrape, `monitoring -> ${proc.name}`).toBe(proc.kind === 'server');
      if (proc.internalPort) {
        expect(allowed('ingress', proc.name, monitoring, proc.port)).toBe(false);
        const edgeInternal = allowed(
          'ingress',
          proc.name,
          { namespace: DEPLOYMENT.edgeNamespace },
          proc.internalPort,
        );
        expect(edgeInternal, `edge -> ${proc.name} internal`).toBe(false);
      }
    }
  });

  it('let each process reach only the data servers it uses', () => {
    const data = { namespace: DEPLOYMENT.dataNamespace };
    for (const proc of PROCESSES) {
      expect(allowed('egress', proc.name, data, DEPLOYMENT.ports.postgres)).toBe(
        Boolean(proc.database),
      );
      expect(allowed('egress', proc.name, data, DEPLOYMENT.ports.redis)).toBe(true);
      expect(allowed('egress', proc.name, data, DEPLOYMENT.ports.nats)).toBe(proc.nats);
    }
    expect(processNamed('pdf-worker').database).toBeUndefined();
  });

  it('let every process send traces to the collector in the monitoring namespace, on OTLP/HTTP only', () => {
    const monitoring = { namespace: DEPLOYMENT.monitoringNamespace };
    for (const proc of PROCESSES) {
      expect(allowed('egress', proc.name, monitoring, DEPLOYMENT.ports.otlpHttp)).toBe(true);
      expect(allowed('egress', proc.name, monitoring, 4317)).toBe(false);
    }
  });
});
