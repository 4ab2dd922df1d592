import { readFileSync } from 'node:fs';
import type { KitTables } from '@pv/service-kit/events';
import type { JobQueue } from '@pv/service-kit/jobs';
import {
  createLlmMetrics,
  createPdfMetrics,
  registerOutboxMetrics,
  registerQueueMetrics,
} from '@pv/service-kit/runtime';
import type { Kysely } from 'kysely';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const dir = new URL('../../../infra/observability/', import.meta.url);
const alerts = parse(readFileSync(new URL('alerts.yaml', dir), 'utf8')) as {
  groups: { rules: { alert: string; expr: string }[] }[];
};
const dashboard = JSON.parse(readFileSync(new URL('grafana-dashboard.json', dir), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** The pv_* metric families the kit registers (never read here: nothing is scraped). */
function kitMetricNames(): Set<string> {
  const registry = new Registry();
  registerQueueMetrics(registry, { name: 'q' } as JobQueue);
  registerOutboxMetrics(registry, {} as Kysely<KitTables>);
  createLlmMetrics(registry);
  createPdfMetrics(registry);
  return new Set(registry.getMetricsAsArray().map((m) => m.name));
}

/** A metric's family name as a query writes it (histogram series end in _bucket/_count/_sum). */
const family = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

describe('infra/observability', () => {
  const known = kitMetricNames();
  // Added by the outbox code (issue 16's dead-letter work), not by the kit's observability module.
  known.add('pv_outbox_dead_letters');
  const expressions = [
    ...alerts.groups.flatMap((g) => g.rules.map((r) => ({ where: r.alert, expr: r.expr }))),
    ...dashboard.panels.flatMap((p) => p.targets.map((t) => ({ where: p.title, expr: t.expr }))),
  ];

  it('never sum the queue gauge that every replica of a service exports', () => {
    for (const { where, expr } of expressions.filter((e) => e.expr.includes('pv_queue_jobs')))
      expect(expr, where).not.toMatch(/sum\b[^()]*\(\s*pv_queue_jobs/);
  });

  it('alerts and dashboard use only pv_* metrics the services register', () => {
    for (const { where, expr } of expressions) {
      for (const name of expr.match(/\bpv_[a-z_]+/g) ?? [])
        expect(known.has(family(name)), `${where}: ${name}`).toBe(true);
    }
  });

  it('alert on queue age, outbox lag, dead letters, 5xx rate and LLM errors', () => {
    const names = alerts.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(names).toEqual(
      expect.arrayContaining([
        'PvQueueBacklog',
        'PvOutboxLag',
        'PvOutboxDeadLetters',
        'PvHttp5xxRate',
        'PvLlmErrors',
        // Issue 26: the cluster-level failures an SRE is paged for.
        'PvOutboxAgeCritical',
        'PvTargetDown',
        'PvCrashLooping',
        'PvCertificateExpiry',
      ]),
    );
  });
});
