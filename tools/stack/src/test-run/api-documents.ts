// The API documents others generate clients from (docs/api), checked by tools nobody here wrote:
// `swagger-cli validate` and `redocly lint` on every OpenAPI file, @asyncapi/parser on the
// AsyncAPI file. Zero errors passes (warnings are shown, not counted). All three run offline.
// That the files are what the services serve is checked by tests/system/test/openapi.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from '@asyncapi/parser';
import { info } from '../log.js';
import { repoRoot, stackBinDir } from '../paths.js';
import type { TestRun, TestStep } from './runner.js';

export const API_DOCS_DIR = path.join(repoRoot, 'docs', 'api');
const OFFLINE = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_UPDATE_NOTIFIER: '1',
};

export const openApiFiles = () =>
  readdirSync(API_DOCS_DIR)
    .filter((file) => file.endsWith('.openapi.json'))
    .sort()
    .map((file) => path.join(API_DOCS_DIR, file));

/** Error diagnostics (severity 0) @asyncapi/parser reports for an AsyncAPI document. */
export async function asyncApiErrors(file: string): Promise<string[]> {
  const diagnostics = await new Parser().validate(readFileSync(file, 'utf8'));
  return diagnostics
    .filter((d) => d.severity === 0)
    .map((d) => `${d.code} at ${d.path.join('/') || '(root)'}: ${d.message}`);
}

async function validators(run: TestRun): Promise<string[]> {
  const failures: string[] = [];
  const files = openApiFiles();
  for (const file of files) {
    const code = await run.exec(
      path.join(stackBinDir, 'swagger-cli'),
      ['validate', path.relative(repoRoot, file)],
      OFFLINE,
    );
    if (code !== 0) failures.push(`swagger-cli validate ${path.basename(file)}`);
  }
  const redocly = await run.exec(
    path.join(stackBinDir, 'redocly'),
    ['lint', '--config', 'redocly.yaml', ...files.map((f) => path.relative(repoRoot, f))],
    OFFLINE,
  );
  if (redocly !== 0) failures.push('redocly lint');
  const asyncApi = path.join(API_DOCS_DIR, 'events.asyncapi.json');
  const errors = await asyncApiErrors(asyncApi);
  for (const message of errors) failures.push(`@asyncapi/parser events.asyncapi.json: ${message}`);
  if (failures.length === 0) {
    info(
      `${files.length} OpenAPI files valid (swagger-cli, redocly: 0 errors); events.asyncapi.json valid (@asyncapi/parser)`,
    );
  }
  return failures;
}

export const apiDocumentsStep: TestStep = {
  name: 'API documents (swagger-cli validate, redocly lint, @asyncapi/parser)',
  report: 'status',
  async run(run) {
    const failures = await validators(run);
    return failures.length === 0
      ? { status: 'passed' }
      : { status: 'failed', detail: failures.join('; ') };
  },
};
