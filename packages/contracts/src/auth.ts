import { type Static, Type } from '@sinclair/typebox';
import {
  AdminCreateUserBodySchema,
  AdminCreateUserResponseSchema,
  AdminUpdateUserBodySchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  CreateTermsBodySchema,
  LoginHistoryEntrySchema,
  LoginHistoryQuerySchema,
  ResetPasswordBodySchema,
  TermsVersionSchema,
  UpdateTermsBodySchema,
  UserIdParamsSchema,
} from './auth/admin.js';
import {
  EmailSchema,
  NonBlank,
  ProfessionalRegistrySchema,
  RegistryUfSchema,
  RqeSchema,
  ShortText,
  SpecialtySchema,
  StrongPasswordSchema,
  UserStatusSchema,
} from './auth/fields.js';
import { DateTimeSchema, IdParamsSchema, MessageSchema, Nullable, UuidSchema } from './common.js';
import { Messages } from './constants/messages.js';
import { defineRoute } from './route.js';
import { RecoveryCodeSchema, SecondFactorStateSchema, TotpCodeSchema } from './staff-mfa.js';
import { ProfessionalVerificationSchema } from './verification.js';

// The account fields and the admin console's schemas live in auth/ by resource; this module is
// the auth service's contract as the package exports it (the same names as ever).
export * from './auth/admin.js';
export {
  ProfessionalRegistrySchema,
  RegistryUfSchema,
  SpecialtySchema,
  StrongPasswordSchema,
  UserStatusSchema,
} from './auth/fields.js';

/** The signed-in user as the workspace and the user area know it. */
export const CurrentUserSchema = Type.Object(
  {
    id: UuidSchema,
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    fullName: Type.String(),
    profileImageUrl: Nullable(Type.String()),
    isAdmin: Type.Boolean(),
    isPremium: Type.Boolean(),
    subscriptionStatus: Nullable(Type.String()),
    userStatus: UserStatusSchema,
    specialty: Nullable(SpecialtySchema),
    professionalRegistry: Nullable(ProfessionalRegistrySchema),
    registryNumber: Nullable(Type.String()),
    registryUf: Nullable(RegistryUfSchema),
    /** Registro de Qualificação de Especialista (specialists only). */
    rqe: Nullable(Type.String()),
    clinicPhone: Nullable(Type.String()),
    clinicAddress: Nullable(Type.String()),
    mustChangePassword: Type.Boolean(),
    createdAt: DateTimeSchema,
    lastLoginAt: Nullable(DateTimeSchema),
    /** Issue 23: the CPF (11 digits) and the verification of registry + CPF. */
    cpf: Type.Optional(Nullable(Type.String())),
    professionalVerification: Type.Optional(ProfessionalVerificationSchema),
    /** Issue 23: false until the account confirms its e-mail (a visitor's rights until then). */
    emailVerified: Type.Optional(Type.Boolean()),
    /** Issue 23: a new address waiting for its confirmation link (the account keeps `email`). */
    pendingEmail: Type.Optional(Nullable(Type.String())),
  },
  { title: 'CurrentUser' },
);
export type CurrentUser = Static<typeof CurrentUserSchema>;

/** GET /auth/session: who is signed in, `null` for a visitor (issue 25: no 401 on a visit). */
export const SessionStateSchema = Type.Object({ user: Nullable(CurrentUserSchema) });
export type SessionState = Static<typeof SessionStateSchema>;

export const LoginBodySchema = Type.Object({
  email: EmailSchema,
  password: Type.String({ minLength: 1, maxLength: 256, errorMessage: 'Informe a senha.' }),
  /** An admin's TOTP code: opens the session with the console unlocked (issue 23). */
  totpCode: Type.Optional(TotpCodeSchema),
  /** Or one of the admin's recovery codes (each works once). */
  recoveryCode: Type.Optional(RecoveryCodeSchema),
});
export type LoginBody = Static<typeof LoginBodySchema>;

