import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Envelope encryption of what the signing feature keeps at rest (the A1 file) or hands the
// pdf-worker through Redis (the file and the request's password): each certificate has its own
// random data key, which encrypts the data (AES-256-GCM) and is itself stored only wrapped by the
// key-encryption key (KEK). Rotating or moving the KEK into a KMS touches the wrapped keys only.

/**
 * Wraps and unwraps data keys. The local implementation holds the KEK from SIGNING_KEK; a KMS one
 * (AWS KMS Encrypt/Decrypt, GCP KMS, Vault transit) implements the same two calls remotely.
 */
export interface KeyWrapper {
  /** Names the KEK that wraps new keys, stored beside each wrapped key (for rotation). */
  readonly keyId: string;
  wrap(dataKey: Buffer): Promise<Buffer>;
  /** Throws when `keyId` is not a KEK this wrapper holds or the wrapped key was altered. */
  unwrap(wrapped: Buffer, keyId: string): Promise<Buffer>;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Where a seal is made or opened: the nonce, and `aad`, which binds the purpose. */
export interface SealParams {
  nonce: Buffer;
  aad: string;
}

/** AES-256-GCM: nonce-free output is ciphertext followed by the tag. */
export function encrypt(key: Buffer, plaintext: Buffer, { nonce, aad }: SealParams): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

export function decrypt(key: Buffer, sealed: Buffer, { nonce, aad }: SealParams): Buffer {
  if (sealed.length < TAG_BYTES) throw new Error('sealed data too short');
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** The KEK from the environment (64 hex characters): the default KeyWrapper. */
export class LocalKeyWrapper implements KeyWrapper {
  readonly keyId: string;
  private readonly kek: Buffer;

  constructor(kekHex: string) {
    const kek = Buffer.from(kekHex, 'hex');
    if (kek.length !== 32) throw new Error('SIGNING_KEK must be 64 hex characters (32 bytes)');
    this.kek = kek;
    // Identifies the KEK without revealing it: a hash prefix, enough to tell keys apart.
    this.keyId = `local:${createHash('sha256').update(kek).digest('hex').slice(0, 16)}`;
  }

  async wrap(dataKey: Buffer): Promise<Buffer> {
    const nonce = randomBytes(NONCE_BYTES);
    return Buffer.concat([nonce, encrypt(this.kek, dataKey, { nonce, aad: this.keyId })]);
  }

  async unwrap(wrapped: Buffer, keyId: string): Promise<Buffer> {
    if (keyId !== this.keyId) throw new Error(`data key wrapped by another KEK (${keyId})`);
    return decrypt(this.kek, wrapped.subarray(NONCE_BYTES), {
      nonce: wrapped.subarray(0, NONCE_BYTES),
      aad: this.keyId,
    });
  }
}

/** One encrypted value with its wrapped data key, as stored and as it travels to the worker. */
export interface Envelope {
  keyId: string;
  wrappedKey: Buffer;
  nonce: Buffer;
  ciphertext: Buffer;
}

/**
 * What an envelope's GCM tag binds besides the data: the purpose, the owner and the row. A
 * ciphertext copied into another user's row (or another row of the same user) fails to open, so
 * whoever can write the table still cannot hand one user another's certificate or document.
 */
export const certificateAad = (userId: string, certificateId: string) =>
  `a1-certificate:v2:${userId}:${certificateId}`;
export const signedPdfAad = (userId: string, documentId: string) =>
  `signed-pdf:v1:${userId}:${documentId}`;

/** Thrown when an envelope does not open: altered, wrapped by another KEK, or bound to another row. */
export class EnvelopeError extends Error {
  constructor(cause: unknown) {
    super('envelope did not open', { cause });
    this.name = 'EnvelopeError';
  }
}

export async function seal(wrapper: KeyWrapper, plaintext: Buffer, aad: string): Promise<Envelope> {
  const dataKey = randomBytes(32);
  const nonce = randomBytes(NONCE_BYTES);
  try {
    return {
      keyId: wrapper.keyId,
      wrappedKey: await wrapper.wrap(dataKey),
      nonce,
      ciphertext: encrypt(dataKey, plaintext, { nonce, aad }),
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Opens an envelope sealed with the same `aad`; EnvelopeError otherwise. */
export async function open(
  wrapper: KeyWrapper,
  envelope: Envelope,
  aad: string,
): Promise<{ plaintext: Buffer; dataKey: Buffer }> {
  let dataKey: Buffer | undefined;
  try {
    dataKey = await wrapper.unwrap(envelope.wrappedKey, envelope.keyId);
    return {
      plaintext: decrypt(dataKey, envelope.ciphertext, { nonce: envelope.nonce, aad }),
      dataKey,
    };
  } catch (error) {
    dataKey?.fill(0);
    throw new EnvelopeError(error);
  }
}

/** A secret sealed with an envelope's data key (the signing password on its way to the worker). */
export interface SealedSecret {
  nonce: Buffer;
  ciphertext: Buffer;
}

export function sealWithDataKey(dataKey: Buffer, secret: string, aad: string): SealedSecret {
  const nonce = randomBytes(NONCE_BYTES);
  return { nonce, ciphertext: encrypt(dataKey, Buffer.from(secret, 'utf8'), { nonce, aad }) };
}

export function openWithDataKey(dataKey: Buffer, sealed: SealedSecret, aad: string): string {
  return decrypt(dataKey, sealed.ciphertext, { nonce: sealed.nonce, aad }).toString('utf8');
}
