import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The ICP-Brasil root certificates shipped in packages/signing/data (see its README). */
export interface TrustAnchor {
  file: string;
  subject: string;
  fingerprint: string;
  notAfter: Date;
  certificate: X509Certificate;
}

const DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/**
 * The pinned SHA-256 fingerprints of the shipped roots. A PEM in data/ that is not listed here
 * (or was altered) is refused at load, so a file dropped into the folder cannot add trust.
 */
export const ICP_BRASIL_ROOT_FINGERPRINTS: Record<string, string> = {
  'ac-raiz-icp-brasil-v5.pem':
    'CA:A5:3F:C6:09:1C:69:51:88:7C:97:6E:37:8F:6E:F8:9A:A6:37:7C:55:D9:7B:64:75:42:2B:71:ED:7E:9B:17',
  'ac-raiz-icp-brasil-v10.pem':
    '6E:0B:FF:06:9A:26:99:4C:15:DE:2C:48:88:CC:54:AF:84:88:2E:54:95:B7:FB:F6:6B:E9:CC:FF:EC:74:89:F6',
  'ac-raiz-icp-brasil-v12.pem':
    'D8:47:8E:37:CE:19:C6:90:CF:65:73:81:E6:8F:E6:00:E4:E1:A0:42:53:68:30:F0:68:47:E0:3E:55:4C:4B:01',
};

export function toAnchor(file: string, pem: string | Buffer): TrustAnchor {
  const certificate = new X509Certificate(pem);
  return {
    file,
    subject: certificate.subject.split('\n').at(-1) ?? certificate.subject,
    fingerprint: certificate.fingerprint256,
    notAfter: new Date(certificate.validTo),
    certificate,
  };
}

function loadShippedRoots(): TrustAnchor[] {
  const files = readdirSync(DATA_DIR).filter((f) => f.endsWith('.pem'));
  return files.sort().map((file) => {
    const anchor = toAnchor(file, readFileSync(`${DATA_DIR}${file}`));
    if (ICP_BRASIL_ROOT_FINGERPRINTS[file] !== anchor.fingerprint) {
      throw new Error(`data/${file} does not match its pinned fingerprint`);
    }
    return anchor;
  });
}

/** Loaded once, at import. */
export const ICP_BRASIL_ROOTS: readonly TrustAnchor[] = loadShippedRoots();

/**
 * Whether `leaf` chains, through `intermediates` (as they came in the PKCS#12 bag), to one of
 * `roots`. Each link is checked by name and key usage (checkIssued) and by signature.
 */
export function chainsTo(
  leaf: X509Certificate,
  intermediates: readonly X509Certificate[],
  roots: readonly TrustAnchor[],
): boolean {
  const issuedBy = (issuer: X509Certificate, child: X509Certificate) =>
    child.checkIssued(issuer) && child.verify(issuer.publicKey);
  const pool = [...intermediates];
  let current = leaf;
  for (let depth = 0; depth < 8; depth++) {
    if (roots.some((r) => r.fingerprint === current.fingerprint256)) return true;
    if (roots.some((r) => issuedBy(r.certificate, current))) return true;
    const next = pool.findIndex((candidate) => candidate.ca && issuedBy(candidate, current));
    if (next < 0) return false;
    current = pool.splice(next, 1)[0]!;
  }
  return false;
}
