import { BaseConfigFields, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

export const AuthConfigSchema = Type.Object({
  ...BaseConfigFields,
  /** Listen port. */
  PORT: Type.Integer({ default: 8081 }),
  /** Database name. */
  AUTH_DATABASE: Type.String({ default: 'auth' }),
  /** Ed25519 private key (base64 PKCS8 DER); only auth signs sessions. */
  SESSION_PRIVATE_KEY: Type.String({ minLength: 40 }),
  /** Absolute session lifetime. */
  SESSION_TTL_HOURS: Type.Integer({ minimum: 1, default: 168 }),
  /** A session unused for this long ends (every service's request refreshes it). */
  SESSION_IDLE_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 3_600 }),
  /** Send the session cookie only over HTTPS; true in production behind TLS. */
  COOKIE_SECURE: Type.Boolean({ default: false }),
  /**
   * The first admin, created at start when no admin exists (with ADMIN_PASSWORD, or a generated one
   * written to FIRST_ADMIN_PASSWORD_FILE).
   */
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email' })),
  /** Must pass the users' strength rule (checked at start: the service refuses to seed a weak one). */
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  /**
   * base32 TOTP secret seeded as the first admin's authenticator (automated set-ups, test stacks);
   * without it the first admin enrols with a QR code at first sign-in.
   */
  ADMIN_TOTP_SECRET: Type.Optional(Type.String({ pattern: '^[A-Z2-7]{16,}=*$' })),
  /** Where a generated first-admin password is written (mode 0600), never to stdout. */
  FIRST_ADMIN_PASSWORD_FILE: Type.String({ default: 'first-admin-password.txt' }),
  /** Wrong passwords for one account from one address before the backoff starts. */
  LOGIN_FREE_FAILURES_PER_ACCOUNT_IP: Type.Integer({ minimum: 1, default: 5 }),
  /** The first wait of the backoff; each further failure doubles it. */
  LOGIN_BACKOFF_BASE_SECONDS: Type.Integer({ minimum: 1, default: 30 }),
  /** The longest wait of the per-address backoff. */
  LOGIN_BACKOFF_MAX_SECONDS: Type.Integer({ minimum: 1, default: 900 }),
  /**
   * Wrong passwords for one account from all addresses together before the account-wide backoff
   * (issue 23 item 5); a browser where the owner signed in before (device cookie) is exempt.
   */
  LOGIN_FREE_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 20 }),
  /** The first account-wide wait; each further failure doubles it. */
  LOGIN_ACCOUNT_BACKOFF_BASE_SECONDS: Type.Integer({ minimum: 1, default: 2 }),
  /** The longest account-wide wait: the owner on a new device gets in after at most this. */
  LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
  /** Wrong passwords from one address (any accounts) per window before 429. */
  LOGIN_MAX_FAILURES_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
  /**
   * Issue 23: PEM files (comma-separated) of roots trusted besides ICP-Brasil's for the
   * certificate verification (tests, development only).
   */
  SIGNING_EXTRA_TRUST_ROOTS: Type.Optional(Type.String()),
  /** Issue 23: 64 hex characters; the council-card evidence is sealed with it. Unset: no upload. */
  VERIFICATION_EVIDENCE_KEY: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  /** The window of LOGIN_MAX_FAILURES_PER_IP. */
  LOGIN_FAILURE_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 900 }),
  /**
   * 64 hex characters sealing the admins' TOTP secrets at rest (AES-256-GCM). Unset: stored as
   * given (tests).
   */
  TOTP_SECRET_KEY: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  /** The TOTP key before a rotation (64 hex): still read, and every start re-seals under the current one. */
  TOTP_SECRET_KEY_PREVIOUS: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  /**
   * Where mail goes out, `smtp://user:pass@host:port` (`smtps://` for TLS).
   * Unset: every message is written as an .eml file to MAIL_OUTBOX_DIR instead (docs/email.md).
   */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  /** The sender of the product's mails (confirmation links, e-mail changes). */
  MAIL_FROM: Type.String({ default: 'Prontuário por Voz <nao-responda@prontuario.local>' }),
  /** Where mails are written as .eml files (mode 0600) when SMTP_URL is unset. */
  MAIL_OUTBOX_DIR: Type.String({ default: '.data/mail-outbox' }),
  /** The workspace origin the confirmation links point to; default: the first PUBLIC_ORIGINS. */
  MAIL_LINK_ORIGIN: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Confirmation mails one account may ask for per hour (sign-up's own mail included). */
  EMAIL_SENDS_PER_ACCOUNT_HOUR: Type.Integer({ minimum: 1, default: 5 }),
  /** Confirmation mails one address (IPv6: its /64) may ask for per hour, any accounts. */
  EMAIL_SENDS_PER_IP_HOUR: Type.Integer({ minimum: 1, default: 20 }),
});
export type AuthConfig = Static<typeof AuthConfigSchema>;

export const loadAuthConfig = (env = process.env) => loadConfig(AuthConfigSchema, env);
