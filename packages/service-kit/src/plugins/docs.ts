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
      info: { title: `${options.service} service`, version: options.version ?? '0.1.0' },
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
      publishedSchema(
        'openapiObject' in document ? document.openapiObject : document.swaggerObject,
      ),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
};

/**
 * What the app serves, said two ways: OpenAPI (JSON and UI at /docs) from the routes' schemas,
 * and the lists `app.contractRoutes` / `app.registeredRoutes` the authorization tests read.
 * Register it before any route, so every route is seen.
 */
export const docsPlugin = fp(docs, { name: 'pv-docs', fastify: '5.x' });
