import { AuthRoutes, Messages } from '@pv/contracts';
import { principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../accounts/account.service.js';
import {
  clearSessionCookie,
  clientInfo,
  DEVICE_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from './session-cookie.js';

export function accountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  cookieSecure: boolean,
) {
  registerRoute(app, AuthRoutes.register, async (request, reply) => {
    const { user, session } = await accounts.register(request.body, clientInfo(request));
    setSessionCookie(reply, session, cookieSecure);
    return reply.code(201).send({ user, message: 'Conta criada com sucesso!' });
  });

  registerRoute(app, AuthRoutes.login, async (request, reply) => {
    const { response, session } = await accounts.login(
      request.body,
      clientInfo(request),
      request.cookies?.[DEVICE_COOKIE],
    );
    setSessionCookie(reply, session, cookieSecure);
    setDeviceCookie(reply, accounts.deviceToken(response.user.id), cookieSecure);
    return response;
  });

  registerRoute(app, AuthRoutes.logout, async (request, reply) => {
    await accounts.logout(request.principal);
    clearSessionCookie(reply, cookieSecure);
    return { message: Messages.loggedOut };
  });

  registerRoute(app, AuthRoutes.currentUser, async (request) =>
    accounts.currentUser(principalOf(request)),
  );

  registerRoute(app, AuthRoutes.session, async (request) => ({
    user: request.principal ? await accounts.currentUser(request.principal) : null,
  }));

  registerRoute(app, AuthRoutes.changePassword, async (request, reply) => {
    const session = await accounts.changePassword(
      principalOf(request),
      request.body,
      clientInfo(request),
    );
    setSessionCookie(reply, session, cookieSecure);
    return { message: Messages.passwordChanged };
  });

  registerRoute(app, AuthRoutes.updateProfile, async (request) =>
    accounts.updateProfile(principalOf(request), request.body),
  );
}
