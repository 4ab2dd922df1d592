import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from './stack.js';

// docs/api/<service>.openapi.json is generated from the contracts through each running service.
// `UPDATE_OPENAPI=1 npm test` (or vitest on this file) rewrites them; otherwise a stale file fails.
const docsDir = fileURLToPath(new URL('../../../docs/api/', import.meta.url));
let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('generated OpenAPI documents', () => {
  it('docs/api matches what every service serves at /docs/json', async () => {
    for (const [name, app] of Object.entries(stack.services)) {
      const response = await app.inject({ method: 'GET', url: '/docs/json' });
      const generated = `${JSON.stringify(response.json(), null, 2)}\n`;
      const file = `${docsDir}${name}.openapi.json`;
      if (process.env.UPDATE_OPENAPI === '1' || !existsSync(file)) {
        mkdirSync(docsDir, { recursive: true });
        writeFileSync(file, generated);
      }
      expect(readFileSync(file, 'utf8'), `${file} is stale: run UPDATE_OPENAPI=1 npm test`).toBe(
        generated,
      );
    }
  });
});
