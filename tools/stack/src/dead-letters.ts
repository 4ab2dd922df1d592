import {
  DEAD_LETTER_USAGE,
  type KitTables,
  parseDeadLetterCommand,
  runDeadLetterCommand,
} from '@pv/service-kit/events';
import { createDb, databaseUrl } from '@pv/service-kit/runtime';
import { PROCESSES } from './catalog/catalog.js';
import { COMPONENTS } from './infra/components.js';
import { findPostgresRole } from './infra/postgres.js';
import { error } from './log.js';

/** Every service that owns a database (and so an outbox): the catalog's, in its order. */
export const OUTBOX_SERVICES: readonly { service: string; database: string }[] = PROCESSES.filter(
  (p) => p.kind === 'server' && p.database,
).map((p) => ({ service: p.service, database: p.database as string }));

/**
 * The Postgres the stack runs on: POSTGRES_URL when set, else the standard local server, else the
 * private instance `npm start` starts (the same order `npm start` looks in).
 */
async function stackPostgresUrl(env: NodeJS.ProcessEnv): Promise<string> {
  const fromEnv = env.POSTGRES_URL?.trim();
  if (fromEnv) return fromEnv;
  const { standardPort, privatePort } = COMPONENTS.postgres;
  const url = (await findPostgresRole(standardPort)) ?? (await findPostgresRole(privatePort));
  if (!url) throw new Error("No Postgres found: set POSTGRES_URL to the stack's server.");
  return url;
}

/**
 * `npm run dead-letters -- <list|replay|delete> [--service x] [--id y | --all]`: the operator's tool
 * over the services' outbox dead letters on this machine (in Kubernetes the same command runs in a
 * service's own container: `kubectl exec deploy/<service> -- node dist/main.mjs dead-letters list`).
 * Without --service, `list` covers every service; replay and delete need one.
 */
export async function runDeadLetters(
  args: readonly string[],
  options: {
    env?: NodeJS.ProcessEnv;
    out?: (line: string) => void;
    postgresUrl?: string;
    /** Database of a service other than the catalog's (tests use databases of their own). */
    databases?: Record<string, string>;
  } = {},
): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const rest: string[] = [];
  let service: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--service') service = args[++i];
    else if (arg.startsWith('--service=')) service = arg.slice('--service='.length);
    else rest.push(arg);
  }
  let command: ReturnType<typeof parseDeadLetterCommand>;
  try {
    command = parseDeadLetterCommand(rest);
  } catch (err) {
    error(
      `${(err as Error).message}\n  --service <name>  one of ${OUTBOX_SERVICES.map((s) => s.service).join(', ')}`,
    );
    return 2;
  }
  const targets = service ? OUTBOX_SERVICES.filter((s) => s.service === service) : OUTBOX_SERVICES;
  if (targets.length === 0) {
    error(
      `unknown service "${service}"; one of ${OUTBOX_SERVICES.map((s) => s.service).join(', ')}`,
    );
    return 2;
  }
  if (command.action !== 'list' && !service) {
    error(`${command.action} needs --service <name>\n${DEAD_LETTER_USAGE}`);
    return 2;
  }
  const postgresUrl = options.postgresUrl ?? (await stackPostgresUrl(options.env ?? process.env));
  let listed = 0;
  let failed = false;
  for (const target of targets) {
    const database = options.databases?.[target.service] ?? target.database;
    const db = createDb<KitTables>(databaseUrl(postgresUrl, database), 1);
    try {
      const lines = await runDeadLetterCommand(db, target.service, command);
      listed += lines.length;
      for (const line of lines) out(line);
    } catch (err) {
      // A service that never ran against this Postgres has no database (or no outbox) yet.
      const code = (err as { code?: string }).code;
      if (code !== '3D000' && code !== '42P01') throw err;
      error(`${target.service}: no outbox in database "${database}" (the service never ran here)`);
      failed = true;
    } finally {
      await db.destroy();
    }
  }
  if (command.action === 'list' && listed === 0) out('no dead letters');
  return failed && service ? 1 : 0;
}
