import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) for the admins' second factor: auth checks codes with it
 * and the test stacks, the fault suite and the benches compute the current code of a seeded
 * secret (ADMIN_TOTP_SECRET) with it, so every party agrees on one implementation.
 */
const ISSUER = 'Prontuário';

function totpOf(secretBase32: string, label = 'admin') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, base32), as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** Whether the text is a usable base32 secret (at least 80 bits). */
export function isTotpSecret(text: string): boolean {
  try {
    return Secret.fromBase32(text).bytes.length >= 10;
  } catch {
    return false;
  }
}

/** The code an authenticator shows now (or at `timestamp`). */
export function totpCode(secretBase32: string, timestamp = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp });
}

/** Whether `code` is the current code, the one before or the one after (clock drift). */
export function totpCodeMatches(secretBase32: string, code: string): boolean {
  const clean = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(clean)) return false;
  return totpOf(secretBase32).validate({ token: clean, window: 1 }) !== null;
}

/** The otpauth:// URI an authenticator scans from a QR code. */
export function totpUri(secretBase32: string, accountLabel: string): string {
  return totpOf(secretBase32, accountLabel).toString();
}
