import { randomBytes, randomUUID } from 'node:crypto';
import { type RecordedSpan, startFakeOtlpCollector } from '@pv/provider-fakes';
import { flushTracing, tracingEnabled } from '@pv/service-kit/runtime';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startStack } from './stack.js';

// Issue 16 item 4: one dictation's trace, from the gateway to the consumer of its event, through
// a real OTLP/HTTP exporter into a local collector. The whole stack runs in this process, so one
// SDK (one service.name) records every span; what is checked is the trace: one trace id and each
// span's parent, across HTTP, BullMQ and NATS.
const collector = await startFakeOtlpCollector();
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
process.env.OTEL_BSP_SCHEDULE_DELAY = '100';

let stack: Awaited<ReturnType<typeof startStack>>;

beforeAll(async () => {
  stack = await startStack({ events: true });
}, scaled(120_000));
afterAll(async () => {
  await stack?.close();
  await collector.close();
});

/** The formatting service's span of the call (the gateway's, a root, has the same route). */
const isFormatting = (s: RecordedSpan) =>
  s.kind === 'server' && s.attributes['http.route'] === '/api/format-text' && s.parentSpanId !== '';

function one(spans: RecordedSpan[], what: string, match: (s: RecordedSpan) => boolean) {
  const found = spans.filter(match);
  expect(
    found.map((s) => s.name),
    what,
  ).toHaveLength(1);
  return found[0] as RecordedSpan;
}

describe('traces cross gateway -> service -> queue -> worker -> outbox -> event (issue 16 item 4)', () => {
  it(
    'one format has one trace id, each span the child of the step before, and no patient text in any span',
    async () => {
      expect(tracingEnabled()).toBe(true);
      const browser = new Browser(stack.url);
      const registered = await browser.call('POST', '/auth/register', {
        firstName: 'Clara',
        lastName: 'Rastreio',
        email: `clara.${randomUUID()}@clinica.test`,
        password: 'Segredo-forte-1',
      });
      expect(registered.status).toBe(201);

      const word = `rouxinol${randomBytes(4).toString('hex')}`;
      const dictation = `Paciente refere cefaleia há dois dias, relata ${word}, nega febre. Conduta: analgesia.`;
      // A client's trace context is not continued by the public gateway.
      const forged = `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01`;
      const answer = await fetch(`${stack.url}/api/format-text`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: browser.cookie,
          traceparent: forged,
        },
        body: JSON.stringify({ text: dictation, professional: 'consulta_medica' }),
      });
      expect(answer.status).toBe(200);
      await answer.text();

      // The service's span names the trace; then wait for the vault to have consumed the event.
      const spans = await collector.waitFor((all) => {
        const format = all.find(isFormatting);
        return (
          format !== undefined &&
          all.some((s) => s.traceId === format.traceId && s.parentSpanId === '') &&
          all.some(
            (s) =>
              s.traceId === format.traceId &&
              s.kind === 'consumer' &&
              s.attributes['messaging.destination.name'] === 'phi.consult.formatted.v1',
          )
        );
      }, 30_000);
      await flushTracing();

      const format = one(spans, 'the formatting server span', isFormatting);
      const trace = spans.filter((s) => s.traceId === format.traceId);
      if (process.env.DEBUG_TRACE)
        console.log(
          trace.map((s) => `${s.spanId} <- ${s.parentSpanId || 'root'} ${s.kind} ${s.name}`),
        );
      expect(format.traceId).not.toBe('ab'.repeat(16));

      // HTTP: gateway (root) -> its client call -> formatting -> its quota call -> billing.
      const gatewayServer = one(
        trace,
        'the gateway server span',
        (s) => s.kind === 'server' && s.parentSpanId === '',
      );
      expect(gatewayServer.attributes['http.request.method']).toBe('POST');
      const gatewayClient = one(
        trace,
        'the gateway client span',
        (s) => s.kind === 'client' && s.attributes['peer.service'] === 'formatting',
      );
      expect(gatewayClient.parentSpanId).toBe(gatewayServer.spanId);
      expect(format.parentSpanId).toBe(gatewayClient.spanId);
      expect(format.attributes['http.response.status_code']).toBe(200);
      expect(format.name).toBe('POST /api/format-text');

      const quotaClient = one(
        trace,
        'the quota client span',
        (s) => s.kind === 'client' && s.attributes['url.template'] === '/internal/quota/consume',
      );
      expect(quotaClient.parentSpanId).toBe(format.spanId);
      const billing = one(
        trace,
        'the billing server span',
        (s) => s.kind === 'server' && s.attributes['http.route'] === '/internal/quota/consume',
      );
      expect(billing.parentSpanId).toBe(quotaClient.spanId);

      // BullMQ: the service's send -> the worker's process.
      const send = one(
        trace,
        'the job send span',
        (s) => s.kind === 'producer' && s.attributes['messaging.system'] === 'bullmq',
      );
      expect(send.parentSpanId).toBe(format.spanId);
      const processJob = one(
        trace,
        'the job process span',
        (s) => s.kind === 'consumer' && s.attributes['messaging.system'] === 'bullmq',
      );
      expect(processJob.parentSpanId).toBe(send.spanId);
      expect(processJob.attributes['messaging.destination.name']).toBe(
        send.attributes['messaging.destination.name'],
      );

      // NATS: the outbox kept the request's traceparent; the relay's publish continues it, later,
      // and the vault's consumer continues the publish.
      const publish = one(
        trace,
        'the publish span of the restricted event',
        (s) =>
          s.kind === 'producer' &&
          s.attributes['messaging.destination.name'] === 'phi.consult.formatted.v1',
      );
      expect(publish.parentSpanId).toBe(format.spanId);
      const consume = one(
        trace,
        'the vault consumer span',
        (s) =>
          s.kind === 'consumer' &&
          s.attributes['messaging.destination.name'] === 'phi.consult.formatted.v1',
      );
      expect(consume.parentSpanId).toBe(publish.spanId);
      expect(consume.attributes['messaging.message.id']).toBe(
        publish.attributes['messaging.message.id'],
      );
      // The PHI-free summary event of the same consult is in the same trace too.
      expect(
        trace.some(
          (s) =>
            s.kind === 'producer' &&
            s.attributes['messaging.destination.name'] === 'consult.formatted.v1' &&
            s.parentSpanId === format.spanId,
        ),
      ).toBe(true);

      // LGPD: no span anywhere (names, attributes, events, resource) holds the dictation.
      const everything = JSON.stringify(collector.spans);
      expect(everything).not.toContain(word);
      expect(everything).not.toContain('cefaleia');
      // The real exporter spoke OTLP/HTTP protobuf.
      expect(collector.requests.some((r) => r.contentType === 'application/x-protobuf')).toBe(true);
    },
    scaled(90_000),
  );
});
