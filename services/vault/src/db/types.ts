import type { KitTables } from '@pv/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { VaultDatabase } from './schema.js';

export type VaultKysely = Kysely<VaultDatabase & KitTables>;
export type VaultDb = VaultKysely | Transaction<VaultDatabase & KitTables>;
