import { type KeyObject, sign } from 'node:crypto';
import { CertificateError } from './errors.js';
import { openPkcs12 } from './pkcs12.js';
import {
  createPadesSigner,
  type PadesSignerOptions,
  type Signer,
  type SigningKey,
} from './signer.js';

/** The key of an opened A1 file, held in memory for the life of the Signer only. */
export function a1SigningKey(privateKey: KeyObject, certificates: readonly Buffer[]): SigningKey {
  const type = privateKey.asymmetricKeyType;
  if (type !== 'rsa' && type !== 'ec') throw new CertificateError('UNSUPPORTED_CERTIFICATE');
  return {
    certificates,
    keyType: type,
    // Node hashes `data` itself (SHA-256), which equals signing `digest`; both key types work.
    sign: async ({ data }) => sign('sha256', data, privateKey),
  };
}

/**
 * Opens an A1 certificate (PKCS#12) with its password and answers a Signer for it. The
 * password decrypts the file here and is not kept; the decrypted key lives inside the Signer,
 * so keep the Signer no longer than the request (or the page session) that supplied the password.
 * Throws CertificateError for every rule of inspectPkcs12.
 *
 * @example
 * const signer = openA1Signer(file, password);
 * const signed = await signer.signPdf(pdf, { reason: 'Prescrição' });
 */
export function openA1Signer(
  file: Uint8Array,
  password: string,
  options: PadesSignerOptions = {},
): Signer {
  const { privateKey, certificates } = openPkcs12(file, password);
  return createPadesSigner(a1SigningKey(privateKey, certificates), options);
}
