// Postgres roles and Redis ACL users, one per owner, rendered from the catalog. Both are plain
// text the servers read, so compose, Kubernetes and a managed server use the same files.
import { type CatalogProcess, envName, PROCESSES, redisUser } from './catalog.js';

/** Processes that own a database: one role each, named like the database. */
export const databaseOwners = () =>
  PROCESSES.filter((p): p is CatalogProcess & { database: string } => p.database !== undefined);

/** The psql variable carrying a role's password (`-v auth_password=...`). */
export const rolePasswordVariable = (role: string) => `${role.replace(/-/g, '_')}_password`;

/** Environment variable of a Postgres role's password in compose (`PG_PASSWORD_AUTH`). */
export const postgresPasswordEnv = (role: string) => `PG_PASSWORD_${envName(role)}`;

/** Environment variable of a Redis user's password in compose (`REDIS_PASSWORD_GATEWAY`). */
export const redisPasswordEnv = (user: string) => `REDIS_PASSWORD_${envName(user)}`;

/**
 * SQL for psql that makes each service's role and database, idempotently: the role logs in with
 * the password given as a psql variable, owns its database (so its migrations create what they
 * need) and nothing else, and no other role may connect to that database. Re-running it sets the
 * passwords again, which is how they are rotated. `prefix` names scratch roles in tests.
 */
export function postgresRolesSql(prefix = ''): string {
  const lines = [
    '-- Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.',
    '-- One role per service, owning only its database. Run with psql as a superuser (or the',
    "-- managed server's admin role), a password per role as a psql variable:",
    `--   psql "$ADMIN_URL" -v ON_ERROR_STOP=1 ${databaseOwners()
      .map((p) => `-v ${rolePasswordVariable(p.database)}=...`)
      .join(' ')} -f roles.sql`,
    '-- Safe to run again: it creates what is missing and resets the passwords (rotation).',
    '',
  ];
  for (const proc of databaseOwners()) {
    const name = `${prefix}${proc.database}`;
    const password = `:'${rolePasswordVariable(proc.database)}'`;
    lines.push(
      `-- ${proc.database}: ${proc.summary}`,
      `SELECT format('CREATE ROLE %I LOGIN', '${name}') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${name}') \\gexec`,
      `ALTER ROLE "${name}" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD ${password};`,
      `SELECT format('CREATE DATABASE %I OWNER %I', '${name}', '${name}') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '${name}') \\gexec`,
      `ALTER DATABASE "${name}" OWNER TO "${name}";`,
      `REVOKE ALL ON DATABASE "${name}" FROM PUBLIC;`,
      `GRANT CONNECT, TEMPORARY ON DATABASE "${name}" TO "${name}";`,
      '',
    );
  }
  return `${lines.join('\n')}`;
}

/** The compose init script: runs roles.sql with each role's password from the environment. */
export function postgresInitScript(): string {
  const vars = databaseOwners()
    .map(
      (p) =>
        `  -v ${rolePasswordVariable(p.database)}="\${${postgresPasswordEnv(p.database)}:?set ${postgresPasswordEnv(p.database)}}" \\`,
    )
    .join('\n');
  return `#!/bin/sh
# Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.
# Run by the postgres image once, when its data volume is first created. For a volume made before
# the per-service roles existed, run it again by hand (it is idempotent):
#   docker-compose exec postgres sh /docker-entrypoint-initdb.d/10-roles.sh
set -eu
psql -v ON_ERROR_STOP=1 --username "\${POSTGRES_USER:-postgres}" --dbname postgres \\
${vars}
  -f /etc/pv/roles.sql
`;
}

/**
 * One ACL rule per process: its own key patterns (read-only ones with %R~), no Pub/Sub channels,
 * and the commands BullMQ, ioredis and the rate limiters use; never the admin or dangerous ones,
 * except INFO (BullMQ reads the server version) and what the catalog adds.
 */
export function redisAclRule(proc: CatalogProcess): string {
  const keys = [
    ...proc.redisKeys.readWrite.map((k) => `~${k}`),
    ...proc.redisKeys.readOnly.map((k) => `%R~${k}`),
  ];
  const extra = (proc.redisExtraCommands ?? []).map((c) => `+${c}`);
  return ['resetkeys', 'resetchannels', ...keys, '+@all -@admin -@dangerous +info', ...extra].join(
    ' ',
  );
}

/** KEDA reads only the lengths of the worker queues' lists. */
export function kedaAclRule(): string {
  const queues = PROCESSES.flatMap((p) =>
    p.scaling.kind === 'keda' ? [`%R~bull:${p.scaling.queue}:*`] : [],
  );
  return [
    'resetkeys',
    'resetchannels',
    ...queues,
    '-@all +@connection -@admin -@dangerous +llen',
  ].join(' ');
}

export interface AclUser {
  user: string;
  rule: string;
}

/** Every ACL user: one per process, and KEDA's. */
export function redisAclUsers(): AclUser[] {
  return [
    ...PROCESSES.map((p) => ({ user: redisUser(p), rule: redisAclRule(p) })),
    { user: 'keda', rule: kedaAclRule() },
  ];
}

/**
 * An ACL file. The default user may only PING (health checks); every other user needs its
 * password, given by `password(user)`.
 */
export function redisAclFile(password: (user: string) => string): string {
  const lines = ['user default on nopass resetkeys resetchannels -@all +ping'];
  for (const { user, rule } of redisAclUsers()) {
    lines.push(`user ${user} on >${password(user)} ${rule}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The compose Redis entrypoint: writes the ACL file from the passwords, then starts with AOF. */
export function redisStartScript(): string {
  const shellVar = (inner: string) => `\${${inner}}`;
  const lines = ['user default on nopass resetkeys resetchannels -@all +ping'];
  for (const { user, rule } of redisAclUsers()) {
    const variable = redisPasswordEnv(user);
    // KEDA runs only in a cluster: its user exists when its password is given.
    lines.push(
      user === 'keda'
        ? shellVar(`${variable}:+user ${user} on >${shellVar(variable)} ${rule}`)
        : `user ${user} on >${shellVar(`${variable}:?set ${variable}`)} ${rule}`,
    );
  }
  const acl = `${lines.join('\n')}\n`;
  return `#!/bin/sh
# Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.
# Redis with one ACL user per process (its own keys only) and the append-only file on, so that
# queued jobs and sessions survive a restart. The passwords come from the environment.
set -eu
umask 077
cat > /tmp/users.acl <<ACL
${acl}ACL
# REDIS_TLS_DIR (Kubernetes: the mounted pv-redis-tls Secret) serves TLS only on 6379, replication
# included: tls.crt, tls.key and ca.crt of the internal CA (docs/transport-security.md).
if [ -n "\${REDIS_TLS_DIR:-}" ]; then
  set -- --port 0 --tls-port 6379 --tls-replication yes --tls-auth-clients no \\
    --tls-cert-file "$REDIS_TLS_DIR/tls.crt" --tls-key-file "$REDIS_TLS_DIR/tls.key" \\
    --tls-ca-cert-file "$REDIS_TLS_DIR/ca.crt"
fi
exec redis-server --appendonly yes --appendfsync everysec --dir /data --aclfile /tmp/users.acl "$@"
`;
}
