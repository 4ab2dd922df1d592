import { BaseConfigFields, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

export const VaultConfigSchema = Type.Object({
  ...BaseConfigFields,
  /** Listen port. */
  PORT: Type.Integer({ default: 8086 }),
  /** Database name. */
  VAULT_DATABASE: Type.String({ default: 'vault' }),
  /** Key of the HMAC pseudonyms (patient, professional, IP). Required; never logged. */
  VAULT_HMAC_SECRET: Type.String({ minLength: 32 }),
  /** The separate key that unlocks the vault for an admin. Required; never logged. */
  VAULT_ADMIN_KEY: Type.String({ minLength: 16 }),
  /** How long an unlock lasts (the vault session, in Redis). */
  VAULT_SESSION_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 3_600, default: 900 }),
  /** Wrong keys allowed per admin and per address in the window before 429. */
  VAULT_LOGIN_MAX_FAILURES_PER_ADMIN: Type.Integer({ minimum: 1, default: 5 }),
  /** Wrong keys per address per window before 429. */
  VAULT_LOGIN_MAX_FAILURES_PER_IP: Type.Integer({ minimum: 1, default: 20 }),
  /** The window of the two VAULT_LOGIN_MAX_FAILURES limits. */
  VAULT_LOGIN_WINDOW_SECONDS: Type.Integer({ minimum: 60, default: 900 }),
  /** Workspace archive calls per address per hour (the route is public). */
  VAULT_CONSULT_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 300 }),
  /** Send the vault cookie over HTTPS only (set true behind TLS). */
  COOKIE_SECURE: Type.Boolean({ default: false }),
  /** The durable JetStream consumer of consult.formatted.v1. */
  VAULT_CONSUMER: Type.String({ pattern: '^[A-Za-z0-9_-]+$', default: 'vault-consults' }),
});
export type VaultConfig = Static<typeof VaultConfigSchema>;

export const loadVaultConfig = (env = process.env) => loadConfig(VaultConfigSchema, env);
