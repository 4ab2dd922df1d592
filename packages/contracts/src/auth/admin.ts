import { type Static, Type } from '@sinclair/typebox';
import {
  DateTimeSchema,
  Nullable,
  PaginationSchema,
  pageQueryFields,
  UuidSchema,
} from '../common.js';
import {
  ADMIN_USER_SORTS,
  DEFAULT_USERS_PER_PAGE,
  MAX_USERS_PER_PAGE,
  USER_SEARCH_MAX_LENGTH,
} from '../constants/auth.js';
import { Messages } from '../constants/messages.js';
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
} from './fields.js';

// The admin console's side of auth: the users it lists and edits, their logins, and the versions
// of the terms of use.

export const TermsAcceptanceSchema = Type.Object({
  version: Type.String(),
  acceptedAt: DateTimeSchema,
  ipAddress: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
});

/** A user as the admin console lists and edits it. */
export const AdminUserSchema = Type.Object(
  {
    id: UuidSchema,
    fullName: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    picture: Nullable(Type.String()),
    userStatus: UserStatusSchema,
    isPremium: Type.Boolean(),
    isAdmin: Type.Boolean(),
    specialty: Nullable(SpecialtySchema),
    registryNumber: Nullable(Type.String()),
    professionalRegistry: Nullable(ProfessionalRegistrySchema),
    registryUf: Nullable(RegistryUfSchema),
    rqe: Nullable(Type.String()),
    clinicPhone: Nullable(Type.String()),
    clinicAddress: Nullable(Type.String()),
    createdAt: DateTimeSchema,
    lastLoginAt: Nullable(DateTimeSchema),
    subscriptionStatus: Nullable(Type.String()),
    mustChangePassword: Type.Boolean(),
    termsAcceptance: Nullable(TermsAcceptanceSchema),
  },
  { title: 'AdminUser' },
);
export type AdminUser = Static<typeof AdminUserSchema>;

/** The console's users list: paged, searched and sorted on the server, like the support queue. */
export const AdminUserListQuerySchema = Type.Object({
  ...pageQueryFields({
    defaultLimit: DEFAULT_USERS_PER_PAGE,
    maxLimit: MAX_USERS_PER_PAGE,
    pageMessage: Messages.usersInvalidPage,
    limitMessage: Messages.usersInvalidLimit,
  }),
  /** Case-insensitive text anywhere in the full name or the email (plain text, no wildcards). */
  q: Type.Optional(
    Type.String({ maxLength: USER_SEARCH_MAX_LENGTH, errorMessage: Messages.usersSearchTooLong }),
  ),
  sort: Type.Optional(
    Type.Union(
      ADMIN_USER_SORTS.map((s) => Type.Literal(s)),
      { errorMessage: Messages.usersInvalidSort },
    ),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
      errorMessage: Messages.usersInvalidSort,
    }),
  ),
});
export type AdminUserListQuery = Static<typeof AdminUserListQuerySchema>;

export const AdminUserListSchema = Type.Object({
  users: Type.Array(AdminUserSchema),
  /** Over the users the search matches, like the vault's and the support queue's. */
  pagination: PaginationSchema,
});
export type AdminUserList = Static<typeof AdminUserListSchema>;

export const TermsVersionSchema = Type.Object(
  {
    id: UuidSchema,
    version: Type.String(),
    title: Type.String(),
    content: Type.String(),
    isActive: Type.Boolean(),
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
    effectiveDate: DateTimeSchema,
  },
  { title: 'TermsVersion' },
);
export type TermsVersion = Static<typeof TermsVersionSchema>;

export const CreateTermsBodySchema = Type.Object({
  version: NonBlank(50, 'Informe o número da versão.'),
  title: NonBlank(200, 'Informe o título dos termos.'),
  content: NonBlank(200_000, 'Informe o conteúdo dos termos.'),
  isActive: Type.Optional(Type.Boolean()),
  effectiveDate: Type.Optional(DateTimeSchema),
});
export const UpdateTermsBodySchema = Type.Partial(CreateTermsBodySchema);

const AdminUserFields = {
  fullName: NonBlank(200, Messages.fullNameRequired),
  email: EmailSchema,
  isPremium: Type.Optional(Type.Boolean()),
  isAdmin: Type.Optional(Type.Boolean()),
  userStatus: Type.Optional(UserStatusSchema),
  specialty: Type.Optional(Nullable(SpecialtySchema)),
  professionalRegistry: Type.Optional(Nullable(ProfessionalRegistrySchema)),
  registryNumber: Type.Optional(Nullable(ShortText(40))),
  registryUf: Type.Optional(Nullable(RegistryUfSchema)),
  rqe: Type.Optional(Nullable(RqeSchema)),
  clinicPhone: Type.Optional(Nullable(ShortText(40))),
  clinicAddress: Type.Optional(Nullable(ShortText(300))),
};
export const AdminCreateUserBodySchema = Type.Object({
  ...AdminUserFields,
  /** When omitted a temporary password is generated and returned once. */
  password: Type.Optional(StrongPasswordSchema),
});
export type AdminCreateUserBody = Static<typeof AdminCreateUserBodySchema>;
export const AdminCreateUserResponseSchema = Type.Object({
  user: AdminUserSchema,
  temporaryPassword: Type.Optional(Type.String()),
  message: Type.String(),
});
export const AdminUpdateUserBodySchema = Type.Partial(Type.Object(AdminUserFields));
export type AdminUpdateUserBody = Static<typeof AdminUpdateUserBodySchema>;

export const ResetPasswordBodySchema = Type.Object({
  userId: UuidSchema,
  newPassword: StrongPasswordSchema,
  confirmPassword: Type.Optional(Type.String({ maxLength: 256 })),
  forcePasswordChange: Type.Optional(Type.Boolean({ default: true })),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

export const LoginHistoryEntrySchema = Type.Object({
  id: UuidSchema,
  loginDate: DateTimeSchema,
  ipAddress: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  /** Seconds from login to logout, or to the last activity while the session is open. */
  sessionDuration: Type.Integer({ minimum: 0 }),
});
export const LoginHistoryQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});
export const UserIdParamsSchema = Type.Object({ userId: UuidSchema });
