import { type Static, Type } from '@sinclair/typebox';
import { MessageSchema, UuidSchema } from './common.js';
import { MfaMessages } from './constants/staff-mfa.js';
import { defineRoute } from './route.js';

export { MfaMessages };

/**
 * Staff accounts' second factor (issue 23 item 4): TOTP (RFC 6238, 6 digits, 30 s) for every
 * admin, enrolled at first sign-in with a QR code, ten single-use recovery codes, reset by another
 * admin. A password-only session of an admin acts as a user; admin routes answer it 401
 * `MFA_REQUIRED` until the session passes the second factor (at login or through `verify`).
 */

/** 6 digits; spaces a person may type between groups are removed by the service. */
export const TotpCodeSchema = Type.String({
  minLength: 6,
  maxLength: 8,
  pattern: '^[0-9 ]+$',
  errorMessage: 'Digite o código de 6 dígitos do aplicativo autenticador.',
});

/** Recovery codes are shown as `xxxxx-xxxxx` (lower-case letters and digits). */
export const RecoveryCodeSchema = Type.String({
  minLength: 10,
  maxLength: 16,
  pattern: '^[0-9a-zA-Z -]+$',
  errorMessage: 'Digite um código de recuperação no formato xxxxx-xxxxx.',
});

/** Where a session of an admin stands with the second factor (absent for other users). */
export const SecondFactorStateSchema = Type.Union([
  Type.Literal('enrolment-required'),
  Type.Literal('required'),
  Type.Literal('verified'),
]);
export type SecondFactorState = Static<typeof SecondFactorStateSchema>;

export const MfaStatusSchema = Type.Object(
  { secondFactor: Type.Union([SecondFactorStateSchema, Type.Null()]) },
  { title: 'MfaStatus' },
);
export type MfaStatus = Static<typeof MfaStatusSchema>;

export const MfaEnrolmentSchema = Type.Object(
  {
    /** base32, for typing into an authenticator by hand. */
    secret: Type.String(),
    /** otpauth://totp/... for the QR code. */
    otpauthUrl: Type.String(),
  },
  { title: 'MfaEnrolment' },
);
export type MfaEnrolment = Static<typeof MfaEnrolmentSchema>;

export const MfaCodeBodySchema = Type.Object({ code: TotpCodeSchema });
export type MfaCodeBody = Static<typeof MfaCodeBodySchema>;

export const MfaVerifyBodySchema = Type.Object({
  code: Type.Optional(TotpCodeSchema),
  recoveryCode: Type.Optional(RecoveryCodeSchema),
});
export type MfaVerifyBody = Static<typeof MfaVerifyBodySchema>;

export const MfaRecoveryCodesSchema = Type.Object(
  {
    /** Shown once; stored only as hashes. */
    recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }),
  },
  { title: 'MfaRecoveryCodes' },
);
export type MfaRecoveryCodes = Static<typeof MfaRecoveryCodesSchema>;

const tags = ['auth', 'mfa'];

export const StaffMfaRoutes = {
  status: defineRoute({
    method: 'GET',
    url: '/auth/mfa',
    access: 'user',
    summary: "Where this session stands with the admin's second factor (null for non-admins)",
    tags,
    response: { 200: MfaStatusSchema },
  }),
  startEnrolment: defineRoute({
    method: 'POST',
    url: '/auth/mfa/enrolment',
    access: 'user',
    summary: 'An admin without a second factor gets a new TOTP secret to scan (not active yet)',
    tags,
    response: { 200: MfaEnrolmentSchema },
  }),
  confirmEnrolment: defineRoute({
    method: 'POST',
    url: '/auth/mfa/enrolment/confirm',
    access: 'user',
    summary:
      'Confirms the scanned secret with a current code; answers the ten recovery codes once and unlocks the console for this session',
    tags,
    body: MfaCodeBodySchema,
    response: { 200: MfaRecoveryCodesSchema },
  }),
  verify: defineRoute({
    method: 'POST',
    url: '/auth/mfa/verify',
    access: 'user',
    summary: 'Unlocks the console for this session with a TOTP code or a recovery code (used once)',
    tags,
    body: MfaVerifyBodySchema,
    response: { 200: MfaStatusSchema },
  }),
  adminReset: defineRoute({
    method: 'POST',
    url: '/api/admin/users/:id/mfa-reset',
    access: 'admin',
    summary:
      "Clears another admin's second factor (lost phone): they enrol again at next sign-in; audited",
    tags: ['auth', 'admin', 'mfa'],
    params: Type.Object({ id: UuidSchema }),
    response: { 200: MessageSchema },
  }),
};
