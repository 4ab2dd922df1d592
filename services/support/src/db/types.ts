import type { KitTables } from '@pv/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { SupportDatabase } from './schema.js';

export type SupportKysely = Kysely<SupportDatabase & KitTables>;
export type SupportDb = SupportKysely | Transaction<SupportDatabase & KitTables>;
