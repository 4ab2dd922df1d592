import { EmailVerificationRoutes } from '@pv/contracts';
import { principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { EmailVerificationService } from '../email-verification/email-verification.service.js';

export function emailVerificationRoutes(app: FastifyInstance, emails: EmailVerificationService) {
  registerRoute(app, EmailVerificationRoutes.confirm, async (request) =>
    emails.confirm(request.body.token),
  );
  registerRoute(app, EmailVerificationRoutes.resend, async (request) =>
    emails.resend(principalOf(request), request.ip),
  );
  registerRoute(app, EmailVerificationRoutes.change, async (request) =>
    emails.change(principalOf(request), request.body.email, request.ip),
  );
}
