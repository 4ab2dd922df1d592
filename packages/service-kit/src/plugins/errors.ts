import { type ErrorBody, Messages } from '@pv/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { AppError } from '../errors.js';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from '../unavailable.js';
import { describeValidationErrors } from '../validation.js';

/**
 * The one error shape, filled for this request.
 * @example reply.code(503).send(errorBody(request, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message }))
 */
export function errorBody(request: FastifyRequest, error: Omit<ErrorBody, 'requestId'>): ErrorBody {
  const { statusCode, code, message, details } = error;
  return { statusCode, code, message, requestId: request.id, ...(details ? { details } : {}) };
}

/** What a Fastify or body-parser error becomes for the client: status, code and pt-BR message. */
function answerFor(error: FastifyError): Omit<ErrorBody, 'requestId'> | undefined {
  if (error.validation) {
    const details = describeValidationErrors(error.validation as never, error.validationContext);
    const message = details[0]?.message ?? 'Dados inválidos.';
    return { statusCode: 400, code: 'VALIDATION_FAILED', message, details };
  }
  if (error instanceof AppError) {
    const { statusCode, code, message, details } = error;
    return { statusCode, code, message, ...(details ? { details } : {}) };
  }
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)
    return { statusCode: 413, code: 'BODY_TOO_LARGE', message: Messages.bodyTooLarge };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
    return {
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: Messages.unsupportedMediaType,
    };
  if (status === 429)
    return { statusCode: 429, code: 'RATE_LIMITED', message: Messages.tooManyRequests };
  if (status >= 400 && status < 500) {
    const message = error.code?.startsWith('FST_ERR_CTP')
      ? Messages.invalidJson
      : 'Requisição inválida.';
    return { statusCode: status, code: error.code ?? 'BAD_REQUEST', message };
  }
  // A store, the broker or a service out of reach for a moment: retryable, not a bug.
  if (isDependencyUnavailable(error))
    return {
      statusCode: 503,
      code: 'DEPENDENCY_UNAVAILABLE',
      message: Messages.dependencyUnavailable,
    };
  return undefined;
}

/**
 * Errors in the one shape with a pt-BR message: validation, AppError, body parsing, unknown
 * routes and anything unexpected (logged, answered 500). Also echoes the request id, which the
 * shape carries, in `x-request-id`.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // The spec's clients send `Content-Type: application/json` on every call, bodiless ones too,
    // so an empty body is no body. Otherwise the body is parsed as Fastify's own parser does
    // (secure-json-parse): a `__proto__` or `constructor.prototype` key is refused, since a
    // handler that spreads or merges the body would otherwise hand the attacker Object.prototype.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(
          null,
          secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }),
        );
      } catch {
        done(new AppError(400, 'INVALID_JSON', Messages.invalidJson), undefined);
      }
    });

    // Set as the request arrives (a synchronous hook, no promise per request): every answer,
    // errors and 404s included, carries it.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });

    // Every 503 (a dependency out of reach, no worker, a closing process, billing unreachable...)
    // tells the caller when to try again, whoever answered it.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      done(null, payload);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const answer = answerFor(error);
      if (answer?.code === 'DEPENDENCY_UNAVAILABLE')
        request.log.warn(
          { err: { type: error.name, code: error.code, message: error.message } },
          'dependency unavailable',
        );
      if (answer) return reply.code(answer.statusCode).send(errorBody(request, answer));
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(
        errorBody(request, {
          statusCode: 500,
          code: 'INTERNAL_ERROR',
          message: Messages.internalError,
        }),
      );
    });

    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(
        errorBody(request, {
          statusCode: 404,
          code: 'ROUTE_NOT_FOUND',
          message: Messages.routeNotFound,
        }),
      ),
    );
  },
  { name: 'pv-errors', fastify: '5.x' },
);
