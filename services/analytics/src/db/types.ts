import type { KitTables } from '@pv/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { AnalyticsDatabase } from './schema.js';

export type AnalyticsKysely = Kysely<AnalyticsDatabase & KitTables>;
export type AnalyticsDb = AnalyticsKysely | Transaction<AnalyticsDatabase & KitTables>;
