import { type Kysely, sql, type Transaction } from 'kysely';
import { createDb, databaseUrl } from './db.js';
import type { KitTables } from './events/tables.js';

/**
 * The operator's view of one dead letter: what it was and why it failed, never its payload (it may
 * carry patient text or a user's e-mail).
 */
export interface DeadLetterSummary {
  id: string;
  subject: string;
  occurredAt: Date;
  failedAt: Date;
  /** Seconds since the broker refused it for good. */
  ageSeconds: number;
  /** Size of the payload as stored (JSON text), so an oversized event is recognisable. */
  payloadBytes: number;
  error: string;
}

type KitDb = Kysely<KitTables> | Transaction<KitTables>;
const kit = <DB extends KitTables>(db: Kysely<DB> | Transaction<DB>) => db as unknown as KitDb;

/** Which dead letters a command acts on: one by id, or all of them (explicitly). */
export type DeadLetterSelection = { id: string } | { all: true };

/** The dead letters, oldest first, without their payloads. */
export async function listDeadLetters<DB extends KitTables>(
  db: Kysely<DB> | Transaction<DB>,
): Promise<DeadLetterSummary[]> {
  const rows = await kit(db)
    .selectFrom('outbox_dead_letters')
    .select([
      'id',
      'subject',
      'occurred_at',
      'failed_at',
      'error',
      sql<number>`octet_length(payload::text)`.as('payload_bytes'),
      sql<number>`extract(epoch FROM now() - failed_at)`.as('age_seconds'),
    ])
    .orderBy('failed_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    occurredAt: row.occurred_at,
    failedAt: row.failed_at,
    ageSeconds: Math.max(0, Math.floor(Number(row.age_seconds))),
    payloadBytes: Number(row.payload_bytes),
    error: row.error,
  }));
}

/**
 * Moves dead letters back into the outbox with their own event id, subject, payload and time, as
 * if never tried: the relay publishes them on its next pass. The id is the JetStream message id and
 * the key of consumers' `processOnce`, so an event the broker or a consumer already saw is dropped
 * as a duplicate. Returns the ids moved. Row by row in one transaction: a crash moves all or none.
 * @example await replayDeadLetters(db, { id }) // then runtime.relay.kick() if in the service
 */
export async function replayDeadLetters<DB extends KitTables>(
  db: Kysely<DB>,
  selection: DeadLetterSelection,
): Promise<string[]> {
  return kit(db)
    .transaction()
    .execute(async (trx) => {
      let query = trx.deleteFrom('outbox_dead_letters').returningAll();
      if ('id' in selection) query = query.where('id', '=', selection.id);
      const rows = await query.execute();
      if (rows.length === 0) return [];
      await trx
        .insertInto('outbox_events')
        .values(
          rows.map((row) => ({
            id: row.id,
            subject: row.subject,
            // jsonb comes back parsed; written back as the same JSON.
            payload: JSON.stringify(row.payload),
            occurred_at: row.occurred_at,
            published_at: null,
            attempts: 0,
            last_error: null,
            next_attempt_at: null,
          })),
        )
        // The same id still in the outbox (replayed twice): the row already there will be sent.
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return rows.map((row) => row.id);
    });
}

/** Deletes dead letters for good (an event nobody needs any more). Returns the ids deleted. */
export async function deleteDeadLetters<DB extends KitTables>(
  db: Kysely<DB> | Transaction<DB>,
  selection: DeadLetterSelection,
): Promise<string[]> {
  let query = kit(db).deleteFrom('outbox_dead_letters').returning('id');
  if ('id' in selection) query = query.where('id', '=', selection.id);
  return (await query.execute()).map((row) => row.id);
}

export const DEAD_LETTER_USAGE =
  'usage: dead-letters <list|replay|delete> [--id <event id> | --all]\n' +
  '  list            the dead letters: id, subject, age, size and error (never the payload)\n' +
  '  replay --id X   moves one back into the outbox (same event id); --all moves every one\n' +
  '  delete --id X   deletes one for good; --all deletes every one';

