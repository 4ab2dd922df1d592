import type { Migration } from 'kysely/migration';
import * as analytics from './2026_11_23_1000_analytics.js';

export const analyticsMigrations: Record<string, Migration> = {
  '2026_11_23_1000_analytics': analytics,
};
