import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  createServer as createHttpsServer,
  type ServerOptions as HttpsServerOptions,
} from 'node:https';
import { createRequire } from 'node:module';
// Types only: nothing of OpenTelemetry is loaded unless tracing is on (see startTracing).
import type * as OtelApi from '@opentelemetry/api';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * OpenTelemetry traces, off by default and configured by the standard OTEL_* variables
 * (docs/observability.md). When no exporter is asked for, nothing of OpenTelemetry is loaded and
 * every helper here returns at its first line: the off path costs a boolean test.
 *
 * When on, the kit makes the spans itself, in the few places a request crosses a process
 * boundary: incoming HTTP (a Fastify server whose requests run in their span's context), outgoing
 * HTTP (the gateway's proxy, the quota client: W3C `traceparent`), BullMQ (the producer puts the
 * context in the job's telemetry metadata, the worker continues it) and NATS (the outbox stores
 * the request's `traceparent` with the row, the relay publishes it in the message headers, the
 * durable consumer continues it). Span names and attributes hold route templates, queue names,
 * subjects, ids and status codes only: never a body, a URL with its query, or an error message
 * (they may carry patient text; LGPD).
 */

type Api = typeof OtelApi;
type Span = OtelApi.Span;
type Context = OtelApi.Context;
/** Trace context as text headers (W3C `traceparent`, and `tracestate` when there is one). */
export type TraceCarrier = Record<string, string>;

interface Tracing {
  api: Api;
  tracer: OtelApi.Tracer;
  sdk: { shutdown(): Promise<void> };
  /** Flushes spans still waiting in the batch processor. */
  flush(): Promise<void>;
}

let tracing: Tracing | undefined;
let decided = false;

const truthy = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

/**
 * Whether the environment asks for traces: an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or an explicit OTEL_TRACES_EXPORTER other than `none`;
 * never with OTEL_SDK_DISABLED=true.
 */
export function tracingWanted(env: Record<string, string | undefined> = process.env): boolean {
  if (truthy(env.OTEL_SDK_DISABLED)) return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.includes('none')) return false;
  if (exporters.length > 0) return true;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
  );
}

/**
 * Starts the OpenTelemetry Node SDK once per process if the environment asks for it (see
 * tracingWanted); later calls return what the first decided. `service` is the default
 * `service.name` (OTEL_SERVICE_NAME wins). The SDK takes everything else from OTEL_*: the
 * exporter (OTLP over HTTP/protobuf unless OTEL_EXPORTER_OTLP_PROTOCOL says otherwise), headers,
 * sampler, batch delays, resource attributes. Metrics stay with Prometheus (/metrics) and no
 * logs are exported. Loaded with require, synchronously, so the first span of a process is never
 * missed and an off process never loads a module of it.
 * @example startTracing('formatting-worker')
 */
export function startTracing(service: string): boolean {
  if (decided) return tracing !== undefined;
  decided = true;
  if (!tracingWanted()) return false;
  const require = createRequire(import.meta.url);
  const api = require('@opentelemetry/api') as Api;
  const { NodeSDK } =
    require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME?.trim() ? {} : { serviceName: service }),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  const provider = api.trace.getTracerProvider() as { forceFlush?: () => Promise<void> };
  // The global provider is a proxy; its delegate (the SDK's) is the one that flushes.
  const delegate = (
    provider as { getDelegate?: () => { forceFlush?: () => Promise<void> } }
  ).getDelegate?.();
  tracing = {
    api,
    tracer: api.trace.getTracer('@pv/service-kit'),
    sdk,
    flush: async () => {
      await (delegate?.forceFlush ?? provider.forceFlush)?.call(delegate ?? provider);
    },
  };
  return true;
}

/** Whether this process records spans. */
export function tracingEnabled(): boolean {
  return tracing !== undefined;
}

/** Sends the spans still waiting (tests; before a process exits). */
export async function flushTracing(): Promise<void> {
  await tracing?.flush();
}

/**
 * Flushes and stops the SDK (on shutdown), waiting at most `waitMs`: an unreachable collector
 * (the exporter retries for up to 10 s) must not hold a draining process.
 */
