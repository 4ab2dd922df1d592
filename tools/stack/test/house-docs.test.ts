import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  commentsOf,
  configTable,
  README,
  undescribed,
  withTable,
} from '../src/docs/config-table.js';
import { repoRoot } from '../src/paths.js';

// The house's documentation rules (docs/ARCHITECTURE.md): a comment cites docs/ (or nothing),
// never a section of the product spec, a document that is not in the repository.
const SPEC_SECTION = /spec \d+ §/i;
const SOURCE = ['*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs'];

/** Tracked and new (not ignored) source files: what the next commit would hold. */
function sourceFiles(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...SOURCE],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return out.split('\n').filter(Boolean);
}

/** `file:line` of every line citing a spec section. */
function specCitations(files: string[], read: (file: string) => string): string[] {
  const hits: string[] = [];
  for (const file of files) {
    const lines = read(file).split('\n');
    lines.forEach((line, i) => {
      if (SPEC_SECTION.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return hits;
}

describe('house documentation rules', () => {
  it('finds a citation of a spec section, whatever its case', () => {
    const files: Record<string, string> = {
      'a.ts': '// Spec 2 \u00a79: cached data\nconst x = 1;\n',
      'b.ts': '/** the seven fields of spec 1 \u00a73 */\n',
      'c.ts': '// RFC 9110 §7.6.1 and the spec 3 fields\n',
    };
    expect(specCitations(Object.keys(files), (f) => files[f] ?? '')).toEqual([
      'a.ts:1: // Spec 2 \u00a79: cached data',
      'b.ts:1: /** the seven fields of spec 1 \u00a73 */',
    ]);
  });

  it('no source file cites a section of the product spec', () => {
    const hits = specCitations(sourceFiles(), (file) => {
      try {
        return readFileSync(path.join(repoRoot, file), 'utf8');
      } catch {
        return ''; // deleted in the work tree, not yet in the index
      }
    });
    expect(hits, 'cite docs/ or nothing').toEqual([]);
  });

  it('reads the comment right above a variable, not one further up', () => {
    const source = [
      '  /** One. */',
      '  /** Two, on',
      '   * two lines. */',
      '  B_VAR: Type.String(),',
      '  C_VAR: Type.String(),',
    ].join('\n');
    expect([...commentsOf(source)]).toEqual([['B_VAR', 'Two, on two lines.']]);
  });

  it('every configuration variable has a description', async () => {
    expect(await undescribed()).toEqual([]);
  });

  it("the README's configuration table is what the schemas say", async () => {
    const readme = readFileSync(README, 'utf8');
    // Stale: run `node --import tsx tools/stack/src/docs/config-table.ts` and commit README.md.
    expect(withTable(readme, await configTable())).toBe(readme);
  });

  it('every package, service, app, tool and test package has a README', () => {
    const missing: string[] = [];
    for (const group of ['apps', 'packages', 'services', 'tools', 'tests']) {
      const dir = path.join(repoRoot, group);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)) {
        const pkg = path.join(dir, name);
        if (!existsSync(path.join(pkg, 'package.json'))) continue;
        if (!existsSync(path.join(pkg, 'README.md'))) missing.push(`${group}/${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('docs/decisions.md stays a reference: under 900 lines', () => {
    // Decisions by topic, newest last; the story of each round is in git, the map in
    // docs/ARCHITECTURE.md. A round's section is folded into its topics when merged.
    const lines = readFileSync(path.join(repoRoot, 'docs', 'decisions.md'), 'utf8').split('\n');
    expect(lines.length).toBeLessThan(900);
  });
});
