import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The kit is a toolbox (README, "Exports"): no root barrel, each kit module in exactly one
// subpath, and only `http` loads Fastify, so a worker that needs jobs and the runtime does not.
const kit = join(import.meta.dirname, '..');
const src = join(kit, 'src');
const entries = readdirSync(join(src, 'entries')).map((file) => file.replace(/\.ts$/, ''));
const reExported = (entry: string) =>
  [
    ...readFileSync(join(src, 'entries', `${entry}.ts`), 'utf8').matchAll(/from '\.\.\/(.+)\.js'/g),
  ].map((match) => match[1] ?? '');

describe("the kit's subpaths", () => {
  it('have no root barrel: a subpath per entry, plus supervised, testing and time-scale', () => {
    const manifest = JSON.parse(readFileSync(join(kit, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.exports).sort()).toEqual(
      [...entries.map((entry) => `./${entry}`), './supervised', './testing', './time-scale'].sort(),
    );
    for (const entry of entries) {
      expect(manifest.exports[`./${entry}`]).toBe(`./src/entries/${entry}.ts`);
    }
  });

  it('export every module of the kit from exactly one entry', () => {
    // Internal: formats.ts registers TypeBox formats as a side effect of the modules that
    // validate; job-store.ts holds the Redis keys the queue and its workers share.
    const internal = new Set(['formats.ts', 'job-store.ts']);
    // A folder of one job (events/) is a module through its index; testing/ has its own subpath.
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
      .filter((entry) => existsSync(join(src, entry.name, 'index.ts')))
      .map((entry) => `${entry.name}/index`);
    const modules = readdirSync(src)
      .filter((file) => file.endsWith('.ts') && !internal.has(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .concat(folders);
    const exported = entries.flatMap(reExported);
    expect([...exported].sort()).toEqual(modules.sort());
  });

  it.each(entries)('%s loads Fastify only if it is the http entry', (entry) => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'entry-probe.ts'), entry],
      { encoding: 'utf8', cwd: kit },
    );
    const probe = JSON.parse(out.trim().split('\n').pop() ?? '{}');
    if (entry === 'http') expect(probe.fastify).toContain('fastify');
    else expect(probe).toEqual({ entry, fastify: [] });
  });
});
