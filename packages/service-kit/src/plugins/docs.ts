import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type AnyRouteContract, publishedSchema } from '@pv/contracts';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every contract route this app registered, for OpenAPI and the authorization tests. */
    contractRoutes: AnyRouteContract[];
    /** Every route of the app (method and path), contract or not, as Fastify registered it. */
    registeredRoutes: { method: string; url: string }[];
  }
}

const docs: FastifyPluginAsyncTypebox<{ service: string; version?: string }> = async (
  app,
  options,
) => {
  app.decorate('contractRoutes', [] as AnyRouteContract[]);
  app.decorate('registeredRoutes', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      app.registeredRoutes.push({ method, url: route.url });
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.service} service`,
        version: options.version ?? '0.1.0',
        // The repository's licence (LICENSE, docs/releases.md): a generator copies it into clients.
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'pv_session' },
        },
      },
      // Every service is reached through the gateway, on the same origin as the SPAs.
      servers: [{ url: '/', description: 'the gateway of the deployment (same origin)' }],
    },
    // What others read: route schemas as published (`x-errorMessage`), a copy, so the schemas
    // Fastify validates with keep the `errorMessage` the kit's Ajv reads.
    transformObject: (document) =>
      withOperationIds(
        publishedSchema(
          'openapiObject' in document ? document.openapiObject : document.swaggerObject,
        ),
      ),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The operation's name in generated clients, from its method and path, so no route has to be
 * given one by hand: `DELETE /api/admin/medical-terms/{id}` is `deleteApiAdminMedicalTermsById`.
 * @example operationIdOf('get', '/auth/user') // 'getAuthUser'
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      const parts = (parameter ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return parameter ? ['by', ...parts] : parts;
    });
  return [method.toLowerCase(), ...words]
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/** Every operation gets its operationId (a copy of `document`); two alike ones are a bug. */
function withOperationIds<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { operationId?: string }>> })
    .paths;
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || typeof operation !== 'object') continue;
      operation.operationId ??= operationIdOf(method, path);
      const other = seen.get(operation.operationId);
      if (other) throw new Error(`${method} ${path} and ${other} share an operationId`);
      seen.set(operation.operationId, `${method} ${path}`);
    }
  }
  return document;
}

/**
 * What the app serves, said two ways: OpenAPI (JSON and UI at /docs) from the routes' schemas,
 * and the lists `app.contractRoutes` / `app.registeredRoutes` the authorization tests read.
 * Register it before any route, so every route is seen.
 */
export const docsPlugin = fp(docs, { name: 'pv-docs', fastify: '5.x' });
