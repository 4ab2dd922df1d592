import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import {
  currentTraceparent,
  startClientSpan,
  startProducerSpan,
  startTracing,
  tracedServerFactory,
  tracingEnabled,
  tracingWanted,
  withConsumerSpan,
} from '../src/tracing.js';

// Issue 16 item 4: traces are off unless an OTEL_* variable asks for them, and off costs nothing:
// no module of OpenTelemetry is loaded, no hook or server factory is added, and each helper
// returns at its first line. (The on path is tested end to end in tests/system/test/tracing.test.ts.)

describe('when tracing is wanted', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'TRUE', OTEL_TRACES_EXPORTER: 'otlp' }, false],
    [{ OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, true],
  ])('%o -> %s', (env, wanted) => {
    expect(tracingWanted(env)).toBe(wanted);
  });
});

describe('tracing off (no OTEL_* variable)', () => {
  it('loads no module of OpenTelemetry and adds no server factory, and the helpers do nothing', async () => {
    for (const key of Object.keys(process.env))
      if (key.startsWith('OTEL_')) delete process.env[key];
    expect(startTracing('test')).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(tracedServerFactory({})).toBeUndefined();
    const app = await createServiceApp({ name: 'tracing-off', logger: false });
    app.get('/ping', async () => ({ ok: true }));
    expect((await app.inject({ url: '/ping' })).statusCode).toBe(200);
    await app.close();
    expect(currentTraceparent()).toBeNull();
    expect(startClientSpan({ method: 'GET', template: '/', url: 'http://x' })).toBeUndefined();
    expect(
      startProducerSpan({ system: 'nats', operation: 'publish', destination: 'a.b.v1' }),
    ).toBeUndefined();
    expect(await withConsumerSpan({ system: 'nats', destination: 'a.b.v1' }, async () => 7)).toBe(
      7,
    );
  });

  it('a service process that serves a request loads no module of OpenTelemetry', () => {
    // Its own process: the test runner itself loads @opentelemetry/api.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')),
    );
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'tracing-off-probe.ts')],
      { env, encoding: 'utf8', cwd: join(import.meta.dirname, '..') },
    );
    const probe = JSON.parse(out.trim().split('\n').pop() ?? '{}');
    // No SDK, exporter or resource module; the API is there as before (prom-client's dependency).
    expect(probe).toEqual({ started: false, status: 200, loaded: [], api: true });
  });

  it('the kit imports OpenTelemetry only as types (the SDK is required when tracing starts)', () => {
    const src = join(import.meta.dirname, '..', 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    const offenders = files.filter((file) =>
      /^import\s+(?!type\b)[^;]*from\s+'@opentelemetry\//m.test(
        readFileSync(join(src, file), 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('costs nanoseconds per call (figure in docs/BENCHMARKS.md)', async () => {
    const rounds = 1_000_000;
    const time = (fn: () => unknown) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < rounds; i++) fn();
      return Number(process.hrtime.bigint() - start) / rounds;
    };
    const baseline = time(() => undefined);
    const traceparent = time(currentTraceparent);
    const client = time(() => startClientSpan({ method: 'GET', template: '/', url: 'http://x' }));
    const consumer = time(() =>
      withConsumerSpan({ system: 'bullmq', destination: 'q' }, () => Promise.resolve()),
    );
    console.log(
      `tracing off, ns per call: baseline ${baseline.toFixed(1)}, currentTraceparent ${traceparent.toFixed(1)}, startClientSpan ${client.toFixed(1)}, withConsumerSpan ${consumer.toFixed(1)}`,
    );
    // Generous bounds for a shared 2-core machine: a branch, not a span.
    expect(traceparent).toBeLessThan(baseline + 1_000);
    expect(client).toBeLessThan(baseline + 1_000);
  });
});
