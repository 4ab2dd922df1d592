import { SigningMessages } from '@pv/contracts';
import { JobFailedError } from '@pv/service-kit/jobs';
import type { PdfSigning } from '../pdf/jobs.js';
import {
  certificateAad,
  type Envelope,
  EnvelopeError,
  type KeyWrapper,
  LocalKeyWrapper,
  open,
  openWithDataKey,
  sealWithDataKey,
} from './envelope.js';

export type { KeyWrapper };

// The signing part of a PDF job: built by the service from the stored certificate and the
// request's password, opened by the pdf-worker. Both sides hold the same KeyWrapper.

/** The configured KEK, or undefined: then signing is off (503) and uploads are refused. */
export function keyWrapperFrom(config: { SIGNING_KEK?: string }): KeyWrapper | undefined {
  return config.SIGNING_KEK ? new LocalKeyWrapper(config.SIGNING_KEK) : undefined;
}

const PASSWORD_AAD = 'a1-password';
const b64 = (buffer: Buffer) => buffer.toString('base64');
const bytes = (text: string) => Buffer.from(text, 'base64');

/** Seals the password with the certificate's own data key and packs both for the job. */
export async function makeSigningOrder(
  keys: KeyWrapper,
  certificate: { envelope: Envelope; owner: string; id: string },
  password: string,
  reason: string,
): Promise<PdfSigning> {
  const { envelope, owner, id } = certificate;
  const dataKey = await keys.unwrap(envelope.wrappedKey, envelope.keyId);
  try {
    const sealed = sealWithDataKey(dataKey, password, PASSWORD_AAD);
    return {
      certificate: {
        owner,
        id,
        keyId: envelope.keyId,
        wrappedKey: b64(envelope.wrappedKey),
        nonce: b64(envelope.nonce),
        ciphertext: b64(envelope.ciphertext),
      },
      password: { nonce: b64(sealed.nonce), ciphertext: b64(sealed.ciphertext) },
      reason,
    };
  } finally {
    dataKey.fill(0);
  }
}

/**
 * The A1 file and the password of a job (the worker's side of makeSigningOrder). A certificate
 * that does not open under its owner and row (altered, or copied from another row) ends the job
 * with a 422 asking for the file again: nobody signs with a certificate that is not theirs.
 */
export async function openSigningOrder(
  keys: KeyWrapper,
  order: PdfSigning,
): Promise<{ p12: Buffer; password: string }> {
  const { owner, id } = order.certificate;
  const { plaintext, dataKey } = await open(
    keys,
    {
      keyId: order.certificate.keyId,
      wrappedKey: bytes(order.certificate.wrappedKey),
      nonce: bytes(order.certificate.nonce),
      ciphertext: bytes(order.certificate.ciphertext),
    },
    certificateAad(owner, id),
  ).catch((error: unknown) => {
    if (error instanceof EnvelopeError)
      throw new JobFailedError({
        kind: 'CERTIFICATE_UNREADABLE',
        status: 422,
        message: SigningMessages.certificateUnreadable,
      });
    throw error;
  });
  try {
    const password = openWithDataKey(
      dataKey,
      { nonce: bytes(order.password.nonce), ciphertext: bytes(order.password.ciphertext) },
      PASSWORD_AAD,
    );
    return { p12: plaintext, password };
  } finally {
    dataKey.fill(0);
  }
}
