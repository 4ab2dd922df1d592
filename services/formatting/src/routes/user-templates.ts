import { FormattingRoutes } from '@pv/contracts';
import { forwardedCredentials } from '@pv/service-clients';
import { principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { UserTemplatesService } from '../templates/user-templates.service.js';

export function userTemplateRoutes(app: FastifyInstance, templates: UserTemplatesService) {
  registerRoute(app, FormattingRoutes.listUserTemplates, async (request) =>
    templates.list(principalOf(request).userId),
  );
  registerRoute(app, FormattingRoutes.createUserTemplate, async (request, reply) =>
    reply
      .code(201)
      .send(
        await templates.create(
          principalOf(request).userId,
          request.body,
          forwardedCredentials(request),
        ),
      ),
  );
  registerRoute(app, FormattingRoutes.updateUserTemplate, async (request) =>
    templates.update(
      principalOf(request).userId,
      request.params.id,
      request.body,
      forwardedCredentials(request),
    ),
  );
  registerRoute(app, FormattingRoutes.deleteUserTemplate, async (request) => {
    await templates.remove(principalOf(request).userId, request.params.id);
    return { message: 'Template excluído com sucesso' };
  });
}
