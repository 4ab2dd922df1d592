import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { Messages } from '@pv/contracts';
import { type TProperties, Type } from '@sinclair/typebox';
import type { FastifyServerOptions } from 'fastify';

// How long a client may take to send a request, for every service and the gateway
// (docs/http-timeouts.md). Node's own defaults let a request take for ever (requestTimeout 0 in
// Fastify) and check the limits only every 30 s.

/**
 * The request-side limits of every HTTP server of the product (BaseConfigFields holds them).
 * HTTP_REQUEST_TIMEOUT_MS is sized for the largest upload on a slow phone line: a 10 MB PDF at
 * 256 kbit/s is ~330 s, so 6 minutes.
 */
export const HttpTimeoutFields = {
  /** Time to receive a request's headers (a slow-loris client dribbling them is cut at this). */
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 15_000,
    description:
      "Time to receive a request's headers, in ms (a slow-loris client dribbling them is cut; 408).",
  }),
  /** Time to receive a whole request, body included (408 past it). */
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 360_000,
    description:
      'Time to receive a whole request, body included, in ms (408 past it); sized for a 10 MB upload on a slow line (docs/http-timeouts.md).',
  }),
  /** An idle kept-alive connection is closed after this (above the usual 60 s of load balancers). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 72_000,
    description:
      'An idle kept-alive connection is closed after this many ms (above the usual 60 s of load balancers).',
  }),
  /**
   * A connection with no traffic either way for this long is dropped: above the gateway's wait
   * for an upstream (UPSTREAM_TIMEOUT_MS, 120 s), so a slow answer is the gateway's 504 first.
   */
  HTTP_IDLE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 180_000,
    description:
      "A connection with no traffic either way for this many ms is dropped (above the gateway's UPSTREAM_TIMEOUT_MS, so a slow answer is the gateway's 504 first).",
  }),
} satisfies TProperties;

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: HttpTimeoutFields.HTTP_HEADERS_TIMEOUT_MS.default,
  requestMs: HttpTimeoutFields.HTTP_REQUEST_TIMEOUT_MS.default,
  keepAliveMs: HttpTimeoutFields.HTTP_KEEP_ALIVE_TIMEOUT_MS.default,
  idleMs: HttpTimeoutFields.HTTP_IDLE_TIMEOUT_MS.default,
};

/** The limits of a config that has the fields (each falls back to its default). */
export function httpTimeoutsFrom(config: {
  HTTP_HEADERS_TIMEOUT_MS?: number;
  HTTP_REQUEST_TIMEOUT_MS?: number;
  HTTP_KEEP_ALIVE_TIMEOUT_MS?: number;
  HTTP_IDLE_TIMEOUT_MS?: number;
}): HttpTimeouts {
  return {
    headersMs: config.HTTP_HEADERS_TIMEOUT_MS ?? DEFAULT_HTTP_TIMEOUTS.headersMs,
    requestMs: config.HTTP_REQUEST_TIMEOUT_MS ?? DEFAULT_HTTP_TIMEOUTS.requestMs,
    keepAliveMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_HTTP_TIMEOUTS.keepAliveMs,
    idleMs: config.HTTP_IDLE_TIMEOUT_MS ?? DEFAULT_HTTP_TIMEOUTS.idleMs,
  };
}

/**
 * Node checks the headers and request timeouts on a timer (30 s by default), so a 15 s limit
 * could take 45 s to bite: once a second keeps each limit within about a second.
 */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/** Fastify's server options for the limits (with the kit's serverFactory too: tracing.ts). */
export function serverTimeoutOptions(
  timeouts: HttpTimeouts,
): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'clientErrorHandler'
> & { http: ServerOptions } {
  // Node refuses a headers limit above the request limit.
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
    clientErrorHandler: answerClientError,
  };
}

/**
 * What Node reports about a connection before any request exists (a timeout while the request
 * arrives, a malformed request): answered in the one error shape with a pt-BR message, as the
 * routes answer, then the connection is closed. Nothing is written when an answer has started.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code, message, reason] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', Messages.requestTimeout, 'Request Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', Messages.headersTooLarge, 'Request Header Fields Too Large']
        : [400, 'BAD_REQUEST', Messages.badRequest, 'Bad Request'];
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ statusCode, code, message, requestId: randomUUID() });
    socket.write(
      `HTTP/1.1 ${statusCode} ${reason}\r\nConnection: close\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
