import { DocumentsRoutes, SigningMessages } from '@pv/contracts';
import { forwardedCredentials } from '@pv/service-clients';
import {
  AppError,
  addressKey,
  badRequest,
  principalOf,
  type RateLimiter,
  registerRoute,
} from '@pv/service-kit/http';
import { MAX_PKCS12_BYTES } from '@pv/signing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CertificatesService, certificateRefusal } from '../signing/certificates.service.js';
import type { SignedDocumentsService } from '../signing/signed-documents.service.js';

const unsupported = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', SigningMessages.notMultipart);

/**
 * Reads the upload's `certificate` file and `password` field, in either order. The body is never
 * logged (the kit logs no bodies); the password goes straight to the service.
 */
async function certificateUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw unsupported();
  let file: Buffer | undefined;
  let password: string | undefined;
  // One byte over the limit is enough to know the file is too large.
  for await (const part of request.parts({ limits: { fileSize: MAX_PKCS12_BYTES + 1 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw certificateRefusal('FILE_TOO_LARGE');
        throw error;
      });
      if (part.fieldname !== 'certificate') continue;
      if (part.file.truncated || data.byteLength > MAX_PKCS12_BYTES)
        throw certificateRefusal('FILE_TOO_LARGE');
      file = data;
    } else if (part.fieldname === 'password' && typeof part.value === 'string') {
      password = part.value;
    }
  }
  if (!file || file.byteLength === 0)
    throw badRequest(SigningMessages.noCertificateFile, 'NO_FILE');
  if (!password) throw badRequest(SigningMessages.noPassword, 'NO_PASSWORD');
  return { file, password };
}

export function signingRoutes(
  app: FastifyInstance,
  deps: {
    certificates: CertificatesService;
    documents: SignedDocumentsService;
    /** Per client address, for the public verification routes. */
    verifyLimiter: RateLimiter;
  },
) {
  const { certificates, documents, verifyLimiter } = deps;
  registerRoute(app, DocumentsRoutes.putSigningCertificate, async (request) => {
    const { file, password } = await certificateUpload(request);
    return certificates.upload(
      principalOf(request).userId,
      file,
      password,
      forwardedCredentials(request),
    );
  });
  registerRoute(app, DocumentsRoutes.getSigningCertificate, async (request) =>
    certificates.describe(principalOf(request).userId),
  );
  registerRoute(app, DocumentsRoutes.deleteSigningCertificate, async (request) =>
    certificates.remove(principalOf(request).userId),
  );
  registerRoute(app, DocumentsRoutes.verifyDocument, async (request) => {
    await verifyLimiter.consume(addressKey(request.ip));
    return documents.verify(request.params.id, request.query._secretCode);
  });
  registerRoute(app, DocumentsRoutes.signedDocumentFile, async (request, reply) => {
    await verifyLimiter.consume(addressKey(request.ip));
    const pdf = await documents.file(request.params.id, request.query._secretCode);
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `inline; filename="documento-assinado-${request.params.id}.pdf"`,
      )
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