export const LoginResponseSchema = Type.Object({
  user: CurrentUserSchema,
  mustChangePassword: Type.Optional(Type.Boolean()),
  message: Type.Optional(Type.String()),
  /** Admins only: whether this session still needs the second factor for the console. */
  secondFactor: Type.Optional(SecondFactorStateSchema),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

/**
 * Both sign-up shapes in one schema: the combined /auth page sends
 * {fullName, email, password, acceptedTermsVersion}; /auth/register sends
 * {firstName, lastName, email, password}. The service decides which one it got.
 */
export const RegisterBodySchema = Type.Object({
  fullName: Type.Optional(ShortText()),
  firstName: Type.Optional(ShortText(100)),
  lastName: Type.Optional(ShortText(100)),
  email: EmailSchema,
  password: Type.String({ maxLength: 256 }),
  acceptedTermsVersion: Type.Optional(ShortText(50)),
});
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const RegisterResponseSchema = Type.Object({
  user: CurrentUserSchema,
  message: Type.String(),
});

export const ChangePasswordBodySchema = Type.Object({
  currentPassword: Type.String({
    minLength: 1,
    maxLength: 256,
    errorMessage: 'Informe a senha atual.',
  }),
  newPassword: StrongPasswordSchema,
  confirmPassword: Type.String({ maxLength: 256 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;

export const CurrentTermsSchema = Type.Object({
  version: Type.String(),
  title: Type.String(),
  content: Type.String(),
  effectiveDate: DateTimeSchema,
});

export const ProfileBodySchema = Type.Object({
  fullName: NonBlank(200, Messages.fullNameRequired),
  professionalRegistry: Type.Optional(Nullable(ProfessionalRegistrySchema)),
  registryNumber: Type.Optional(Nullable(ShortText(40))),
  registryUf: Type.Optional(Nullable(RegistryUfSchema)),
  rqe: Type.Optional(Nullable(RqeSchema)),
  clinicAddress: Type.Optional(Nullable(ShortText(300))),
  clinicPhone: Type.Optional(Nullable(ShortText(40))),
  specialty: Type.Optional(Nullable(SpecialtySchema)),
  /** Issue 23: dots and dash allowed; checked (check digits) by auth. */
  cpf: Type.Optional(Nullable(ShortText(20))),
});
export type ProfileBody = Static<typeof ProfileBodySchema>;

const tags = ['auth'];
const adminTags = ['auth', 'admin'];

export const AuthRoutes = {
  register: defineRoute({
    method: 'POST',
    url: '/auth/register',
    access: 'public',
    summary: 'Create an account (combined /auth or simple /auth/register form) and sign in',
    tags,
    body: RegisterBodySchema,
    response: { 201: RegisterResponseSchema },
  }),
  login: defineRoute({
    method: 'POST',
    url: '/auth/login',
    access: 'public',
    summary: 'Sign in with email and password; sets the session cookie',
    tags,
    body: LoginBodySchema,
    response: { 200: LoginResponseSchema },
  }),
  logout: defineRoute({
    method: 'POST',
    url: '/auth/logout',
    access: 'public',
    summary: 'End the current session at once (the cookie is refused afterwards)',
    tags,
    response: { 200: MessageSchema },
    allowDuringForcedPasswordChange: true,
  }),
  currentUser: defineRoute({
    method: 'GET',
    url: '/auth/user',
    access: 'user',
    summary: 'The signed-in user; 401 when anonymous',
    tags,
    response: { 200: CurrentUserSchema },
    allowDuringForcedPasswordChange: true,
  }),
  session: defineRoute({
    method: 'GET',
    url: '/auth/session',
    access: 'public',
    summary:
      'Who is signed in: the user, or null for a visitor; 200 either way, so a visit to a SPA makes no failing request',
    tags,
    response: { 200: SessionStateSchema },
    allowDuringForcedPasswordChange: true,
  }),
  changePassword: defineRoute({
    method: 'POST',
    url: '/auth/change-password',
    access: 'user',
    summary: 'Change the password (also the forced change after an admin reset)',
    tags,
    body: ChangePasswordBodySchema,
    response: { 200: MessageSchema },
    allowDuringForcedPasswordChange: true,
  }),
  currentTerms: defineRoute({
    method: 'GET',
    url: '/api/terms/current',
    access: 'public',
    summary: 'The terms of use in force',
    tags,
    response: { 200: CurrentTermsSchema },
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    url: '/api/profile',
    access: 'user',
    summary: "Update the signed-in user's professional data",
    tags,
    body: ProfileBodySchema,
    response: { 200: CurrentUserSchema },
  }),
  adminListTerms: defineRoute({
    method: 'GET',
    url: '/api/admin/terms',
    access: 'admin',
    summary: 'All terms versions, newest first',
    tags: adminTags,
    response: { 200: Type.Array(TermsVersionSchema) },
  }),
  adminCreateTerms: defineRoute({
    method: 'POST',
    url: '/api/admin/terms',
    access: 'admin',
    summary: 'Create a terms version (optionally making it the active one)',
    tags: adminTags,
    body: CreateTermsBodySchema,
    response: { 201: TermsVersionSchema },
  }),
  adminUpdateTerms: defineRoute({
    method: 'PUT',
    url: '/api/admin/terms/:id',
    access: 'admin',
    summary: 'Edit a terms version (optionally making it the active one)',
    tags: adminTags,
    params: IdParamsSchema,
    body: UpdateTermsBodySchema,
    response: { 200: TermsVersionSchema },
  }),
  adminDeleteTerms: defineRoute({
    method: 'DELETE',
    url: '/api/admin/terms/:id',
    access: 'admin',
    summary: 'Delete a terms version that is not active and was never accepted',
    tags: adminTags,
    params: IdParamsSchema,
    response: { 200: MessageSchema },
  }),
  adminListUsers: defineRoute({
    method: 'GET',
    url: '/api/admin/users',
    access: 'admin',
    summary:
      'One page of users (newest first by default), searched by name or email (case-insensitive)',
    tags: adminTags,
    querystring: AdminUserListQuerySchema,
    response: { 200: AdminUserListSchema },
  }),
  adminCreateUser: defineRoute({
    method: 'POST',
    url: '/api/admin/users',
    access: 'admin',
    summary: 'Create a user; without a password a temporary one is generated and returned once',
    tags: adminTags,
    body: AdminCreateUserBodySchema,
    response: { 201: AdminCreateUserResponseSchema },
  }),
  adminUpdateUser: defineRoute({
    method: 'PUT',
    url: '/api/admin/users/:id',
    access: 'admin',
    summary: 'Edit a user, including Premium, admin and status',
    tags: adminTags,
    params: IdParamsSchema,
    body: AdminUpdateUserBodySchema,
    response: { 200: AdminUserSchema },
  }),
  adminDeleteUser: defineRoute({
    method: 'DELETE',
    url: '/api/admin/users/:id',
    access: 'admin',
    summary: 'Delete a non-admin user',
    tags: adminTags,
    params: IdParamsSchema,
    response: { 200: MessageSchema },
  }),
  adminResetPassword: defineRoute({
    method: 'POST',
    url: '/api/admin/reset-password',
    access: 'admin',
    summary: "Set a user's password; the user must change it at the next login",
    tags: adminTags,
    body: ResetPasswordBodySchema,
    response: { 200: MessageSchema },
  }),
  adminUserProfile: defineRoute({
    method: 'GET',
    url: '/api/admin/user-profile/:id',
    access: 'admin',
    summary: "A user's full profile with the terms acceptance",
    tags: adminTags,
    params: IdParamsSchema,
    response: { 200: AdminUserSchema },
  }),
  adminLoginHistory: defineRoute({
    method: 'GET',
    url: '/api/admin/login-history/:userId',
    access: 'admin',
    summary: "A user's logins, most recent first",
    tags: adminTags,
    params: UserIdParamsSchema,
    querystring: LoginHistoryQuerySchema,
    response: { 200: Type.Array(LoginHistoryEntrySchema) },
  }),
} as const;
