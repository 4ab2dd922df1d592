import type { KitTables } from '@pv/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { AuthDatabase } from './schema.js';

/** The auth database as repositories see it: our tables plus the kit's outbox. */
export type AuthDb = Kysely<AuthDatabase & KitTables> | Transaction<AuthDatabase & KitTables>;

/** The auth database handle itself (transactions start here). */
export type AuthKysely = Kysely<AuthDatabase & KitTables>;
