import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as root from '@pv/contracts';
import * as constants from '@pv/contracts/constants';
import { describe, expect, it } from 'vitest';

const constantsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/constants');

describe('@pv/contracts/constants', () => {
  it('imports nothing but its own files, so a bundle of it holds no schema or TypeBox', () => {
    const files = readdirSync(constantsDir).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(path.join(constantsDir, file), 'utf8');
      const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((match) => match[1]);
      for (const specifier of specifiers)
        expect(`${file}: ${specifier}`).toMatch(/: \.\/[\w-]+\.js$/);
    }
  });

  it('is re-exported whole by @pv/contracts, so the services see the same values', () => {
    const rootValues = new Map(Object.entries(root));
    const entries = Object.entries(constants);
    expect(entries.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Messages', 'SPECIALTIES', 'BRAZILIAN_UFS']),
    );
    for (const [name, value] of entries) expect(rootValues.get(name), name).toBe(value);
  });
});
