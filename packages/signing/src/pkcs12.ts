import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { children, readTlv } from './der.js';
import { CertificateError, MAX_PKCS12_BYTES } from './errors.js';
import { KdfLimitError, withNativeKdf } from './kdf.js';

/** What a PKCS#12 (A1) file holds once opened: the key and the certificates, holder's first. */
export interface OpenedPkcs12 {
  privateKey: KeyObject;
  /** DER; [0] is the certificate of `privateKey`, then the other certificates of the bag. */
  certificates: Buffer[];
}

interface Bag {
  key?: forge.pki.PrivateKey | null;
  cert?: forge.pki.Certificate | null;
  asn1?: forge.asn1.Asn1;
}

/**
 * The outer shape of a PFX (RFC 7292): SEQUENCE { INTEGER 3, ContentInfo, MacData? }.
 * Checked before any password work so that "not a PKCS#12 file" never reads as a wrong password.
 */
function pfxShape(file: Buffer): { hasMac: boolean } | null {
  try {
    const pfx = readTlv(file);
    if (pfx.tag !== 0x30) return null;
    const [version, authSafe, macData] = children(pfx);
    const versionOk = version?.tag === 0x02 && version.end - version.start === 1;
    if (!versionOk || file[version.start] !== 3 || authSafe?.tag !== 0x30) return null;
    return { hasMac: macData?.tag === 0x30 };
  } catch {
    return null;
  }
}

// forge accepts an options object here; its type declarations only know the boolean form.
// Trailing bytes after the PFX are tolerated: some exporters leave a stray byte.
const fromDer = forge.asn1.fromDer as unknown as (
  bytes: string,
  options: { strict: boolean; parseAllBytes: boolean },
) => forge.asn1.Asn1;

const derOf = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

function keyObjectOf(bag: Bag): KeyObject | null {
  if (bag.key) {
    // forge decodes RSA keys only; it hands back its own object, re-encoded here as PKCS#1.
    const der = derOf(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey));
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
  if (bag.asn1) {
    // Other key types (EC) stay as the decrypted PrivateKeyInfo.
    return createPrivateKey({ key: derOf(bag.asn1), format: 'der', type: 'pkcs8' });
  }
  return null;
}

const certificateDerOf = (bag: Bag): Buffer | null => {
  if (bag.cert) return derOf(forge.pki.certificateToAsn1(bag.cert));
  if (bag.asn1) return derOf(bag.asn1);
  return null;
};

const spki = (key: KeyObject) => key.export({ format: 'der', type: 'spki' });

/**
 * Opens an A1 file. Errors are CertificateError only: WRONG_PASSWORD, NOT_PKCS12,
 * FILE_TOO_LARGE, UNSUPPORTED_CERTIFICATE, NO_PRIVATE_KEY. Nothing here keeps the password.
 */
export function openPkcs12(file: Uint8Array, password: string): OpenedPkcs12 {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.length > MAX_PKCS12_BYTES) throw new CertificateError('FILE_TOO_LARGE');
  const shape = pfxShape(bytes);
  if (!shape) throw new CertificateError('NOT_PKCS12');

  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = withNativeKdf(() =>
      forge.pkcs12.pkcs12FromAsn1(
        fromDer(bytes.toString('binary'), { strict: false, parseAllBytes: false }),
        false,
        password,
      ),
    );
  } catch (error) {
    if (error instanceof KdfLimitError) throw new CertificateError('UNSUPPORTED_CERTIFICATE');
    const message = error instanceof Error ? error.message : '';
    // With a MAC, a wrong password is exactly a MAC mismatch and anything after it is damage;
    // without one, a failed decryption is the only sign of a wrong password.
    if (!shape.hasMac || message.includes('MAC could not be verified')) {
      throw new CertificateError('WRONG_PASSWORD');
    }
    throw new CertificateError('NOT_PKCS12');
  }

  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[
      forge.pki.oids.pkcs8ShroudedKeyBag!
    ] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ] as Bag[];
  const certBags = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ??
    []) as Bag[];

  let certificates: Buffer[];
  let publicKeys: Buffer[];
  let keys: KeyObject[];
  try {
    certificates = certBags.map(certificateDerOf).filter((c): c is Buffer => c !== null);
    // Node must be able to read every certificate we will hand on.
    publicKeys = certificates.map((der) => spki(new X509Certificate(der).publicKey));
    keys = keyBags.map(keyObjectOf).filter((k): k is KeyObject => k !== null);
  } catch {
    throw new CertificateError('UNSUPPORTED_CERTIFICATE');
  }
  if (keys.length === 0) throw new CertificateError('NO_PRIVATE_KEY');

  for (const privateKey of keys) {
    const publicKey = spki(createPublicKey(privateKey));
    const holder = publicKeys.findIndex((candidate) => candidate.equals(publicKey));
    if (holder >= 0) {
      const rest = certificates.filter((_, i) => i !== holder);
      return { privateKey, certificates: [certificates[holder]!, ...rest] };
    }
  }
  // A key without its certificate cannot sign anything a verifier could check.
  throw new CertificateError('NO_PRIVATE_KEY');
}