export async function stopTracing(waitMs = 3_000): Promise<void> {
  if (!tracing) return;
  const { sdk } = tracing;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    sdk.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/** The error's class only: its message may quote patient text. */
function fail(t: Tracing, span: Span, error: unknown): void {
  const kind = error instanceof Error ? error.name : typeof error;
  span.setAttribute('error.type', kind);
  span.setStatus({ code: t.api.SpanStatusCode.ERROR });
}

function carrierOf(t: Tracing, ctx: Context): TraceCarrier {
  const carrier: TraceCarrier = {};
  t.api.propagation.inject(ctx, carrier);
  return carrier;
}

function contextFrom(t: Tracing, carrier: TraceCarrier | undefined): Context {
  return carrier ? t.api.propagation.extract(t.api.ROOT_CONTEXT, carrier) : t.api.ROOT_CONTEXT;
}

/** The active span's `traceparent` (what the outbox stores with an event), or null. */
export function currentTraceparent(): string | null {
  if (!tracing) return null;
  return carrierOf(tracing, tracing.api.context.active()).traceparent ?? null;
}

// ---------------------------------------------------------------------------------------------
// HTTP

/**
 * Fastify's server factory when tracing is on (undefined when off: Fastify makes its own server).
 * Each request gets a SERVER span, child of the caller's `traceparent` unless `root` (the public
 * gateway does not take a trace context from the internet), and the whole of Fastify's work on
 * it runs in that span's context, so what the handler calls (the queue, the outbox, the quota
 * client) continues the trace. `tracedRoutes` names the span after the route template.
 */
export function tracedServerFactory(options: {
  root?: boolean;
}): FastifyServerOptions['serverFactory'] | undefined {
  const t = tracing;
  if (!t) return undefined;
  const { api, tracer } = t;
  return (handler, fastifyOptions) => {
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      const parent = options.root
        ? api.ROOT_CONTEXT
        : api.propagation.extract(api.ROOT_CONTEXT, req.headers);
      const method = req.method ?? 'HTTP';
      const span = tracer.startSpan(
        method,
        { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': method } },
        parent,
      );
      serverSpans.set(req, span);
      res.once('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500 || !res.writableFinished)
          span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
      });
      const ctx = api.trace.setSpan(parent, span);
      // The body's events come from the socket, outside this call: bind them to the span.
      api.context.bind(ctx, req);
      api.context.bind(ctx, res);
      api.context.with(ctx, () => handler(req, res));
    };
    // HTTPS when the kit serves with a certificate (transport-security.ts), as Fastify would.
    const https = (fastifyOptions as { https?: HttpsServerOptions | null }).https;
    const server = https
      ? createHttpsServer(https, listener)
      : createServer(fastifyOptions.http ?? {}, listener);
    // What Fastify sets on a server it makes itself.
    const o = fastifyOptions as unknown as {
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number;
    };
    server.keepAliveTimeout = o.keepAliveTimeout;
    server.requestTimeout = o.requestTimeout;
    server.setTimeout(o.connectionTimeout);
    if ((o.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = o.maxRequestsPerSocket!;
    return server;
  };
}

const serverSpans = new WeakMap<IncomingMessage, Span>();

/** Names each request's span after its route template once routed (only when tracing is on). */
export function tracedRoutes(app: FastifyInstance): void {
  if (!tracing) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const span = serverSpans.get(request.raw);
    const route = request.routeOptions.url;
    if (span && route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
}

/** An outgoing call's span: its headers go with the request, `end` closes it. */
export interface ClientSpan {
  /** `traceparent` (and `tracestate`) of this call, to set on the outgoing request. */
  headers: TraceCarrier;
  end(result: { statusCode?: number; error?: unknown }): void;
}

/**
 * A CLIENT span for an outgoing HTTP call, child of the active context, or undefined when
 * tracing is off. `template` is the path's template (never the path with ids or a query).
 * @example const span = startClientSpan({ method: 'POST', template: '/internal/quota/consume', url: billingUrl })
 */
export function startClientSpan(call: {
  method: string;
  template: string;
  url: URL | string;
  peer?: string;
}): ClientSpan | undefined {
  const t = tracing;
  if (!t) return undefined;
  const { api, tracer } = t;
  const target = typeof call.url === 'string' ? new URL(call.url) : call.url;
  const span = tracer.startSpan(`${call.method} ${call.template}`, {
    kind: api.SpanKind.CLIENT,
    attributes: {
      'http.request.method': call.method,
      'url.template': call.template,
      'server.address': target.hostname,
      'server.port': Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
      ...(call.peer ? { 'peer.service': call.peer } : {}),
    },
  });
  const headers = carrierOf(t, api.trace.setSpan(api.context.active(), span));
  return {
    headers,
    end({ statusCode, error }) {
      if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
      if (error !== undefined) fail(t, span, error);
      else if (statusCode !== undefined && statusCode >= 500)
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Messaging (BullMQ, NATS)

/** A PRODUCER span: `carrier` goes with the message, `end` closes the span. */
export interface ProducerSpan {
  carrier: TraceCarrier;
  end(error?: unknown): void;
}

/**
 * A PRODUCER span for sending to a queue or subject: child of `parent` (a stored `traceparent`,
 * e.g. the outbox row's) or of the active context; undefined when tracing is off.
 */
export function startProducerSpan(message: {
  system: 'bullmq' | 'nats';
  destination: string;
  operation: 'send' | 'publish';
  id?: string;
  parent?: string | null;
  attributes?: Record<string, string | number>;
}): ProducerSpan | undefined {
  const t = tracing;
  if (!t) return undefined;
  const { api, tracer } = t;
  const parent =
    message.parent !== undefined
      ? contextFrom(t, message.parent ? { traceparent: message.parent } : undefined)
      : api.context.active();
  const span = tracer.startSpan(
    `${message.operation} ${message.destination}`,
    {
      kind: api.SpanKind.PRODUCER,
      attributes: {
        'messaging.system': message.system,
        'messaging.operation.type': message.operation,
        'messaging.destination.name': message.destination,
        ...(message.id ? { 'messaging.message.id': message.id } : {}),
        ...message.attributes,
      },
    },
    parent,
  );
  return {
    carrier: carrierOf(t, api.trace.setSpan(parent, span)),
    end(error) {
      if (error !== undefined) fail(t, span, error);
      span.end();
    },
  };
}

/**
 * Runs `work` in a CONSUMER span continuing the producer's context (`carrier`, from the job or
 * the message headers); just runs it when tracing is off. A throw marks the span failed and goes on.
 */
export function withConsumerSpan<T>(
  message: {
    system: 'bullmq' | 'nats';
    destination: string;
    id?: string;
    carrier?: TraceCarrier | undefined;
    attributes?: Record<string, string | number>;
  },
  work: () => Promise<T>,
): Promise<T> {
  const t = tracing;
  if (!t) return work();
  return consumeTraced(t, message, work);
}

async function consumeTraced<T>(
  t: Tracing,
  message: Parameters<typeof withConsumerSpan>[0],
  work: () => Promise<T>,
): Promise<T> {
  const { api, tracer } = t;
  const parent = contextFrom(t, message.carrier);
  const span = tracer.startSpan(
    `process ${message.destination}`,
    {
      kind: api.SpanKind.CONSUMER,
      attributes: {
        'messaging.system': message.system,
        'messaging.operation.type': 'process',
        'messaging.destination.name': message.destination,
        ...(message.id ? { 'messaging.message.id': message.id } : {}),
        ...message.attributes,
      },
    },
    parent,
  );
  try {
    return await api.context.with(api.trace.setSpan(parent, span), work);
  } catch (error) {
    fail(t, span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** A carrier serialised in a BullMQ job's telemetry metadata, read back; undefined if unreadable. */
export function carrierFromMetadata(metadata: string | undefined): TraceCarrier | undefined {
  if (!tracing || !metadata) return undefined;
  try {
    const parsed = JSON.parse(metadata) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const carrier: TraceCarrier = {};
    for (const [key, value] of Object.entries(parsed))
      if (typeof value === 'string') carrier[key] = value;
    return carrier;
  } catch {
    return undefined;
  }
}
