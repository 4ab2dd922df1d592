import { DocumentsRoutes } from '@pv/contracts';
import { forwardedCredentials } from '@pv/service-clients';
import { idempotencyKeyOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FhirExportService } from '../fhir/fhir-export.service.js';
import type { FileAnswer } from '../generation/authoring.js';
import type { PdfsService } from '../generation/pdfs.service.js';
import type { PrescriptionsService } from '../generation/prescriptions.service.js';
import type { TextDocumentsService } from '../generation/text-documents.service.js';

/** Sends a generated file; the workspace takes its name from Content-Disposition. */
function sendFile(reply: FastifyReply, file: FileAnswer) {
  if (file.headers) reply.headers(file.headers);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * The caller's headers forwarded to billing, with the write's `Idempotency-Key` when it is a
 * UUID: a PDF retried with the same key reserves and counts under the same ids (pdfs.service.ts).
 */
function withIdempotencyKey(request: FastifyRequest): Record<string, string> {
  const key = idempotencyKeyOf(request);
  const headers = forwardedCredentials(request);
  if (key) headers['idempotency-key'] = key;
  return headers;
}

/** Documents, prescriptions and their files, each route served by its family's service. */
export function documentRoutes(
  app: FastifyInstance,
  services: {
    documents: TextDocumentsService;
    prescriptions: PrescriptionsService;
    pdfs: PdfsService;
    fhir: FhirExportService;
  },
) {
  const { documents, prescriptions, pdfs, fhir } = services;
  // The note as FHIR R4 (issue 28): a download, built on request and not stored.
  registerRoute(app, DocumentsRoutes.exportFhir, async (request, reply) =>
    sendFile(reply, {
      body: await fhir.export(request.body, request.principal, forwardedCredentials(request)),
      contentType: 'application/fhir+json; charset=utf-8',
      fileName: `nota-fhir-${new Date().toISOString().slice(0, 10)}.json`,
    }),
  );
  registerRoute(app, DocumentsRoutes.generateDocument, async (request) =>
    documents.generateDocument(request.body, request.principal, withIdempotencyKey(request)),
  );
  registerRoute(app, DocumentsRoutes.generatePdf, async (request, reply) =>
    sendFile(
      reply,
      await pdfs.documentPdf(request.body, request.principal, withIdempotencyKey(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.generateTextDocument, async (request, reply) =>
    sendFile(reply, await documents.textDocument(request.body, request.principal)),
  );
  registerRoute(app, DocumentsRoutes.hospitalPrescriptionPdf, async (request, reply) =>
    sendFile(
      reply,
      await pdfs.hospitalPdf(request.body, request.principal, withIdempotencyKey(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.ambulatoryPrescriptionPdf, async (request, reply) =>
    sendFile(
      reply,
      await pdfs.ambulatoryPdf(request.body, request.principal, withIdempotencyKey(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.controlledPrescriptionPdf, async (request, reply) =>
    sendFile(
      reply,
      await pdfs.controlledPdf(request.body, request.principal, withIdempotencyKey(request)),
    ),
  );
  registerRoute(app, DocumentsRoutes.hospitalPrescription, async (request) =>
    prescriptions.hospitalPrescription(
      request.body,
      request.principal,
      forwardedCredentials(request),
    ),
  );
  registerRoute(app, DocumentsRoutes.ambulatoryPrescription, async (request) =>
    prescriptions.ambulatoryPrescription(
      request.body,
      request.principal,
      forwardedCredentials(request),
    ),
  );
  registerRoute(app, DocumentsRoutes.controlledPrescription, async (request) =>
    prescriptions.controlledPrescription(
      request.body,
      request.principal,
      forwardedCredentials(request),
    ),
  );
  registerRoute(app, DocumentsRoutes.reprocessPrescription, async (request) =>
    prescriptions.reprocess(request.body, request.principal, forwardedCredentials(request)),
  );
}
