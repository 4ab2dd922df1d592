import { AuthRoutes } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { operationIdOf } from '../src/plugins/docs.js';
import { registerRoute } from '../src/routes.js';

// A contract's pt-BR `errorMessage` is published as `x-errorMessage` (OpenAPI allows only `x-`
// keywords beyond its own), while the same app still answers a bad request with the message.
let app: Awaited<ReturnType<typeof createServiceApp>>;
beforeAll(async () => {
  app = await createServiceApp({ name: 'published-docs-test', logger: false });
  registerRoute(app, AuthRoutes.register, async (_request, reply) =>
    reply.code(400).send({ error: 'not-reached', message: 'not reached' }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('the OpenAPI a service publishes', () => {
  it('carries the pt-BR message as x-errorMessage, never as errorMessage', async () => {
    const text = (await app.inject({ method: 'GET', url: '/docs/json' })).body;
    expect(text).not.toContain('"errorMessage"');
    const doc = JSON.parse(text);
    const body =
      doc.paths['/auth/register'].post.requestBody.content['application/json'].schema.properties;
    expect(body.email['x-errorMessage']).toBe('Informe um email válido.');
    // A public route says it needs no credential; the document names where it is served.
    expect(doc.paths['/auth/register'].post.security).toEqual([]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('names every operation and the licence, as a client generator wants (redocly)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/auth/register'].post.operationId).toBe('postAuthRegister');
    expect(doc.info.license.name).toBe('Apache-2.0');
    expect(operationIdOf('delete', '/api/admin/medical-terms/{id}')).toBe(
      'deleteApiAdminMedicalTermsById',
    );
  });

  it('still answers a bad request with the contract pt-BR message after publishing', async () => {
    await app.inject({ method: 'GET', url: '/docs/json' });
    const response = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'sem-arroba', password: 'Senha-forte-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Informe um email válido.');
  });
});
