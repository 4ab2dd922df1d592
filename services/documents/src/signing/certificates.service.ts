import { randomUUID } from 'node:crypto';
import { type SigningCertificate, SigningMessages, VerificationMessages } from '@pv/contracts';
import type { QuotaClient } from '@pv/service-clients';
import { AppError, notFound, serviceUnavailable } from '@pv/service-kit/http';
import {
  CertificateMessages,
  inspectPkcs12,
  isCertificateError,
  MAX_PKCS12_BYTES,
} from '@pv/signing';
import type { PdfSigning } from '../pdf/jobs.js';
import type { CertificatesRepository } from './certificates.repository.js';
import { certificateAad, type KeyWrapper, seal } from './envelope.js';
import { makeSigningOrder } from './signing-order.js';

export interface CertificatesDeps {
  repository: CertificatesRepository;
  /** Undefined without SIGNING_KEK: every call answers 503. */
  keys: KeyWrapper | undefined;
  /** PEM roots trusted besides the shipped ICP-Brasil ones (SIGNING_EXTRA_TRUST_ROOTS). */
  extraTrustRoots?: readonly string[];
  /** The CPF auth verified for a user (the professionals projection); null: not verified. */
  verifiedCpfOf: (userId: string) => Promise<string | null>;
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
        extraTrustAnchors: this.deps.extraTrustRoots ?? [],
      });
      // Issue 23: only a chain to ICP-Brasil (or an explicit extra root) signs.
      if (!described.trustRoot)
        throw new AppError(422, 'CERTIFICATE_UNTRUSTED', VerificationMessages.certificateUntrusted);
      info = {
        subjectName: described.subjectName,
        cpf: described.cpf,
        issuerName: described.issuerName,
        notBefore: described.notBefore,
        notAfter: described.notAfter,
        icpBrasil: described.icpBrasil,
        trustRoot: described.trustRoot,
      };
    } catch (error) {
      if (isCertificateError(error)) throw certificateRefusal(error.code, error.message);
      throw error;
    }
    await this.assertOwner(userId, info);
    await this.deps.quota?.checkStorage(file.byteLength, credentials);
    const id = randomUUID();
    const envelope = await seal(keys, file, certificateAad(userId, id));
    await this.deps.repository.put(userId, { id, envelope, info });
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

  /**
   * The job's signing part; 422 NO_CERTIFICATE when the user has none stored. The certificate's
   * CPF is checked again against the verified one (the verification may have changed since the
   * upload). `extraRoot`: it chains to an extra root, which the page must say.
   */
  async signingOrder(
    userId: string,
    password: string,
    reason: string,
    verifiedCpf: string | null,
  ): Promise<{ signing: PdfSigning; extraRoot: boolean }> {
    const keys = this.keys();
    const stored = await this.deps.repository.find(userId);
    if (!stored) throw new AppError(422, 'NO_CERTIFICATE', SigningMessages.noCertificate);
    assertSameCpf(stored.info, verifiedCpf);
    // A certificate stored before issue 23 without a trusted chain signs nothing.
    if (!stored.info.icpBrasil && stored.info.trustRoot !== 'extra')
      throw new AppError(422, 'CERTIFICATE_UNTRUSTED', VerificationMessages.certificateUntrusted);
    return {
      signing: await makeSigningOrder(keys, { ...stored, owner: userId }, password, reason),
      extraRoot: !stored.info.icpBrasil,
    };
  }

  /** Issue 23: a certificate signs only for the account whose verified CPF it carries. */
  private async assertOwner(userId: string, info: SigningCertificate): Promise<void> {
    assertSameCpf(info, await this.deps.verifiedCpfOf(userId));
  }
}

function assertSameCpf(info: SigningCertificate, verifiedCpf: string | null): void {
  if (!verifiedCpf)
    throw new AppError(422, 'PROFESSIONAL_NOT_VERIFIED', VerificationMessages.notVerified);
  if (info.cpf !== verifiedCpf)
    throw new AppError(
      422,
      'CERTIFICATE_CPF_MISMATCH',
      VerificationMessages.certificateCpfMismatch,
    );
}

/** A certificate rule's refusal: 413 past the size limit, else 422 with the rule's message. */
export function certificateRefusal(code: string, message?: string): AppError {
  if (code === 'FILE_TOO_LARGE')
    return new AppError(413, 'CERTIFICATE_TOO_LARGE', CertificateMessages.FILE_TOO_LARGE());
  return new AppError(422, code, message ?? code);
}
