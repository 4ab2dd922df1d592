import { AuthRoutes, Messages } from '@pv/contracts';
import { principalOf, registerRoute } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AdminUsersService } from '../users/admin-users.service.js';

export function adminUserRoutes(app: FastifyInstance, users: AdminUsersService) {
  registerRoute(app, AuthRoutes.adminListUsers, async () => users.list());
  registerRoute(app, AuthRoutes.adminCreateUser, async (request, reply) => {
    const created = await users.create(request.body);
    return reply.code(201).send({ ...created, message: Messages.userCreated });
  });
  registerRoute(app, AuthRoutes.adminUpdateUser, async (request) =>
    users.update(principalOf(request), request.params.id, request.body),
  );
  registerRoute(app, AuthRoutes.adminDeleteUser, async (request) => {
    await users.delete(request.params.id);
    return { message: Messages.userDeleted };
  });
  registerRoute(app, AuthRoutes.adminResetPassword, async (request) => {
    await users.resetPassword(request.body);
    return { message: Messages.resetPasswordSuccess };
  });
  registerRoute(app, AuthRoutes.adminUserProfile, async (request) =>
    users.profile(request.params.id),
  );
  registerRoute(app, AuthRoutes.adminLoginHistory, async (request) =>
    users.loginHistory(request.params.userId, request.query.limit ?? 50),
  );
}
