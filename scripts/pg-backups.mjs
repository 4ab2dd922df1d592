// Shared by scripts/backup.mjs and scripts/restore.mjs: where dumps live, how they are named, and
// how pg_dump / pg_restore / psql are run (on this machine, or inside the compose postgres container).
// Plain Node, no dependencies: it runs on a backup host that has only Node and the Postgres client.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, readdirSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';

/** Every service's database (the catalog's, tools/stack/src/catalog; a test keeps them equal). */
export const SERVICE_DATABASES = [
  'auth',
  'formatting',
  'documents',
  'billing',
  'support',
  'vault',
  'analytics',
];

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

export function assertSafeName(name) {
  if (!SAFE_NAME.test(name)) throw new Error(`not a database name this script handles: ${name}`);
  return name;
}

/** `2026-11-23T21:50:07.123Z` -> `20261123T215007123Z`: sorts as it reads, no colons in file names. */
export const stamp = (date) => date.toISOString().replace(/[-:.]/g, '');

/** The time a dump was taken, from its file name. */
export function stampDate(file) {
  const match = /-(\d{8}T\d{9}Z)\.dump$/.exec(path.basename(file));
  if (!match) return undefined;
  const s = match[1];
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`,
  );
}

/** The dumps of one database, oldest first. */
export function dumpsOf(dir, database) {
  const folder = path.join(dir, database);
  let names;
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(`${database}-`) && stampDate(name) !== undefined)
    .sort()
    .map((name) => path.join(folder, name));
}

/** Parses `--name value` and `--flag` arguments. */
export function parseArgs(argv, flags) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const name = arg.slice(2);
    if (flags.includes(name)) options[name] = true;
    else if (i + 1 < argv.length) options[name] = argv[++i];
    else throw new Error(`${arg} needs a value`);
  }
  return options;
}

/**
 * How the Postgres client tools are reached: directly with a server URL, or with
 * `docker-compose exec` in the compose file's postgres container (--compose).
 */
export function clientFor(options) {
  if (options.compose) {
    const file = typeof options.compose === 'string' ? options.compose : 'docker-compose.yml';
    return {
      describe: `the postgres container of ${file}`,
      command: (tool, database, args) => ({
        command: 'docker-compose',
        args: [
          '-f',
          file,
          'exec',
          '-T',
          'postgres',
          tool,
          '-U',
          'postgres',
          ...args,
          ...(database ? ['-d', database] : []),
        ],
      }),
    };
  }
  const server = options.server ?? process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const url = (database) => {
    const u = new URL(server);
    u.pathname = `/${database}`;
    return u.toString();
  };
  return {
    describe: new URL(server).host,
    command: (tool, database, args) => ({
      command: tool,
      args: [
        ...args,
        ...(database ? [tool === 'psql' ? url(database) : `--dbname=${url(database)}`] : []),
      ],
    }),
  };
}

/** Runs a client tool; stdout to a file or from one when asked; rejects with its stderr. */
export function run(client, tool, database, args, io = {}) {
  const { command, args: fullArgs } = client.command(tool, database, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, fullArgs, {
      stdio: [io.stdinFile ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const written = io.stdoutFile ? createWriteStream(io.stdoutFile, { mode: 0o600 }) : undefined;
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    if (written) child.stdout.pipe(written);
    else
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
    if (io.stdinFile) createReadStream(io.stdinFile).pipe(child.stdin);
    child.once('error', (err) => reject(new Error(`${command}: ${err.message}`)));
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${tool} ${database ?? ''} exited with ${code}: ${stderr.trim()}`));
        return;
      }
      (written ? finished(written) : Promise.resolve()).then(() => resolve(stdout), reject);
    });
  });
}

/** One SQL statement through psql on the server's `postgres` database; returns its rows as text. */
export const psql = (client, statement) =>
  run(client, 'psql', 'postgres', [
    '-v',
    'ON_ERROR_STOP=1',
    '-X',
    '-q',
    '-A',
    '-t',
    '-c',
    statement,
  ]);

export const log = (message) => process.stderr.write(`${message}\n`);
