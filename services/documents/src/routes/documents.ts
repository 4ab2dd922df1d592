import { DocumentsRoutes } from '@pv/contracts';
import { forwardedCredentials, registerRoute } from '@pv/service-kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DocumentsService, FileAnswer } from '../documents/documents.service.js';

/** Sends a generated file; the workspace takes its name from Content-Disposition. */
function sendFile(reply: FastifyReply, file: FileAnswer) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export function documentRoutes(app: FastifyInstance, documents: DocumentsService) {
  registerRoute(app, DocumentsRoutes.generateDocument, async (request) =>
    documents.generateDocument(request.body, request.principal),
  );
  registerRoute(app, DocumentsRoutes.generatePdf, async (request, reply) =>
    sendFile(
      reply,
      await documents.documentPdf(request.body, request.principal, forwardedCredentials(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.generateTextDocument, async (request, reply) =>
    sendFile(reply, await documents.textDocument(request.body, request.principal)),
  );
  registerRoute(app, DocumentsRoutes.hospitalPrescriptionPdf, async (request, reply) =>
    sendFile(
      reply,
      await documents.hospitalPdf(request.body, request.principal, forwardedCredentials(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.ambulatoryPrescriptionPdf, async (request, reply) =>
    sendFile(
      reply,
      await documents.ambulatoryPdf(request.body, request.principal, forwardedCredentials(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.controlledPrescriptionPdf, async (request, reply) =>
    sendFile(
      reply,
      await documents.controlledPdf(request.body, request.principal, forwardedCredentials(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.hospitalPrescription, async (request) =>
    documents.hospitalPrescription(request.body, request.principal),
  );
  registerRoute(app, DocumentsRoutes.ambulatoryPrescription, async (request) =>
    documents.ambulatoryPrescription(request.body, request.principal),
  );
  registerRoute(app, DocumentsRoutes.controlledPrescription, async (request) =>
    documents.controlledPrescription(request.body, request.principal),
  );
  registerRoute(app, DocumentsRoutes.reprocessPrescription, async (request) =>
    documents.reprocess(request.body, request.principal),
  );
}
