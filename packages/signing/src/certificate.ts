import { X509Certificate } from 'node:crypto';
import { CertificateError } from './errors.js';
import { openPkcs12 } from './pkcs12.js';
import { chainsTo, ICP_BRASIL_ROOTS, type TrustAnchor, toAnchor } from './roots.js';
import { allowsSigning, cpfOf, parseCertificate, registrationsOf } from './x509.js';

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
  /**
   * Which root the chain ends in: 'icp-brasil' (a shipped root, or `trustAnchors`), 'extra' (one
   * of `extraTrustAnchors`, i.e. SIGNING_EXTRA_TRUST_ROOTS) or null (untrusted).
   */
  trustRoot: 'icp-brasil' | 'extra' | null;
  /** Council registrations the certificate carries (ICP-Brasil otherNames 2.16.76.1.4.2.n). */
  registrations: CertificateRegistration[];
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
  /**
   * PEM roots trusted besides the ICP-Brasil ones (SIGNING_EXTRA_TRUST_ROOTS: tests,
   * development). A chain ending there is `trustRoot: 'extra'`, never `icpBrasil`.
   */
  extraTrustAnchors?: readonly string[];
}

/** A council registration read from the certificate (number and UF as the certificate writes them). */
export interface CertificateRegistration {
  council: string;
  number: string;
  uf: string | null;
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
  const icpBrasil = chainsTo(holder, intermediates, anchorsOf(options));
  const extra =
    !icpBrasil &&
    Boolean(options.extraTrustAnchors?.length) &&
    chainsTo(
      holder,
      intermediates,
      (options.extraTrustAnchors ?? []).map((pem, i) => toAnchor(`extra-${i}`, pem)),
    );
  return {
    subjectName: fields.subjectCommonName,
    cpf: cpfOf(fields),
    issuerName: fields.issuerCommonName,
    notBefore: fields.notBefore.toISOString(),
    notAfter: fields.notAfter.toISOString(),
    icpBrasil,
    trustRoot: icpBrasil ? 'icp-brasil' : extra ? 'extra' : null,
    registrations: registrationsOf(fields),
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
