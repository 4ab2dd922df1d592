// Writes (or, with --check, compares) every file generated from the catalog:
//   npm run infra:generate            rewrite them after editing the catalog
//   npm run infra:generate -- --check exit 1 when a committed file differs from the catalog
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderCompose } from './compose.js';
import { postgresInitScript, postgresRolesSql, redisStartScript } from './datastores.js';
import { renderDockerfile } from './dockerfile.js';
import { renderK8s, renderK8sOverlays } from './k8s.js';
import { natsAuthorizationFile, natsHelmAuthFile } from './nats-auth.js';

/** Every generated file, by path relative to the repository root. */
export function generatedFiles(): Map<string, string> {
  const files = new Map<string, string>([
    ['docker-compose.yml', renderCompose()],
    ['infra/Dockerfile', renderDockerfile()],
    ['infra/postgres/roles.sql', postgresRolesSql()],
    ['infra/postgres-init/10-roles.sh', postgresInitScript()],
    ['infra/redis/start.sh', redisStartScript()],
    ['infra/nats/authorization.conf', natsAuthorizationFile()],
    ['infra/nats/helm-auth-values.yaml', natsHelmAuthFile()],
  ]);
  for (const [name, text] of renderK8s()) files.set(`infra/k8s/${name}`, text);
  for (const [name, text] of renderK8sOverlays()) files.set(name, text);
  return files;
}

/** Generated files whose committed copy is missing or different. */
export function staleGeneratedFiles(root: string): string[] {
  const stale: string[] = [];
  for (const [file, text] of generatedFiles()) {
    let committed: string | undefined;
    try {
      committed = readFileSync(path.join(root, file), 'utf8');
    } catch {
      committed = undefined;
    }
    if (committed !== text) stale.push(file);
  }
  return stale;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '../../../..');
  if (process.argv.includes('--check')) {
    const stale = staleGeneratedFiles(root);
    if (stale.length > 0) {
      process.stderr.write(
        `out of date with the catalog (run npm run infra:generate):\n  ${stale.join('\n  ')}\n`,
      );
      process.exitCode = 1;
    }
    return;
  }
  for (const [file, text] of generatedFiles()) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  process.stdout.write(`wrote ${generatedFiles().size} files from the catalog\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
