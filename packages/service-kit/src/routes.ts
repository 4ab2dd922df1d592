import { type AnyRouteContract, Messages, MfaMessages } from '@pv/contracts';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, unauthorized } from './errors.js';
import type { Principal } from './session.js';

// Optional contract fields read as `Schema | undefined`; a route without that part gets D.
type StaticOr<T, D> = [NonNullable<T>] extends [never]
  ? D
  : NonNullable<T> extends TSchema
    ? Static<NonNullable<T>>
    : D;
type SuccessStatus = 200 | 201 | 202;

export type ContractRequest<C extends AnyRouteContract> = FastifyRequest<{
  Body: StaticOr<C['body'], undefined>;
  Querystring: StaticOr<C['querystring'], Record<string, never>>;
  Params: StaticOr<C['params'], Record<string, never>>;
}>;

export type ContractReply<C extends AnyRouteContract> = {
  [K in keyof C['response'] & SuccessStatus]: C['response'][K] extends TSchema
    ? Static<C['response'][K]>
    : never;
}[keyof C['response'] & SuccessStatus];

export type ContractHandler<C extends AnyRouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<ContractReply<C> | FastifyReply>;

/** The caller of a route declared `user`, `premium` or `admin`: always present there. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

function accessHook(contract: AnyRouteContract): onRequestHookHandler | undefined {
  if (contract.access === 'public') {
    if (contract.allowDuringForcedPasswordChange) return undefined;
    // A session that must change its password is a visitor on public routes (issue 23 item 6):
    // it reaches nothing of the user's (templates, vault, tickets) until the new password is set.
    return async (request) => {
      if (request.principal?.mustChangePassword) request.principal = null;
    };
  }
  return async (request) => {
    const principal = request.principal;
    if (!principal) throw unauthorized();
    if (principal.mustChangePassword && !contract.allowDuringForcedPasswordChange) {
      throw forbidden(Messages.mustChangePassword, 'PASSWORD_CHANGE_REQUIRED');
    }
    if (contract.access === 'admin' && !principal.isAdmin) {
      throw forbidden(contract.forbiddenMessage ?? Messages.adminOnly, 'ADMIN_ONLY');
    }
    // An admin's password alone opens the workspace, not the console (issue 23).
    if (contract.access === 'admin' && principal.secondFactor !== true) {
      throw unauthorized(MfaMessages.mfaRequired, 'MFA_REQUIRED');
    }
    if (contract.access === 'premium' && !principal.isPremium) {
      throw forbidden(contract.forbiddenMessage ?? Messages.premiumOnly, 'PREMIUM_ONLY');
    }
  };
}

/**
 * Registers a route from its contract: the contract's schemas validate the request and shape the
 * response, and its access level is checked before anything else runs.
 * @example registerRoute(app, AuthRoutes.login, async (request, reply) => service.login(request.body))
 */
export function registerRoute<C extends AnyRouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
): void {
  app.contractRoutes.push(contract);
  const hook = accessHook(contract);
  app.route({
    method: contract.method,
    url: contract.url,
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      response: contract.response,
      // A public route says so (an empty list), so that a reader never has to guess.
      security: contract.access === 'public' ? [] : [{ session: [] }],
    },
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    ...(hook ? { onRequest: hook } : {}),
    handler: handler as never,
  });
}

const IDEMPOTENCY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The request's `Idempotency-Key` when it is a UUID (what the workspace sends with a write it may
 * retry, @pv/contracts retries.ts); the route makes a second delivery of the same key a no-op.
 * @example const key = idempotencyKeyOf(request); if (key) reservationId = stableUuid('pdf', userId, key)
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? key.toLowerCase() : undefined;
}
