import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Marks a sealed value: `gcm1:` then base64 of nonce (12) | ciphertext | tag (16). */
const SEALED = 'gcm1:';

function keyFrom(hex: string, name: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${name} must be 64 hex characters`);
  return Buffer.from(hex, 'hex');
}

/**
 * The admins' TOTP secrets at rest (issue 23): AES-256-GCM under TOTP_SECRET_KEY with the admin's
 * user id as additional data, so a sealed secret copied to another admin's row does not open. A
 * value without the `gcm1:` mark is a secret stored before the key existed; `sealStoredSecrets`
 * seals those at start. Rotation (README, "Passwords"): the old key moves to
 * TOTP_SECRET_KEY_PREVIOUS, which still opens, and every start re-seals under the current key.
 */
export class TotpSecretBox {
  private readonly current: Buffer;
  private readonly previous: Buffer | undefined;

  constructor(keys: { current: string; previous?: string | undefined }) {
    this.current = keyFrom(keys.current, 'TOTP_SECRET_KEY');
    this.previous = keys.previous ? keyFrom(keys.previous, 'TOTP_SECRET_KEY_PREVIOUS') : undefined;
  }

  seal(userId: string, secret: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, nonce);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${SEALED}${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')}`;
  }

  /** The secret, whichever key sealed it (or as stored, from before sealing). Throws if tampered. */
  open(userId: string, stored: string): string {
    return this.openWith(userId, stored).secret;
  }

  /** Whether `stored` needs sealing again: stored plain, or under the previous key. */
  needsSealing(userId: string, stored: string): boolean {
    return this.openWith(userId, stored).key !== 'current';
  }

  private openWith(userId: string, stored: string) {
    if (!stored.startsWith(SEALED)) return { secret: stored, key: 'none' as const };
    const raw = Buffer.from(stored.slice(SEALED.length), 'base64');
    const attempt = (key: Buffer) => {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([
        decipher.update(raw.subarray(12, raw.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    };
    try {
      return { secret: attempt(this.current), key: 'current' as const };
    } catch (error) {
      if (!this.previous) throw error;
      return { secret: attempt(this.previous), key: 'previous' as const };
    }
  }
}

/**
 * How the service reads and writes secrets: sealed with a box, as stored without one (a set-up
 * without TOTP_SECRET_KEY, as the tests' default), the same calls either way.
 */
export interface SecretCodec {
  seal(userId: string, secret: string): string;
  open(userId: string, stored: string): string;
}

export const plainCodec: SecretCodec = {
  seal: (_userId, secret) => secret,
  open: (_userId, stored) => {
    if (stored.startsWith(SEALED))
      throw new Error('a sealed TOTP secret is stored but TOTP_SECRET_KEY is not set');
    return stored;
  },
};

/** The box of the configuration, or undefined without TOTP_SECRET_KEY. */
export function totpSecretBoxFrom(config: {
  TOTP_SECRET_KEY?: string | undefined;
  TOTP_SECRET_KEY_PREVIOUS?: string | undefined;
}): TotpSecretBox | undefined {
  if (!config.TOTP_SECRET_KEY) return undefined;
  return new TotpSecretBox({
    current: config.TOTP_SECRET_KEY,
    previous: config.TOTP_SECRET_KEY_PREVIOUS,
  });
}
