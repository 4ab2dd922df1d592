import { X509Certificate } from 'node:crypto';
import { CertificateError } from './errors.js';
import { openPkcs12 } from './pkcs12.js';
import { chainsTo, ICP_BRASIL_ROOTS, type TrustAnchor, toAnchor } from './roots.js';
import { allowsSigning, cpfOf, parseCertificate } from './x509.js';

/** What a signing certificate says, as the certificate routes answer it. */
export interface CertificateInfo {
  /** The holder's common name (ICP-Brasil e-CPF: "NAME:CPF"). */
  subjectName: string;
  /** 11 digits from the ICP-Brasil otherName 2.16.76.1.3.1, or null. */
  cpf: string | null;
  /** The issuing CA's common name. */
  issuerName: string;
  /** ISO 8601. */
  notBefore: string;
  notAfter: string;
  /** Whether the chain ends in one of the trust anchors (by default the ICP-Brasil roots). */
  icpBrasil: boolean;
  /** Uppercase hex. */
  serialNumber: string;
  /** SHA-256 of the certificate, colon-separated uppercase hex. */
  fingerprint: string;
}

export interface InspectOptions {
  /** The clock for the validity check; defaults to now. */
  now?: Date;
  /**
   * PEM trust anchors for the `icpBrasil` check instead of the shipped ICP-Brasil roots. For
   * tests, which have their own CA; production code leaves it out.
   */
  trustAnchors?: readonly string[];
}

const anchorsOf = (options: InspectOptions): readonly TrustAnchor[] =>
  options.trustAnchors?.map((pem, i) => toAnchor(`anchor-${i}`, pem)) ?? ICP_BRASIL_ROOTS;

/**
 * Describes a holder's certificate and checks it can sign now. `certificates` is DER, the
 * holder's first, then any intermediates (from the PKCS#12 bag or a remote signer's chain).
 * Throws CertificateError NO_SIGNING_KEY, EXPIRED or NOT_YET_VALID.
 */
export function describeCertificate(
  certificates: readonly Buffer[],
  options: InspectOptions = {},
): CertificateInfo {
  const [holderDer, ...others] = certificates;
  if (!holderDer) throw new CertificateError('NO_PRIVATE_KEY');
  let fields: ReturnType<typeof parseCertificate>;
  try {
    fields = parseCertificate(holderDer);
  } catch {
    throw new CertificateError('UNSUPPORTED_CERTIFICATE');
  }
  if (!allowsSigning(fields)) throw new CertificateError('NO_SIGNING_KEY');
  const now = options.now ?? new Date();
  if (now < fields.notBefore) throw new CertificateError('NOT_YET_VALID', fields.notBefore);
  if (now > fields.notAfter) throw new CertificateError('EXPIRED', fields.notAfter);

  const holder = new X509Certificate(holderDer);
  const intermediates = others.map((der) => new X509Certificate(der));
  return {
    subjectName: fields.subjectCommonName,
    cpf: cpfOf(fields),
    issuerName: fields.issuerCommonName,
    notBefore: fields.notBefore.toISOString(),
    notAfter: fields.notAfter.toISOString(),
    icpBrasil: chainsTo(holder, intermediates, anchorsOf(options)),
    serialNumber: fields.serialNumber,
    fingerprint: fields.fingerprint,
  };
}

/**
 * Opens an A1 certificate file (PKCS#12, .pfx/.p12) with its password and says what it is.
 * Throws CertificateError (its `code` says which rule, its `message` is the pt-BR text).
 * The password is used once, to decrypt, and is not kept or echoed.
 *
 * @example
 * try { const info = inspectPkcs12(file, password); }
 * catch (e) { if (isCertificateError(e)) reply.code(422).send({ code: e.code, message: e.message }); }
 */
export function inspectPkcs12(
  file: Uint8Array,
  password: string,
  options: InspectOptions = {},
): CertificateInfo {
  return describeCertificate(openPkcs12(file, password).certificates, options);
}
