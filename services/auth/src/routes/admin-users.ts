import { AuthRoutes, Messages } from '@pv/contracts';
import { staffActorOf } from '@pv/service-clients';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { AdminUsersService } from '../users/admin-users.service.js';

export function adminUserRoutes(app: FastifyInstance, users: AdminUsersService) {
  registerRoute(app, AuthRoutes.adminListUsers, async (request) =>
    users.list(request.query, staffActorOf(request)),
  );
  registerRoute(app, AuthRoutes.adminCreateUser, async (request, reply) => {
    const created = await users.create(staffActorOf(request), request.body);
    return reply.code(201).send({ ...created, message: Messages.userCreated });
  });
  registerRoute(app, AuthRoutes.adminUpdateUser, async (request) =>
    users.update(staffActorOf(request), request.params.id, request.body),
  );
  registerRoute(app, AuthRoutes.adminDeleteUser, async (request) => {
    await users.delete(staffActorOf(request), request.params.id);
    return { message: Messages.userDeleted };
  });
  registerRoute(app, AuthRoutes.adminResetPassword, async (request) => {
    await users.resetPassword(staffActorOf(request), request.body);
    return { message: Messages.resetPasswordSuccess };
  });
  registerRoute(app, AuthRoutes.adminUserProfile, async (request) =>
    users.profile(request.params.id, staffActorOf(request)),
  );
  registerRoute(app, AuthRoutes.adminLoginHistory, async (request) =>
    users.loginHistory(staffActorOf(request), request.params.userId, request.query.limit ?? 50),
  );
}
