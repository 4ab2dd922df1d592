import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The roots trusted besides the shipped ICP-Brasil ones: only what `SIGNING_EXTRA_TRUST_ROOTS`
 * names explicitly (tests, development), never a file dropped into a folder. The variable is a
 * comma-separated list of PEM files, each with one or more certificates. A file that cannot be
 * read, or holds no certificate, stops the service at start rather than trusting less (or more)
 * than the operator wrote.
 *
 * @example readExtraTrustRoots('/etc/pv/test-root.pem') // ['-----BEGIN CERTIFICATE-----...']
 */
export function readExtraTrustRoots(setting: string | undefined): string[] {
  const files = (setting ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const pems = text.match(
      /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----/g,
    );
    if (!pems?.length)
      throw new Error(`SIGNING_EXTRA_TRUST_ROOTS: ${file} holds no PEM certificate`);
    for (const pem of pems) new X509Certificate(pem); // refuses a malformed one at start
    return pems;
  });
}
