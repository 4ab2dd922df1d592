import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESSES } from '../src/catalog/catalog.js';
import { generatedFiles, staleGeneratedFiles } from '../src/catalog/generate.js';
import { repoRoot } from '../src/paths.js';
import { TEST_STEPS } from '../src/test.js';
import { composeRequiredVariables } from '../src/test-run/checks.js';
import { infraFilesStep } from '../src/test-run/infra-files.js';

describe('the infra files step of npm test', () => {
  it('runs after the typecheck, before the tests', () => {
    const names = TEST_STEPS.map((step) => step.name);
    expect(names.indexOf(infraFilesStep.name)).toBeGreaterThan(
      names.indexOf('typecheck (turbo run typecheck)'),
    );
    expect(names.indexOf(infraFilesStep.name)).toBeLessThan(
      names.indexOf('unit and integration tests (vitest run)'),
    );
  });

  // Three kubectl kustomize renders (the base and the two overlays) and the schemas: CPU work,
  // several times slower on a loaded 2-core CI than alone, so it gets room (not a wait).
  it('passes on the committed tree', { timeout: 180_000 }, async () => {
    expect(await infraFilesStep.run({} as never)).toEqual({ status: 'passed' });
  });

  it('names every generated file missing from a tree', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'pv-catalog-'));
    try {
      expect(staleGeneratedFiles(empty).sort()).toEqual([...generatedFiles().keys()].sort());
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('gives compose validation a value for every variable the compose file requires', () => {
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    const required = composeRequiredVariables(compose);
    expect(required).toContain('SESSION_PRIVATE_KEY');
    expect(required).toContain('PG_PASSWORD_BILLING');
    for (const proc of PROCESSES)
      expect(required).toContain(`REDIS_PASSWORD_${proc.name.replace(/-/g, '_').toUpperCase()}`);
  });
});
