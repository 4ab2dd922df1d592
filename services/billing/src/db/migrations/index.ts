import type { Migration } from 'kysely/migration';
import * as billing from './2026_11_22_1100_billing.js';
import * as speechStreams from './2026_11_26_0800_speech_streams.js';
import * as aiRequestQuota from './2026_11_26_0810_ai_request_quota.js';
import * as cancelAtPeriodEnd from './2026_11_26_0900_cancel_at_period_end.js';
import * as transcriptionSessions from './2026_11_26_0930_transcription_sessions.js';
import * as storedBytes from './2026_11_26_1200_stored_bytes.js';
import * as speechReports from './2026_11_28_1500_speech_reports.js';
import * as speechSettlement from './2026_11_28_1500_speech_settlement.js';
import * as extractionQuota from './2026_11_28_1510_extraction_quota.js';

export const billingMigrations: Record<string, Migration> = {
  '2026_11_22_1100_billing': billing,
  '2026_11_26_0800_speech_streams': speechStreams,
  '2026_11_26_0810_ai_request_quota': aiRequestQuota,
  '2026_11_26_0900_cancel_at_period_end': cancelAtPeriodEnd,
  '2026_11_26_0930_transcription_sessions': transcriptionSessions,
  '2026_11_26_1200_stored_bytes': storedBytes,
  '2026_11_28_1500_speech_reports': speechReports,
  '2026_11_28_1500_speech_settlement': speechSettlement,
  '2026_11_28_1510_extraction_quota': extractionQuota,
};
