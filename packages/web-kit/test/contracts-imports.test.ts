import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Everything the SPAs' bundles (and their tests) are built from. */
const SPA_FOLDERS = [
  'apps/workspace-web/src',
  'apps/workspace-web/e2e',
  'apps/admin-web/src',
  'apps/admin-web/e2e',
  'packages/web-kit/src',
];

const IMPORT_FROM_ROOT = /\b(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'@pv\/contracts'/g;

/**
 * The imports of `source` that bring a value (not only types) from the contracts' root entry,
 * which would pull the schemas and TypeBox into a bundle.
 */
function valueImportsFromContractsRoot(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT_FROM_ROOT)) {
    if (match[2]) continue;
    const names = /^\{([^}]*)\}$/.exec(match[3]!.trim());
    const valueNames = names
      ? names[1]!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '' && !name.startsWith('type '))
      : [match[3]!.trim()];
    if (valueNames.length > 0) found.push(match[0]);
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  const absolute = path.join(repo, folder);
  return readdirSync(absolute).flatMap((name) => {
    const file = path.join(absolute, name);
    if (statSync(file).isDirectory()) return sourceFiles(path.join(folder, name));
    return /\.tsx?$/.test(name) ? [path.join(folder, name)] : [];
  });
}

describe('the SPAs take contract values from @pv/contracts/constants', () => {
  it('tells a value import from a type-only one', () => {
    expect(valueImportsFromContractsRoot("import { Messages } from '@pv/contracts';")).toHaveLength(
      1,
    );
    expect(
      valueImportsFromContractsRoot("import { type A, SPECIALTIES } from '@pv/contracts';"),
    ).toHaveLength(1);
    expect(valueImportsFromContractsRoot("import type { A, B } from '@pv/contracts';")).toEqual([]);
    expect(valueImportsFromContractsRoot("import { type A } from '@pv/contracts';")).toEqual([]);
    expect(
      valueImportsFromContractsRoot("import { Messages } from '@pv/contracts/constants';"),
    ).toEqual([]);
  });

  it('no SPA file imports a value from the contracts root (its schemas and TypeBox)', () => {
    const files = SPA_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      valueImportsFromContractsRoot(readFileSync(path.join(repo, file), 'utf8')).map(
        (statement) => `${file}: ${statement}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
