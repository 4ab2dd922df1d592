import { BaseConfigFields, loadConfig } from '@pv/service-kit';
import { type Static, Type } from '@sinclair/typebox';

export const AuthConfigSchema = Type.Object({
  ...BaseConfigFields,
  PORT: Type.Integer({ default: 8081 }),
  AUTH_DATABASE: Type.String({ default: 'auth' }),
  /** Ed25519 private key (base64 PKCS8 DER); only auth signs sessions. */
  SESSION_PRIVATE_KEY: Type.String({ minLength: 40 }),
  SESSION_TTL_HOURS: Type.Integer({ minimum: 1, default: 168 }),
  /** Send the session cookie only over HTTPS; true in production behind TLS. */
  COOKIE_SECURE: Type.Boolean({ default: false }),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 5 }),
  LOGIN_MAX_FAILURES_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
  LOGIN_FAILURE_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 900 }),
});
export type AuthConfig = Static<typeof AuthConfigSchema>;

export const loadAuthConfig = (env = process.env) => loadConfig(AuthConfigSchema, env);