export type DeadLetterCommand =
  | { action: 'list' }
  | { action: 'replay' | 'delete'; selection: DeadLetterSelection };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses `list`, `replay --id X`, `delete --all`...; throws with the usage when it is not one. */
export function parseDeadLetterCommand(args: readonly string[]): DeadLetterCommand {
  const [action, ...rest] = args;
  const fail = (why: string): never => {
    throw new Error(`${why}\n${DEAD_LETTER_USAGE}`);
  };
  let id: string | undefined;
  let all = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--all') all = true;
    else if (arg === '--id') id = rest[++i] ?? fail('--id needs an event id');
    else if (arg?.startsWith('--id=')) id = arg.slice('--id='.length);
    else fail(`unknown argument "${arg}"`);
  }
  if (action === 'list') {
    if (id || all) fail('list takes no --id or --all');
    return { action };
  }
  if (action !== 'replay' && action !== 'delete') return fail(`unknown command "${action ?? ''}"`);
  if (id && all) fail('give either --id or --all, not both');
  if (all) return { action, selection: { all: true } };
  if (!id) return fail(`${action} needs --id <event id> or --all`);
  if (!UUID.test(id)) fail(`"${id}" is not an event id (a uuid)`);
  return { action, selection: { id } };
}

const formatAge = (seconds: number) =>
  seconds < 120
    ? `${seconds}s`
    : seconds < 7_200
      ? `${Math.floor(seconds / 60)}min`
      : seconds < 172_800
        ? `${Math.floor(seconds / 3_600)}h`
        : `${Math.floor(seconds / 86_400)}d`;

/** One line per dead letter, tab-separated: id, subject, age, bytes, failed at, error. */
export function formatDeadLetters(service: string, letters: DeadLetterSummary[]): string[] {
  return letters.map((letter) =>
    [
      service,
      letter.id,
      letter.subject,
      formatAge(letter.ageSeconds),
      `${letter.payloadBytes}B`,
      letter.failedAt.toISOString(),
      // One line, bounded: an error message is the broker's, never the payload's.
      letter.error.replace(/\s+/g, ' ').slice(0, 300),
    ].join('\t'),
  );
}

/**
 * Runs a parsed command against one service database and returns what to print. Used by the stack
 * CLI (`npm run dead-letters`) and by a service's own process (`node main.mjs dead-letters ...`,
 * what `kubectl exec` runs).
 */
export async function runDeadLetterCommand<DB extends KitTables>(
  db: Kysely<DB>,
  service: string,
  command: DeadLetterCommand,
): Promise<string[]> {
  if (command.action === 'list') return formatDeadLetters(service, await listDeadLetters(db));
  const ids =
    command.action === 'replay'
      ? await replayDeadLetters(db, command.selection)
      : await deleteDeadLetters(db, command.selection);
  const verb = command.action === 'replay' ? 'replayed' : 'deleted';
  if (ids.length === 0) {
    const which = 'id' in command.selection ? ` ${command.selection.id}` : 's';
    return [`${service}: no dead letter${which} to ${command.action}`];
  }
  return ids.map((id) => `${service}\t${verb}\t${id}`);
}

/**
 * `dead-letters ...` run inside a service's own process (the entry point's argv): opens only the
 * service's database with its own credentials, runs the command, prints, and closes. No Redis, no
 * NATS, no relay: a replayed event is published by the running replicas' relays.
 */
export async function runDeadLetterCli(options: {
  service: string;
  postgresUrl: string;
  database: string;
  args: readonly string[];
  out?: (line: string) => void;
}): Promise<void> {
  const out = options.out ?? ((line: string) => console.log(line));
  const command = parseDeadLetterCommand(options.args);
  const db = createDb<KitTables>(databaseUrl(options.postgresUrl, options.database), 1);
  try {
    const lines = await runDeadLetterCommand(db, options.service, command);
    if (lines.length === 0) out(`${options.service}: no dead letters`);
    for (const line of lines) out(line);
  } finally {
    await db.destroy();
  }
}
