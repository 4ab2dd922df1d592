import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaled } from '@pv/service-kit/testing';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startStack } from './stack.js';

// Proof for internal teams that docs/api is enough to build a client: openapi-typescript turns
// each OpenAPI file into types, the compiler accepts them and a typed call (api-client/login.ts)
// type-checks against them and answers on the real stack.
const docsDir = fileURLToPath(new URL('../../../docs/api/', import.meta.url));
const clientDir = fileURLToPath(new URL('../api-client/', import.meta.url));
const generatedDir = path.join(clientDir, 'generated');
const tsc = fileURLToPath(new URL('../../../node_modules/.bin/tsc', import.meta.url));

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

// Generating seven files and running the compiler is CPU work (about 10 s of CPU here), not a
// wait for an event: under a loaded 2-core CI it takes several times that, so it gets room.
const COMPILE_BUDGET_MS = scaled(180_000);

describe('a TypeScript client generated from docs/api', () => {
  it('is generated from every OpenAPI file and compiles with a typed call', {
    timeout: COMPILE_BUDGET_MS,
  }, async () => {
    rmSync(generatedDir, { recursive: true, force: true });
    mkdirSync(generatedDir, { recursive: true });
    const documents = readdirSync(docsDir).filter((f) => f.endsWith('.openapi.json'));
    expect(documents).toHaveLength(7);
    for (const file of documents) {
      const ast = await openapiTS(new URL(`file://${path.join(docsDir, file)}`));
      writeFileSync(
        path.join(generatedDir, file.replace('.openapi.json', '.ts')),
        astToString(ast),
      );
    }
    const compiled = spawnSync(tsc, ['-p', path.join(clientDir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);
  });

  it('answers the typed call through the gateway', async () => {
    // The module is named through a variable so that the package's own typecheck (which runs
    // before any test, on a clone where ./generated does not exist yet) does not follow it; the
    // test above is what type-checks it against the generated types.
    const loginModule = '../api-client/login.js';
    const { signIn } = (await import(loginModule)) as {
      signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<unknown>;
    };
    expect(await signIn(stack.url, ADMIN)).toEqual({
      status: 200,
      email: ADMIN.email,
      isAdmin: true,
    });
    expect(await signIn(stack.url, { email: ADMIN.email, password: 'errada-1234' })).toEqual({
      status: 401,
      message: expect.any(String),
    });
  });
});
