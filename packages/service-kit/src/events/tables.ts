/**
 * The kit's own tables in every service database (the outbox, its dead letters, the processed-event
 * log, the erasure tombstones) and the migrations that make them. Separate because it is schema,
 * read by every other part of events/ and by the migration runner, and changes on its own rhythm.
 */
import { type Generated, type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The tables the kit needs in every service database: the outbox and the processed-event log. */
export interface KitTables {
  outbox_events: {
    id: string;
    subject: string;
    /** Emptied in the transaction that marks the row published: no payload outlives delivery. */
    payload: unknown | null;
    occurred_at: Date;
    published_at: Date | null;
    attempts: Generated<number>;
    last_error: string | null;
    next_attempt_at: Date | null;
    /**
     * The W3C `traceparent` of the request that recorded the event (tracing on), so the event's
     * publish, later and from the relay, continues that request's trace; null when off.
     */
    traceparent: string | null;
  };
  /** Events the broker refused for good, with why: kept for an operator, never blocking the rest. */
  outbox_dead_letters: {
    id: string;
    subject: string;
    payload: unknown;
    occurred_at: Date;
    failed_at: Date;
    error: string;
  };
  processed_events: { event_id: string; subject: string; processed_at: Date };
  /**
   * Users erased here (LGPD art. 18): the SHA-256 of the id, never the id, so the tombstone
   * itself names no one, yet a late event about that id is recognised and ignored.
   */
  erased_users: { user_key: string; erased_at: Date };
}

/**
 * A kit migration: like a service's, it has a `down` or says in `irreversible` why it cannot
 * (docs/releasing.md; tools/stack/test/migrations.test.ts holds both to it).
 */
export type KitMigration = Migration & { irreversible?: string };

export const kitMigrations: Record<string, KitMigration> = {
  '0000_0000_kit_outbox_and_inbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox_events')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('published_at', 'timestamptz')
        .execute();
      await sql`CREATE INDEX outbox_events_pending ON outbox_events (occurred_at) WHERE published_at IS NULL`.execute(
        db,
      );
      await db.schema
        .createTable('processed_events')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('processed_events').execute();
      await db.schema.dropTable('outbox_events').execute();
    },
  },
  '0000_0001_kit_outbox_retention_and_dead_letters': {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE outbox_events ALTER COLUMN payload DROP NOT NULL`.execute(db);
      await db.schema
        .alterTable('outbox_events')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'timestamptz')
        .execute();
      // Rows published before this migration still hold their payloads: empty them now.
      await sql`UPDATE outbox_events SET payload = NULL WHERE published_at IS NOT NULL`.execute(db);
      await sql`CREATE INDEX outbox_events_published ON outbox_events (published_at) WHERE published_at IS NOT NULL`.execute(
        db,
      );
      await db.schema
        .createTable('outbox_dead_letters')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .execute();
    },
    irreversible:
      'it emptied the payloads of published events, so payload can never be NOT NULL again, and ' +
      'its dead letters are events that failed for good: dropping them loses what an operator ' +
      'still has to replay',
  },
  '0000_0002_kit_erased_users': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('erased_users')
        .addColumn('user_key', 'text', (c) => c.primaryKey())
        .addColumn('erased_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    irreversible:
      'the tombstones are what keep erased users erased (LGPD art. 18): without them a late or ' +
      'replayed event would bring a person back',
  },
  '0000_0003_kit_outbox_traceparent': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox_events').addColumn('traceparent', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox_events').dropColumn('traceparent').execute();
    },
  },
};
