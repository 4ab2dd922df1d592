import type { TSchema } from '@sinclair/typebox';
import { ErrorSchema } from './common.js';

/**
 * Who may call a route. Enforced by the service kit before validation, so an anonymous caller
 * gets 401 and a caller without the right gets 403 whatever the body.
 * - public: anyone; a session, when present, is still read (e.g. a support ticket records the user)
 * - user: any signed-in user
 * - premium: a signed-in user with isPremium or an active subscription
 * - admin: a signed-in user with isAdmin
 */
export type RouteAccess = 'public' | 'user' | 'premium' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract<
  TBody extends TSchema | undefined = TSchema | undefined,
  TQuery extends TSchema | undefined = TSchema | undefined,
  TParams extends TSchema | undefined = TSchema | undefined,
  TResponse extends Record<number, TSchema> = Record<number, TSchema>,
> {
  method: HttpMethod;
  /** Fastify path, e.g. `/api/admin/users/:id`. */
  url: string;
  access: RouteAccess;
  summary: string;
  tags: string[];
  body?: TBody;
  querystring?: TQuery;
  params?: TParams;
  response: TResponse;
  /** Body limit in bytes when the route needs more than the 1 MB default. */
  bodyLimit?: number;
  /** What a signed-in caller without the right is told, when the generic message would be vague. */
  forbiddenMessage?: string;
  /** Routes a user who must change the password may still call (login flow, logout). */
  allowDuringForcedPasswordChange?: boolean;
  /**
   * A second credential the route needs beyond its access level (e.g. the vault's unlock session),
   * checked by the owning service after the access level: a caller without it gets 401 with this
   * message.
   */
  extraCredential?: { name: string; message: string };
}

const errorResponses = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  413: ErrorSchema,
  429: ErrorSchema,
  503: ErrorSchema,
} as const;

/**
 * Declares one HTTP route of the product. Services register routes from these objects, the
 * gateway's authorization tests enumerate them, and OpenAPI is generated from them.
 * @example export const GetUser = defineRoute({ method: 'GET', url: '/auth/user', access: 'user', ... })
 */
export function defineRoute<
  TBody extends TSchema | undefined,
  TQuery extends TSchema | undefined,
  TParams extends TSchema | undefined,
  TResponse extends Record<number, TSchema>,
>(
  contract: RouteContract<TBody, TQuery, TParams, TResponse>,
): RouteContract<TBody, TQuery, TParams, TResponse & typeof errorResponses> {
  return { ...contract, response: { ...errorResponses, ...contract.response } };
}

export type AnyRouteContract = RouteContract<
  TSchema | undefined,
  TSchema | undefined,
  TSchema | undefined,
  Record<number, TSchema>
>;
