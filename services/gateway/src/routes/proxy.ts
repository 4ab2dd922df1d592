import {
  type Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import { type Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Messages } from '@pv/contracts';
import { errorBody } from '@pv/service-kit/http';
import { startClientSpan } from '@pv/service-kit/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  bodyLimitFor,
  ROUTING_TABLE,
  type ServiceName,
  type ServiceRoute,
} from '../routing-table.js';
import { withoutHopByHop } from './hop-by-hop.js';

const PROXIED_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

export interface ProxyOptions {
  /** Base URL per service; a service without one answers 503 on all its prefixes. */
  upstreams: Partial<Record<ServiceName, string>>;
  /** Headers and body-gap timeout for every upstream call (504 past it). */
  timeoutMs: number;
  /** Longest wait for a free connection of the upstream's pool (503 past it). */
  queueTimeoutMs: number;
  /**
   * Keep-alive connection pools shared by every prefix of every service. Node's own http client:
   * measured faster than undici through reply-from on this path (docs/BENCHMARKS.md).
   */
  agents: { 'http:': HttpAgent; 'https:': HttpsAgent };
  /** A chance to answer a request here instead (the SPA's auth pages); undefined to go on. */
  answerLocally?: LocalAnswer;
}

export type LocalAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | undefined;

/** Registers one proxy per (prefix -> service URL), or an immediate 503 for unconfigured services. */
export async function registerProxies(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  for (const route of ROUTING_TABLE) {
    const upstream = options.upstreams[route.service];
    for (const prefix of route.prefixes) {
      // `owned`, not `prefix`: Fastify would take a `prefix` option as the scope's route prefix.
      if (upstream) await app.register(proxyScope, { ...options, route, owned: prefix, upstream });
      else await app.register(unavailableScope, { ...options, route, owned: prefix });
    }
  }
}

const unavailableBody = (request: FastifyRequest, route: ServiceRoute) =>
  errorBody(request, {
    statusCode: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: Messages.serviceUnavailable(route.label),
  });

/** Each service documents its own routes at its /docs; the gateway's would only repeat prefixes. */
function hideFromOpenApi(scope: FastifyInstance): void {
  scope.addHook('onRoute', (routeOptions) => {
    routeOptions.schema = { ...routeOptions.schema, hide: true };
  });
}

interface UnavailableOptions extends ProxyOptions {
  route: ServiceRoute;
  owned: string;
}

/** Every path of a service with no URL configured answers 503 at once, its body left unread. */
async function unavailableScope(
  scope: FastifyInstance,
  options: UnavailableOptions,
): Promise<void> {
  const { route, owned, answerLocally } = options;
  hideFromOpenApi(scope);
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  for (const url of [owned, `${owned}/*`]) {
    scope.route({
      method: PROXIED_METHODS,
      url,
      handler: (request, reply) =>
        answerLocally?.(request, reply) ?? reply.code(503).send(unavailableBody(request, route)),
    });
  }
}

interface ScopeOptions extends ProxyOptions {
  route: ServiceRoute;
  owned: string;
  upstream: string;
}

/** Why an upstream call failed, when the gateway itself gave up on it. */
class UpstreamTimeout extends Error {}
class UpstreamBusy extends Error {}

