import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the council-card evidence at rest: nonce (12 bytes) | ciphertext | tag (16).
 * The key (VERIFICATION_EVIDENCE_KEY, 64 hex characters) lives only in auth's configuration; the
 * user id is the additional data, so a sealed file moved to another row does not open.
 */
export class EvidenceCipher {
  private readonly key: Buffer;

  constructor(keyHex: string) {
    if (!/^[0-9a-fA-F]{64}$/.test(keyHex))
      throw new Error('VERIFICATION_EVIDENCE_KEY must be 64 hex characters');
    this.key = Buffer.from(keyHex, 'hex');
  }

  seal(userId: string, plain: Buffer): Buffer {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([nonce, body, cipher.getAuthTag()]);
  }

  open(userId: string, sealed: Buffer): Buffer {
    const nonce = sealed.subarray(0, 12);
    const tag = sealed.subarray(sealed.length - 16);
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(12, sealed.length - 16)),
      decipher.final(),
    ]);
  }
}
