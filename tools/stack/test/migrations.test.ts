import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.js';

// The rule of docs/releasing.md: every migration either has a `down` or says, in an exported
// `irreversible`, why it cannot have one. A new migration file without either fails here.
const migrationFiles = readdirSync(path.join(repoRoot, 'services')).flatMap((service) => {
  const dir = path.join(repoRoot, 'services', service, 'src', 'db', 'migrations');
  try {
    return readdirSync(dir)
      .filter((file) => /^\d{4}_\d{2}_\d{2}_\d{4}_.+\.ts$/.test(file))
      .map((file) => path.join(dir, file));
  } catch {
    return [];
  }
});

describe('service migrations', () => {
  it('are found in every service that has a database', () => {
    expect(migrationFiles.length).toBeGreaterThanOrEqual(23);
  });

  it.each(migrationFiles.map((file) => [path.relative(repoRoot, file), file]))(
    '%s has a down or says why it is irreversible',
    async (_name, file) => {
      const migration = (await import(file)) as { down?: unknown; irreversible?: unknown };
      const hasDown = typeof migration.down === 'function';
      const why = typeof migration.irreversible === 'string' ? migration.irreversible : '';
      // One or the other, not both: an `irreversible` next to a `down` would contradict itself.
      expect(hasDown !== why.length > 0, 'exactly one of `down` and `irreversible`').toBe(true);
      if (!hasDown) expect(why.length, 'a reason a reader can act on').toBeGreaterThan(40);
    },
  );
});
