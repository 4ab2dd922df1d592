import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESSES } from '../src/catalog/catalog.js';
import { repoRoot } from '../src/paths.js';

// What each image listens on is declared in it: a server's PORT, a worker's HEALTH_PORT (the
// probes' /health and /ready), the same port the catalog gives the Deployment's probes.
const dockerfile = readFileSync(path.join(repoRoot, 'infra', 'Dockerfile'), 'utf8');
const stageOf = (name: string) => {
  const start = dockerfile.indexOf(`FROM runtime AS ${name}\n`);
  const end = dockerfile.indexOf('\nCMD ', start);
  return dockerfile.slice(start, end);
};

describe('the ports each image declares', () => {
  it.each(PROCESSES.map((proc) => [proc.name, proc]))('%s', (_name, proc) => {
    const stage = stageOf(proc.name);
    expect(stage).toContain(`EXPOSE ${proc.port}`);
    expect(stage).toContain(
      proc.kind === 'server' ? `ENV PORT=${proc.port}` : `ENV HEALTH_PORT=${proc.port}`,
    );
  });
});
