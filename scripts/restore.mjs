#!/usr/bin/env node
// Restores one service's database from a dump made by scripts/backup.mjs, without a window in which
// the service sees a half-restored database: the dump goes into a new database, then the live one is
// closed to connections, renamed aside, and the restored one takes its name. The service's pool
// reconnects to the restored database on its next query. Owned by the service's role when it exists.
//
//   node scripts/restore.mjs --database billing [--file backups/billing/billing-...dump | --at 2026-11-23T21:00:00Z]
//                            [--dir backups] [--server postgres://postgres@host:5432 | --compose [file]]
//                            [--drop-previous]
//
// Without --file it takes the newest dump of the database taken at or before --at (default: now).
// The previous database is kept as <database>_before_<time> unless --drop-previous. Prints one line:
// `restored <database> <file> <dump time> <previous copy or "dropped">`. Exit 1 on any failure, with
// the live database left as it was if the failure came before the swap.
import path from 'node:path';
import {
  assertSafeName,
  clientFor,
  dumpsOf,
  log,
  parseArgs,
  psql,
  run,
  stamp,
  stampDate,
} from './pg-backups.mjs';

function pickDump(options, database) {
  if (options.file) return path.resolve(options.file);
  const at = options.at ? new Date(options.at) : new Date();
  if (Number.isNaN(at.getTime())) throw new Error(`--at is not a date: ${options.at}`);
  const dir = path.resolve(options.dir ?? 'backups');
  const candidates = dumpsOf(dir, database).filter((file) => stampDate(file) <= at);
  const chosen = candidates.at(-1);
  if (!chosen)
    throw new Error(`no dump of ${database} in ${dir} taken at or before ${at.toISOString()}`);
  return chosen;
}

async function main() {
  const options = parseArgs(process.argv.slice(2), ['compose', 'drop-previous']);
  if (!options.database) throw new Error('--database is required');
  const database = assertSafeName(options.database);
  const file = pickDump(options, database);
  const client = clientFor(options);
  const restoring = `${database}_restoring`;
  const previous = `${database}_before_${stamp(new Date()).toLowerCase()}`;

  const ownerExists =
    (await psql(client, `SELECT 1 FROM pg_roles WHERE rolname = '${database}'`)).trim() === '1';
  log(`restoring ${database} on ${client.describe} from ${file}`);
  await psql(client, `DROP DATABASE IF EXISTS "${restoring}" WITH (FORCE)`);
  await psql(client, `CREATE DATABASE "${restoring}"${ownerExists ? ` OWNER "${database}"` : ''}`);
  try {
    const restoreArgs = ['--no-owner', '--no-privileges', '--exit-on-error', '--no-password'];
    // Objects created while SET ROLE is the service's role belong to it, as its migrations' do.
    if (ownerExists) restoreArgs.push(`--role=${database}`);
    await run(client, 'pg_restore', restoring, restoreArgs, { stdinFile: file });
  } catch (err) {
    await psql(client, `DROP DATABASE IF EXISTS "${restoring}" WITH (FORCE)`).catch(
      () => undefined,
    );
    throw err;
  }

  // The swap: no new connection to the live database, the open ones closed, then two renames.
  const live =
    (await psql(client, `SELECT 1 FROM pg_database WHERE datname = '${database}'`)).trim() === '1';
  if (live) {
    await psql(client, `ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS false`);
    await psql(
      client,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
    );
    await psql(client, `ALTER DATABASE "${database}" RENAME TO "${previous}"`);
    // Under its new name no service reaches it; an operator may still want to look inside.
    await psql(client, `ALTER DATABASE "${previous}" WITH ALLOW_CONNECTIONS true`);
  }
  await psql(client, `ALTER DATABASE "${restoring}" RENAME TO "${database}"`);
  if (ownerExists) {
    await psql(client, `REVOKE ALL ON DATABASE "${database}" FROM PUBLIC`);
    await psql(client, `GRANT CONNECT, TEMPORARY ON DATABASE "${database}" TO "${database}"`);
  }
  let kept = live ? previous : 'none';
  if (live && options['drop-previous']) {
    await psql(client, `DROP DATABASE "${previous}" WITH (FORCE)`);
    kept = 'dropped';
  }
  process.stdout.write(
    `restored ${database} ${file} ${stampDate(file)?.toISOString() ?? '?'} ${kept}\n`,
  );
}

main().catch((err) => {
  log(err.message);
  process.exitCode = 1;
});
