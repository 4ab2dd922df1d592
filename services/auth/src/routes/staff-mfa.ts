import { MfaMessages, StaffMfaRoutes } from '@pv/contracts';
import { staffActorOf } from '@pv/service-clients';
import { principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { StaffMfaService } from '../staff-mfa/staff-mfa.service.js';

export function staffMfaRoutes(app: FastifyInstance, mfa: StaffMfaService) {
  registerRoute(app, StaffMfaRoutes.status, async (request) => ({
    secondFactor: await mfa.state(principalOf(request)),
  }));
  registerRoute(app, StaffMfaRoutes.startEnrolment, async (request) =>
    mfa.startEnrolment(principalOf(request)),
  );
  registerRoute(app, StaffMfaRoutes.confirmEnrolment, async (request) => ({
    recoveryCodes: await mfa.confirmEnrolment(principalOf(request), request.body.code),
  }));
  registerRoute(app, StaffMfaRoutes.verify, async (request) => ({
    secondFactor: await mfa.verify(principalOf(request), request.body),
  }));
  registerRoute(app, StaffMfaRoutes.adminReset, async (request) => {
    await mfa.reset(staffActorOf(request), request.params.id);
    return { message: MfaMessages.resetDone };
  });
}
