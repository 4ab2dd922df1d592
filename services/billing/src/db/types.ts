import type { KitTables } from '@pv/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { BillingDatabase } from './schema.js';

export type BillingKysely = Kysely<BillingDatabase & KitTables>;
export type BillingDb = BillingKysely | Transaction<BillingDatabase & KitTables>;
