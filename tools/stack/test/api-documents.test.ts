import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { stackBinDir } from '../src/paths.js';
import { TEST_STEPS } from '../src/test.js';
import {
  API_DOCS_DIR,
  apiDocumentsStep,
  asyncApiErrors,
  openApiFiles,
} from '../src/test-run/api-documents.js';

// The step's validators must be able to fail: the documents as they were before issue 26 (the
// pt-BR keyword as `errorMessage`) are what swagger-cli rejected.
const scratch = mkdtempSync(path.join(tmpdir(), 'pv-api-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the API documents step of npm test', () => {
  it('runs after the infra files, on the seven OpenAPI files', () => {
    const names = TEST_STEPS.map((step) => step.name);
    expect(names).toContain(apiDocumentsStep.name);
    expect(openApiFiles().map((f) => path.basename(f))).toHaveLength(7);
  });

  it('swagger-cli rejects a document with the bare errorMessage keyword', () => {
    const text = readFileSync(path.join(API_DOCS_DIR, 'auth.openapi.json'), 'utf8');
    expect(text).toContain('"x-errorMessage"');
    const file = path.join(scratch, 'auth.openapi.json');
    writeFileSync(file, text.replaceAll('"x-errorMessage"', '"errorMessage"'));
    const result = spawnSync(path.join(stackBinDir, 'swagger-cli'), ['validate', file], {
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
  });

  // The parser loads its whole rule engine (Spectral) per call: CPU work that a loaded 2-core CI
  // makes several times slower (50 s seen), not a wait, so it gets room.
  it('@asyncapi/parser reports the errors of a broken AsyncAPI document and none of ours', {
    timeout: scaled(180_000),
  }, async () => {
    const file = path.join(scratch, 'events.asyncapi.json');
    writeFileSync(file, JSON.stringify({ asyncapi: '3.0.0', channels: { x: { address: 1 } } }));
    expect((await asyncApiErrors(file)).length).toBeGreaterThan(0);
    expect(await asyncApiErrors(path.join(API_DOCS_DIR, 'events.asyncapi.json'))).toEqual([]);
  });
});
