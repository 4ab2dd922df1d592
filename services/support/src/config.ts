import { BaseConfigFields, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

export const SupportConfigSchema = Type.Object({
  ...BaseConfigFields,
  /** Listen port. */
  PORT: Type.Integer({ default: 8085 }),
  /** Database name. */
  SUPPORT_DATABASE: Type.String({ default: 'support' }),
  /** Tickets one address may open per clock hour without a session (the public form). */
  SUPPORT_ANON_TICKETS_PER_HOUR: Type.Integer({ minimum: 1, default: 5 }),
  /** Tickets one signed-in user may open per clock hour, from any address. */
  SUPPORT_USER_TICKETS_PER_HOUR: Type.Integer({ minimum: 1, default: 20 }),
  /** The durable JetStream consumer that erases a deleted user's tickets (LGPD). */
  SUPPORT_CONSUMER: Type.String({ pattern: '^[A-Za-z0-9_-]+$', default: 'support-users' }),
});
export type SupportConfig = Static<typeof SupportConfigSchema>;

export const loadSupportConfig = (env = process.env) => loadConfig(SupportConfigSchema, env);
