import type { Migration } from 'kysely';
import * as billing from './2026_11_22_1100_billing.js';
import * as cancelAtPeriodEnd from './2026_11_26_0900_cancel_at_period_end.js';
import * as transcriptionSessions from './2026_11_26_0930_transcription_sessions.js';

export const billingMigrations: Record<string, Migration> = {
  '2026_11_22_1100_billing': billing,
  '2026_11_26_0900_cancel_at_period_end': cancelAtPeriodEnd,
  '2026_11_26_0930_transcription_sessions': transcriptionSessions,
};
