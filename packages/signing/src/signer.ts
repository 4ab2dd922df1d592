import { createHash } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { Signer as SignPdfSigner, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { type CertificateInfo, describeCertificate, type InspectOptions } from './certificate.js';
import { type SignaturePolicy, signedAttributes, signedData } from './cms.js';
import { CertificateError } from './errors.js';
import { parseCertificate } from './x509.js';

/**
 * Where a private key lives: in memory for an A1 file, in a PSC's HSM for a cloud certificate.
 * This is the only thing a new kind of certificate has to provide.
 */
export interface SigningKey {
  /** DER certificates: the key's own first, then the intermediates the holder has. */
  readonly certificates: readonly Buffer[];
  readonly keyType: 'rsa' | 'ec';
  /**
   * Signs the CMS signed attributes. `data` is their DER, `digest` its SHA-256: a remote
   * service that signs hashes uses `digest`. Answers the raw signature value: PKCS#1 v1.5 for
   * RSA (over DigestInfo(SHA-256, digest)), DER ECDSA-Sig-Value for EC.
   */
  sign(toBeSigned: { data: Buffer; digest: Buffer }): Promise<Buffer>;
}

/** What the signature dictionary says about the signature (all optional, all visible in readers). */
export interface PdfSignatureOptions {
  /** Defaults to now; also the CMS signing-time attribute. */
  signingTime?: Date;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** Defaults to the certificate's subject name. */
  name?: string;
}

/** Signs PDFs as one holder. Callers (the pdf-worker, routes) depend on this and nothing else. */
export interface Signer {
  readonly certificate: CertificateInfo;
  /**
   * Answers the PDF with a PAdES signature (ETSI.CAdES.detached, SHA-256, signing-time,
   * signing-certificate-v2) covering every byte of the file.
   */
  signPdf(pdf: Buffer, options?: PdfSignatureOptions): Promise<Buffer>;
}

export interface PadesSignerOptions extends InspectOptions {
  /** Adds an ICP-Brasil signature-policy-identifier (e.g. AD_RB_V1_3); none by default. */
  policy?: SignaturePolicy;
  /**
   * Writes the CMS signing-time attribute (default true, as issue 14 asks). ETSI EN 319 142-1
   * baseline B-B wants it absent, the time being the dictionary's /M: see docs/signature.md.
   */
  signingTimeAttribute?: boolean;
}

/** @signpdf hands its Signer the bytes of the ByteRange; this one builds the CMS around a key. */
class CadesDetached extends SignPdfSigner {
  constructor(
    private readonly key: SigningKey,
    private readonly options: PadesSignerOptions,
  ) {
    super();
  }

  override async sign(coveredBytes: Buffer, signingTime?: Date): Promise<Buffer> {
    const holder = parseCertificate(this.key.certificates[0]!);
    const attributes = signedAttributes({
      contentDigest: createHash('sha256').update(coveredBytes).digest(),
      signingTime:
        this.options.signingTimeAttribute === false ? undefined : (signingTime ?? new Date()),
      holder,
      policy: this.options.policy,
    });
    const digest = createHash('sha256').update(attributes).digest();
    const signature = await this.key.sign({ data: attributes, digest });
    return signedData({
      signedAttributes: attributes,
      signature,
      keyType: this.key.keyType,
      holder,
      // Roots are left out: a verifier has its own, and they only take room.
      certificates: this.key.certificates.filter((der, i) => i === 0 || !isSelfSigned(der)),
    });
  }
}

function isSelfSigned(der: Buffer): boolean {
  const fields = parseCertificate(der);
  return fields.issuerDer.equals(fields.subjectDer);
}

/**
 * placeholder-plain's incremental update points startxref one byte early, at the blank line
 * before `xref`; readers recover, but qpdf --check warns. Moves the pointer onto `xref`.
 * Runs before signing, so no ByteRange depends on these bytes yet.
 */
export function fixStartXref(pdf: Buffer): Buffer {
  const tail = pdf.subarray(Math.max(0, pdf.length - 64)).toString('latin1');
  const match = /startxref\r?\n(\d+)\r?\n%%EOF\s*$/.exec(tail);
  if (!match) return pdf;
  const pointer = Number(match[1]);
  let at = pointer;
  while (at < pdf.length && (pdf[at] === 0x0a || pdf[at] === 0x0d || pdf[at] === 0x20)) at++;
  if (at === pointer || pdf.toString('latin1', at, at + 4) !== 'xref') return pdf;
  const numberAt =
    pdf.length - tail.length + match.index + tail.slice(match.index).indexOf(match[1]!);
  return Buffer.concat([
    pdf.subarray(0, numberAt),
    Buffer.from(String(at), 'latin1'),
    pdf.subarray(numberAt + match[1]!.length),
  ]);
}

/** Room for the CMS: the certificates plus attributes and a 4096-bit signature, doubled as hex. */
function placeholderBytes(certificates: readonly Buffer[]): number {
  const total = certificates.reduce((sum, der) => sum + der.length, 0);
  return Math.max(8192, total + 4096);
}

/**
 * A PAdES signer over any SigningKey: the A1 file's key (openA1Signer) or a remote one.
 * Throws CertificateError when the key's certificate cannot sign now.
 */
export function createPadesSigner(key: SigningKey, options: PadesSignerOptions = {}): Signer {
  const certificate = describeCertificate(key.certificates, options);
  const signatureLength = placeholderBytes(key.certificates);
  return {
    certificate,
    async signPdf(pdf, signOptions = {}) {
      const signingTime = signOptions.signingTime ?? new Date();
      if (signingTime > new Date(certificate.notAfter)) {
        throw new CertificateError('EXPIRED', new Date(certificate.notAfter));
      }
      const withPlaceholder = fixStartXref(
        plainAddPlaceholder({
          pdfBuffer: pdf,
          reason: signOptions.reason ?? '',
          contactInfo: signOptions.contactInfo ?? '',
          name: signOptions.name ?? certificate.subjectName,
          location: signOptions.location ?? '',
          signingTime,
          signatureLength,
          subFilter: SUBFILTER_ETSI_CADES_DETACHED,
        }),
      );
      return new SignPdf().sign(withPlaceholder, new CadesDetached(key, options), signingTime);
    },
  };
}
