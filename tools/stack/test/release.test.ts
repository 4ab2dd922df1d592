// The release rule (docs/releases.md): changesets become one product version, a root CHANGELOG
// entry and a vX.Y.Z tag; every workspace package is in the one fixed group.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.js';

// The root script, loaded by path: scripts/ is no package to import from.
const { pendingChangesets, withRelease } = (await import(
  pathToFileURL(path.join(repoRoot, 'scripts', 'release.mjs')).href
)) as {
  pendingChangesets: (dir: string) => { file: string; summary: string }[];
  withRelease: (changelog: string, version: string, date: string, summaries: string[]) => string;
};

describe('the release script', () => {
  it('reads the pending changesets, not the README', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pv-changesets-'));
    try {
      writeFileSync(path.join(dir, 'README.md'), '# Changesets');
      writeFileSync(path.join(dir, 'config.json'), '{}');
      writeFileSync(
        path.join(dir, 'brave-owls.md'),
        '---\n"@pv/auth": patch\n---\n\nLogin answers 429 with Retry-After.\n',
      );
      expect(pendingChangesets(dir)).toEqual([
        { file: 'brave-owls.md', summary: 'Login answers 429 with Retry-After.' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the new version on top of the root changelog', () => {
    const before = '# Changelog\n\nIntro.\n\n## 0.1.0\n\nFirst.\n';
    expect(withRelease(before, '0.2.0', '2026-11-28', ['One.', 'Two\nlines.'])).toBe(
      '# Changelog\n\nIntro.\n\n## 0.2.0 (2026-11-28)\n\n- One.\n- Two lines.\n\n## 0.1.0\n\nFirst.\n',
    );
  });
});

describe('the changeset configuration', () => {
  const config = JSON.parse(readFileSync(path.join(repoRoot, '.changeset', 'config.json'), 'utf8'));

  it('moves every @pv package together, private ones included, with no network', () => {
    expect(config.fixed).toEqual([['@pv/*']]);
    expect(config.privatePackages).toMatchObject({ version: true });
    // The default generator writes from the changesets alone (no GitHub lookups).
    expect(config.changelog).toBe('@changesets/cli/changelog');
  });

  it('covers every workspace package (all named @pv/...) at one version', () => {
    const versions = new Set<string>();
    for (const group of ['apps', 'packages', 'services', 'tools', 'tests']) {
      for (const name of readdirSync(path.join(repoRoot, group))) {
        const file = path.join(repoRoot, group, name, 'package.json');
        let pkg: { name: string; version: string };
        try {
          pkg = JSON.parse(readFileSync(file, 'utf8'));
        } catch {
          continue;
        }
        expect(pkg.name, file).toMatch(/^@pv\//);
        versions.add(pkg.version);
      }
    }
    expect([...versions]).toHaveLength(1);
  });
});
