import { VerificationMessages, VerificationRoutes } from '@pv/contracts';
import { staffActorOf } from '@pv/service-clients';
import { principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { VerificationService } from '../verification/verification.service.js';

export function verificationRoutes(app: FastifyInstance, verification: VerificationService) {
  registerRoute(app, VerificationRoutes.mine, async (request) =>
    verification.mine(principalOf(request)),
  );
  registerRoute(app, VerificationRoutes.byCertificate, async (request) =>
    verification.byCertificate(principalOf(request), request.body),
  );
  registerRoute(app, VerificationRoutes.submitEvidence, async (request, reply) => {
    await verification.submitEvidence(principalOf(request), request.body);
    return reply.code(202).send({ message: VerificationMessages.evidenceReceived });
  });
  registerRoute(app, VerificationRoutes.adminQueue, async () => verification.queue());
  registerRoute(app, VerificationRoutes.adminEvidence, async (request, reply) => {
    const file = await verification.evidence(staffActorOf(request), request.params.userId);
    return reply
      .type(file.contentType)
      .header('cache-control', 'no-store')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
  registerRoute(app, VerificationRoutes.adminApprove, async (request) => {
    await verification.approve(staffActorOf(request), request.params.userId);
    return { message: VerificationMessages.approved };
  });
  registerRoute(app, VerificationRoutes.adminRefuse, async (request) => {
    await verification.refuse(staffActorOf(request), request.params.userId, request.body.reason);
    return { message: VerificationMessages.refused };
  });
}
