import { totpCode } from '../totp.js';

/**
 * The authenticator secret test stacks seed for their first admin (ADMIN_TOTP_SECRET), so a
 * test, the fault suite or a bench signs in as the admin with the code of the moment.
 */
export const TEST_ADMIN_TOTP_SECRET = 'KRSXG5CBMRWWS3SUN5ZHAU3FMNZGK5A2';

/**
 * Sign-in credentials with the current TOTP code added (the console's routes need it).
 * @example await admin.call('POST', '/auth/login', withTotp(ADMIN));
 */
export function withTotp<T extends object>(
  credentials: T,
  secret: string = TEST_ADMIN_TOTP_SECRET,
): T & { totpCode: string } {
  return { ...credentials, totpCode: totpCode(secret) };
}