async function proxyScope(scope: FastifyInstance, options: ScopeOptions): Promise<void> {
  const {
    route,
    owned: prefix,
    upstream,
    timeoutMs,
    queueTimeoutMs,
    agents,
    answerLocally,
  } = options;
  hideFromOpenApi(scope);
  // Bodies reach the service untouched (JSON, multipart, anything): the service parses and
  // validates them. They are read whole here first (within the prefix's limit: 413 past it,
  // declared or chunked), so a client sending slowly holds only its own connection, never one of
  // the upstream's pool: a few hundred slow uploads cannot take every connection to a service.
  // The kit's JSON parser is replaced in this scope only.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: bodyLimitFor(prefix) },
    (_request, body, done) => done(null, body),
  );
  const target = new URL(upstream);
  const client = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const failed = (request: FastifyRequest, reply: FastifyReply, error: Error) => {
    request.log.warn({ service: route.service, err: error.message }, 'upstream unavailable');
    if (error instanceof UpstreamTimeout)
      return reply.code(504).send(
        errorBody(request, {
          statusCode: 504,
          code: 'UPSTREAM_TIMEOUT',
          message: Messages.upstreamTimeout(route.label),
        }),
      );
    if (error instanceof UpstreamBusy)
      return reply.code(503).send(
        errorBody(request, {
          statusCode: 503,
          code: 'UPSTREAM_BUSY',
          message: Messages.upstreamBusy(route.label),
        }),
      );
    return reply.code(503).send(unavailableBody(request, route));
  };
  // A proxy of our own rather than @fastify/http-proxy: reply-from cost two thirds of the
  // gateway's throughput for what is one http.request piped both ways (docs/BENCHMARKS.md).
  const forward = (request: FastifyRequest, reply: FastifyReply, retried = false) =>
    new Promise<FastifyReply>((resolve) => {
      const headers = forwardedHeaders(request, withoutHopByHop(request.headers));
      headers.host = target.host;
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      // The body goes in one piece with its length (a chunked upload was read whole above).
      delete headers['transfer-encoding'];
      if (body) headers['content-length'] = String(body.length);
      // Tracing on: a CLIENT span per upstream call, its `traceparent` sent to the service.
      const span = startClientSpan({
        method: request.method,
        template: request.routeOptions.url ?? prefix,
        url: target,
        peer: route.service,
      });
      if (span) Object.assign(headers, span.headers);
      let answered = false;
      const outgoing = client(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers,
          agent,
          // Socket inactivity: bounds the wait for the headers and every gap in the body.
          timeout: timeoutMs,
        },
        (answer) => {
          answered = true;
          span?.end({ statusCode: answer.statusCode ?? 502 });
          resolve(
            reply
              .code(answer.statusCode ?? 502)
              .headers(withoutHopByHop(answer.headers))
              .send(answer),
          );
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new UpstreamTimeout('upstream timeout')));
      // Every connection of the pool busy for too long: 503 rather than an unbounded queue. The
      // answer goes now: a request still queued in the agent reports its destruction only once a
      // socket frees up (seconds later, the very wait this bounds).
      const queued = setTimeout(() => {
        const error = new UpstreamBusy('no free upstream connection');
        outgoing.destroy(error);
        if (reply.sent) return;
        span?.end({ error });
        resolve(failed(request, reply, error));
      }, queueTimeoutMs);
      outgoing.once('socket', () => clearTimeout(queued));
      outgoing.once('close', () => clearTimeout(queued));
      outgoing.on('error', (error) => {
        if (!reply.sent) span?.end({ error });
        if (reply.sent) return;
        if (!retried && !answered && mayRetry(request, error, outgoing.reusedSocket)) {
          const again = () => forward(request, reply, true);
          // A stale pooled connection: a fresh one is there at once. A refusal: the process is
          // coming back, give it a moment.
          resolve(wasRefused(error) ? retryRefusedOnce(again) : again());
          return;
        }
        resolve(failed(request, reply, error));
      });
      outgoing.end(body);
    });
  for (const url of [prefix, `${prefix}/*`]) {
    scope.route({
      method: PROXIED_METHODS,
      url,
      handler: (request, reply) => answerLocally?.(request, reply) ?? forward(request, reply),
    });
  }
}

/** The wait before the one retry of a refused idempotent request: a process coming back. */
export const REFUSED_RETRY_DELAY_MS = 500;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

const wasRefused = (error: Error) => (error as { code?: string }).code === 'ECONNREFUSED';

/**
 * Whether a request that failed before any answer may be sent once more: the method is
 * idempotent, it has no body to send again (a streamed body is already spent), and either the
 * upstream refused the connection (ECONNREFUSED: the process is restarting, or a replica is
 * gone) or it closed a kept-alive connection as the request went out on it. The latter is the
 * race every keep-alive client meets (RFC 9112 §9.3.1, Node's `request.reusedSocket`): a
 * service draining for a roll drops its idle connections, and one of them may be the one the
 * pool just picked.
 */
function mayRetry(request: FastifyRequest, error: Error, reusedSocket: boolean): boolean {
  if (!IDEMPOTENT_METHODS.has(request.method) || request.body !== undefined) return false;
  if (wasRefused(error)) return true;
  const code = (error as { code?: string }).code;
  return reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE');
}

/** Sends the request again after a short wait (REFUSED_RETRY_DELAY_MS), once. */
function retryRefusedOnce(send: () => Promise<FastifyReply>): Promise<FastifyReply> {
  return new Promise((resolve) => setTimeout(resolve, REFUSED_RETRY_DELAY_MS)).then(send);
}

/**
 * The headers a service may rely on: our request id, and X-Forwarded-* that a client cannot
 * forge. An incoming X-Forwarded-For is kept only when TRUST_PROXY trusts the peer that sent it
 * (Fastify's request.ips then reaches past the socket address); otherwise it is replaced.
 */
function forwardedHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const socketAddress = request.socket.remoteAddress ?? '';
  const incoming = headers['x-forwarded-for'];
  const peerTrusted = (request.ips?.length ?? 0) > 1;
  const forwardedFor =
    peerTrusted && incoming ? `${[incoming].flat().join(', ')}, ${socketAddress}` : socketAddress;
  // A trace context from the internet is not continued: the gateway starts every trace.
  const {
    forwarded: _forwarded,
    'x-real-ip': _realIp,
    traceparent: _traceparent,
    tracestate: _tracestate,
    baggage: _baggage,
    ...rest
  } = headers;
  return {
    ...rest,
    'x-request-id': request.id,
    'x-forwarded-for': forwardedFor,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
}
