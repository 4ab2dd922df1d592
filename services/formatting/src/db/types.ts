import type { KitTables } from '@pv/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type { FormattingDatabase } from './schema.js';

export type FormattingKysely = Kysely<FormattingDatabase & KitTables>;
export type FormattingDb = FormattingKysely | Transaction<FormattingDatabase & KitTables>;
