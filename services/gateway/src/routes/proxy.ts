import type { Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { Transform } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import { Messages } from '@pv/contracts';
import { AppError, errorBody } from '@pv/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  bodyLimitFor,
  ROUTING_TABLE,
  type ServiceName,
  type ServiceRoute,
} from '../routing-table.js';

const PROXIED_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

export interface ProxyOptions {
  /** Base URL per service; a service without one answers 503 on all its prefixes. */
  upstreams: Partial<Record<ServiceName, string>>;
  /** Headers and body-gap timeout for every upstream call. */
  timeoutMs: number;
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

const bodyTooLarge = () => new AppError(413, 'BODY_TOO_LARGE', Messages.bodyTooLarge);

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

/** Raw requests whose streamed body went over the limit mid-way (chunked uploads). */
const oversized = new WeakSet<IncomingMessage>();

async function proxyScope(scope: FastifyInstance, options: ScopeOptions): Promise<void> {
  const { route, owned: prefix, upstream, timeoutMs, agents, answerLocally } = options;
  hideFromOpenApi(scope);
  // Bodies are streamed to the service untouched (JSON, multipart, anything): the service parses
  // and validates them. The kit's JSON parser is replaced in this scope only.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', streamWithin(bodyLimitFor(prefix)));

  await scope.register(httpProxy, {
    upstream,
    prefix,
    rewritePrefix: prefix,
    proxyPayloads: false,
    http: { agents, requestOptions: { timeout: timeoutMs } },
    disableRequestLogging: true,
    handler: (request, reply, dest, fromOptions) =>
      answerLocally?.(request, reply) ?? reply.from(dest, fromOptions),
    replyOptions: {
      timeout: timeoutMs,
      // No retries: a GET answered 503 by a service is that service's deliberate answer.
      retryDelay: () => null,
      rewriteRequestHeaders: (request, headers) =>
        forwardedHeaders(request as FastifyRequest, headers as IncomingHttpHeaders),
      onError: (reply, { error }) => {
        // reply-from types its callbacks for any server kind; this one is plain HTTP/1.
        const request = reply.request as FastifyRequest;
        if (oversized.has(request.raw)) {
          reply.header('connection', 'close');
          reply.code(413).send(
            errorBody(request, {
              statusCode: 413,
              code: 'BODY_TOO_LARGE',
              message: Messages.bodyTooLarge,
            }),
          );
          return;
        }
        request.log.warn({ service: route.service, err: error.message }, 'upstream unavailable');
        reply.code(503).send(unavailableBody(request, route));
      },
    },
  });
}

/**
 * A content-type parser that hands the request stream on instead of parsing it, refusing a
 * declared Content-Length over the limit at once and cutting a chunked body that grows past it.
 */
function streamWithin(limit: number) {
  return (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      done(bodyTooLarge());
      return;
    }
    // Node's parser never delivers more than a declared length, so only chunked bodies are counted.
    if (Number.isFinite(declared)) {
      done(null, payload);
      return;
    }
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > limit) {
          oversized.add(request.raw);
          callback(bodyTooLarge());
          return;
        }
        callback(null, chunk);
      },
    });
    payload.pipe(counted);
    done(null, counted);
  };
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
  const { forwarded: _forwarded, 'x-real-ip': _realIp, ...rest } = headers;
  return {
    ...rest,
    'x-request-id': request.id,
    'x-forwarded-for': forwardedFor,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
}
