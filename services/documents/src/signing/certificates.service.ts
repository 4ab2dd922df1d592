import { type SigningCertificate, SigningMessages } from '@pv/contracts';
import { AppError, notFound, type QuotaClient, serviceUnavailable } from '@pv/service-kit';
import {
  CertificateMessages,
  inspectPkcs12,
  isCertificateError,
  MAX_PKCS12_BYTES,
} from '@pv/signing';
import type { PdfSigning } from '../pdf/jobs.js';
import type { CertificatesRepository } from './certificates.repository.js';
import { type KeyWrapper, seal } from './envelope.js';
import { makeSigningOrder } from './signing-order.js';

export interface CertificatesDeps {
  repository: CertificatesRepository;
  /** Undefined without SIGNING_KEK: every call answers 503. */
  keys: KeyWrapper | undefined;
  /** PEM anchors counted as ICP-Brasil for `icpBrasil` (tests' own CA); default: shipped roots. */
  trustAnchors?: readonly string[];
  /** Billing's storage limit, checked before a certificate is stored; unset, not limited. */
  quota?: QuotaClient;
}

/**
 * The user's A1 certificate: checked with its password on upload, stored encrypted, described on
 * request, and handed (still encrypted) to the pdf-worker with each signing's password. The
 * password is an argument only: never stored, logged or put in an error.
 */
export class CertificatesService {
  constructor(private readonly deps: CertificatesDeps) {}

  private keys(): KeyWrapper {
    if (!this.deps.keys)
      throw serviceUnavailable(SigningMessages.unavailable, 'SIGNING_UNAVAILABLE');
    return this.deps.keys;
  }

  async upload(
    userId: string,
    file: Buffer,
    password: string,
    credentials: Record<string, string> = {},
  ): Promise<SigningCertificate> {
    const keys = this.keys();
    if (file.byteLength > MAX_PKCS12_BYTES) throw certificateRefusal('FILE_TOO_LARGE');
    let info: SigningCertificate;
    try {
      const described = inspectPkcs12(file, password, {
        ...(this.deps.trustAnchors ? { trustAnchors: this.deps.trustAnchors } : {}),
      });
      info = {
        subjectName: described.subjectName,
        cpf: described.cpf,
        issuerName: described.issuerName,
        notBefore: described.notBefore,
        notAfter: described.notAfter,
        icpBrasil: described.icpBrasil,
      };
    } catch (error) {
      if (isCertificateError(error)) throw certificateRefusal(error.code, error.message);
      throw error;
    }
    await this.deps.quota?.checkStorage(file.byteLength, credentials);
    const envelope = await seal(keys, file, 'a1-certificate');
    await this.deps.repository.put(userId, { envelope, info });
    return info;
  }

  async describe(userId: string): Promise<SigningCertificate> {
    const info = await this.deps.repository.findInfo(userId);
    if (!info) throw notFound(SigningMessages.noCertificate, 'NO_CERTIFICATE');
    return info;
  }

  async remove(userId: string): Promise<{ message: string }> {
    if (!(await this.deps.repository.delete(userId)))
      throw notFound(SigningMessages.noCertificate, 'NO_CERTIFICATE');
    return { message: SigningMessages.removed };
  }

  /** The job's signing part; 422 NO_CERTIFICATE when the user has none stored. */
  async signingOrder(userId: string, password: string, reason: string): Promise<PdfSigning> {
    const keys = this.keys();
    const stored = await this.deps.repository.find(userId);
    if (!stored) throw new AppError(422, 'NO_CERTIFICATE', SigningMessages.noCertificate);
    return makeSigningOrder(keys, stored.envelope, password, reason);
  }
}

/** A certificate rule's refusal: 413 past the size limit, else 422 with the rule's message. */
export function certificateRefusal(code: string, message?: string): AppError {
  if (code === 'FILE_TOO_LARGE')
    return new AppError(413, 'CERTIFICATE_TOO_LARGE', CertificateMessages.FILE_TOO_LARGE());
  return new AppError(422, code, message ?? code);
}
