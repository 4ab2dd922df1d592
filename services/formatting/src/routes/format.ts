import { type ErrorBody, FormattingRoutes, Messages } from '@pv/contracts';
import { forwardedCredentials } from '@pv/service-clients';
import { AppError, errorBody, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormatService } from '../format/format.service.js';

/** One Server-Sent Event. */
const sse = (reply: FastifyReply, event: string, data: unknown) =>
  reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * The body the kit's error handler would have answered, for an error met once the stream has
 * begun (the status line is sent by then): the same shape, filled by the same builder.
 */
function streamedErrorBody(request: FastifyRequest, error: unknown): ErrorBody {
  if (!(error instanceof AppError))
    return errorBody(request, {
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: Messages.internalError,
    });
  const { statusCode, code, message, details } = error;
  return errorBody(request, { statusCode, code, message, ...(details ? { details } : {}) });
}

export function formatRoutes(app: FastifyInstance, formatter: FormatService) {
  registerRoute(app, FormattingRoutes.formatText, async (request, reply) => {
    const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
    const call = {
      body: request.body,
      principal: request.principal,
      clientIp: request.ip,
      credentials: forwardedCredentials(request),
    };
    if (!wantsStream) return formatter.format(call);

    // Streaming: `delta` events carry the note as it is written, then one `result` event with
    // the same object the JSON answer has, or one `error` event in the error shape.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    try {
      const result = await formatter.format({
        ...call,
        onText: (text) => sse(reply, 'delta', { text }),
      });
      sse(reply, 'result', result);
    } catch (error) {
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'streamed format failed');
      sse(reply, 'error', streamedErrorBody(request, error));
    }
    reply.raw.end();
    return reply;
  });

  registerRoute(app, FormattingRoutes.diagnosticAnalysis, async (request) =>
    formatter.analyse({
      body: request.body,
      principal: request.principal,
      clientIp: request.ip,
      credentials: forwardedCredentials(request),
    }),
  );
}
