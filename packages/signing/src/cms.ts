import { createHash } from 'node:crypto';
import {
  explicit,
  ia5String,
  nullValue,
  octetString,
  oid,
  sequence,
  setOf,
  smallInteger,
  time,
} from './der.js';
import type { CertificateFields } from './x509.js';

/** OIDs of the CMS SignedData this package writes (RFC 5652, RFC 5035, ETSI EN 319 122-1). */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signaturePolicyId: '1.2.840.113549.1.9.16.2.15',
  spqEtsUri: '1.2.840.113549.1.9.16.5.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** An ICP-Brasil signature policy (DOC-ICP-15.03), written as signature-policy-identifier. */
export interface SignaturePolicy {
  oid: string;
  /** SHA-256 signPolicyHash as recorded inside the policy document (not the file's hash). */
  hashSha256Hex: string;
  uri: string;
}

/**
 * PA_PAdES_AD_RB_v1_3 (ICP-Brasil basic-reference PAdES policy, in force until 2037-10-22).
 * Values and their sources: docs/signature.md.
 */
export const AD_RB_V1_3: SignaturePolicy = {
  oid: '2.16.76.1.7.1.11.1.3',
  hashSha256Hex: '23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60',
  uri: 'http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RB_v1_3.der',
};

const attribute = (type: string, value: Buffer) => sequence(oid(type), setOf(value));
const sha256Id = () => sequence(oid(OID.sha256));

/** ESS signing-certificate-v2 (RFC 5035): binds the signature to the holder's certificate. */
function signingCertificateV2(holder: CertificateFields): Buffer {
  const certHash = createHash('sha256').update(holder.der).digest();
  // IssuerSerial: issuer as GeneralNames { directoryName [4] EXPLICIT Name }, serial.
  const issuerSerial = sequence(sequence(explicit(4, holder.issuerDer)), holder.serialDer);
  // hashAlgorithm is left out: SHA-256 is its DEFAULT, and DER omits default values.
  const essCertIdV2 = sequence(octetString(certHash), issuerSerial);
  return sequence(sequence(essCertIdV2));
}

function signaturePolicyIdentifier(policy: SignaturePolicy): Buffer {
  return sequence(
    oid(policy.oid),
    sequence(sha256Id(), octetString(Buffer.from(policy.hashSha256Hex, 'hex'))),
    sequence(sequence(oid(OID.spqEtsUri), ia5String(policy.uri))),
  );
}

export interface SignedAttributesInput {
  /** SHA-256 of the bytes the signature covers (the PDF's ByteRange). */
  contentDigest: Buffer;
  /** Written as the signing-time attribute; left out when undefined (PAdES baseline B-B). */
  signingTime?: Date | undefined;
  holder: CertificateFields;
  policy?: SignaturePolicy | undefined;
}

/**
 * The signed attributes as a DER SET: the exact bytes whose SHA-256 the key signs
 * (RFC 5652 5.4). In the SignerInfo the same content goes under the [0] IMPLICIT tag.
 */
export function signedAttributes(input: SignedAttributesInput): Buffer {
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(input.contentDigest)),
    attribute(OID.signingCertificateV2, signingCertificateV2(input.holder)),
  ];
  if (input.signingTime) attributes.push(attribute(OID.signingTime, time(input.signingTime)));
  if (input.policy) {
    attributes.push(attribute(OID.signaturePolicyId, signaturePolicyIdentifier(input.policy)));
  }
  return setOf(...attributes);
}

export interface SignedDataInput {
  signedAttributes: Buffer;
  signature: Buffer;
  keyType: 'rsa' | 'ec';
  holder: CertificateFields;
  /** DER, the holder's first. */
  certificates: readonly Buffer[];
}

/** A detached CMS SignedData (ContentInfo) with one SignerInfo: the PDF's /Contents. */
export function signedData(input: SignedDataInput): Buffer {
  const signatureAlgorithm =
    input.keyType === 'rsa'
      ? sequence(oid(OID.rsaEncryption), nullValue())
      : sequence(oid(OID.ecdsaWithSha256));
  // [0] IMPLICIT SET OF Attribute: the SET's tag byte 0x31 becomes 0xa0.
  const implicitAttributes = Buffer.concat([
    Buffer.from([0xa0]),
    input.signedAttributes.subarray(1),
  ]);
  const signerInfo = sequence(
    smallInteger(1),
    sequence(input.holder.issuerDer, input.holder.serialDer),
    sha256Id(),
    implicitAttributes,
    signatureAlgorithm,
    octetString(input.signature),
  );
  const content = sequence(
    smallInteger(1),
    setOf(sha256Id()),
    sequence(oid(OID.data)),
    explicit(0, ...input.certificates),
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), explicit(0, content));
}
