#!/usr/bin/env node
// Dumps every service's database (pg_dump, custom format) into <dir>/<database>/<database>-<time>.dump
// and keeps the newest --keep of each. Run it from cron or a systemd timer (infra/README.md, "Backups").
//
//   node scripts/backup.mjs [--server postgres://postgres@host:5432] [--dir backups] [--keep 14]
//                           [--databases auth,billing] [--compose [docker-compose.yml]]
//
// --server (default: $POSTGRES_URL, else postgres://postgres@127.0.0.1:5432) needs a role that can
// read every database (the superuser, or one granted pg_read_all_data). --compose runs pg_dump in the
// compose file's postgres container instead. Prints one line per dump: `<database> <file> <bytes>`.
// Exit 1 if any dump failed; a failed dump leaves no file behind, and nothing older is removed then.
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  assertSafeName,
  clientFor,
  dumpsOf,
  log,
  parseArgs,
  run,
  SERVICE_DATABASES,
  stamp,
} from './pg-backups.mjs';

async function main() {
  const options = parseArgs(process.argv.slice(2), ['compose']);
  const dir = path.resolve(options.dir ?? 'backups');
  const keep = Number(options.keep ?? 14);
  if (!Number.isInteger(keep) || keep < 1) throw new Error('--keep must be a whole number >= 1');
  const databases = (options.databases?.split(',') ?? SERVICE_DATABASES).map(assertSafeName);
  const client = clientFor(options);
  log(`backing up ${databases.join(', ')} from ${client.describe} into ${dir}`);

  let failed = 0;
  for (const database of databases) {
    const folder = path.join(dir, database);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, `${database}-${stamp(new Date())}.dump`);
    const partial = `${file}.partial`;
    try {
      await run(client, 'pg_dump', database, ['--format=custom', '--no-password'], {
        stdoutFile: partial,
      });
      renameSync(partial, file);
    } catch (err) {
      rmSync(partial, { force: true });
      log(`FAILED ${database}: ${err.message}`);
      failed++;
      continue;
    }
    process.stdout.write(`${database} ${file} ${statSync(file).size}\n`);
    const dumps = dumpsOf(dir, database);
    for (const old of dumps.slice(0, Math.max(0, dumps.length - keep))) rmSync(old);
  }
  if (failed > 0) {
    log(`${failed} of ${databases.length} dumps failed`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  log(err.message);
  process.exitCode = 1;
});
