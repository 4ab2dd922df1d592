import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkFileSizes,
  DATA_TABLES,
  MAX_SOURCE_LINES,
  OVER_LIMIT_PENDING,
} from '../src/house/file-size.js';
import { repoRoot } from '../src/paths.js';

describe('house rule: no source file over 450 lines', () => {
  it('holds for this repository (data tables and the pending splits named in the rule)', () => {
    const report = checkFileSizes(repoRoot);
    expect(report.over, 'split these files by job (tools/stack/src/house/file-size.ts)').toEqual(
      [],
    );
    expect(report.stale, 'split already: take them off OVER_LIMIT_PENDING').toEqual([]);
  });

  it('names only files that exist (an exemption left behind by a move exempts nothing)', () => {
    const missing = [...Object.keys(DATA_TABLES), ...Object.keys(OVER_LIMIT_PENDING)].filter(
      (file) => !existsSync(path.join(repoRoot, file)),
    );
    expect(missing).toEqual([]);
  });

  it('says why each exemption is there', () => {
    for (const why of [...Object.values(DATA_TABLES), ...Object.values(OVER_LIMIT_PENDING)])
      expect(why.length).toBeGreaterThan(10);
  });

  describe('on a repository of its own', () => {
    let root: string | undefined;
    afterEach(() => {
      if (root) rmSync(root, { recursive: true, force: true });
      root = undefined;
    });
    const write = (file: string, lines: number) => {
      const full = path.join(root!, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, 'export const x = 1;\n'.repeat(lines));
    };
    const rule = {
      dataTables: { 'packages/words/src/words.ts': 'a word list, one word a line' },
      pending: { 'services/a/src/big.ts': 'being split' },
    };

    it('fails a source file that grows past the limit, and only source files', () => {
      root = mkdtempSync(path.join(os.tmpdir(), 'pv-file-size-'));
      write('packages/kit/src/ok.ts', MAX_SOURCE_LINES);
      write('packages/kit/src/grown.ts', MAX_SOURCE_LINES + 1);
      write('apps/web/src/page.tsx', MAX_SOURCE_LINES + 30);
      write('scripts/tool.mjs', MAX_SOURCE_LINES + 2);
      write('packages/words/src/words.ts', 2000);
      write('services/a/src/big.ts', 900);
      // not source: tests, benches, browser suites, installs, build output
      write('packages/kit/test/long.test.ts', 2000);
      write('services/a/src/long.test.ts', 2000);
      write('apps/web/e2e/flow.e2e.ts', 2000);
      write('services/a/bench/load.ts', 2000);
      write('packages/kit/node_modules/dep/index.js', 2000);
      write('apps/web/dist/assets/index.js', 2000);
      const report = checkFileSizes(root, rule);
      expect(report.over.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
        { file: 'apps/web/src/page.tsx', lines: MAX_SOURCE_LINES + 30 },
        { file: 'packages/kit/src/grown.ts', lines: MAX_SOURCE_LINES + 1 },
        { file: 'scripts/tool.mjs', lines: MAX_SOURCE_LINES + 2 },
      ]);
      expect(report.stale).toEqual([]);
    });

    it('reports a pending file that was split, so the list only shrinks', () => {
      root = mkdtempSync(path.join(os.tmpdir(), 'pv-file-size-'));
      write('services/a/src/big.ts', 300);
      expect(checkFileSizes(root, rule)).toEqual({
        over: [],
        stale: [{ file: 'services/a/src/big.ts', lines: 300 }],
      });
    });
  });
});
