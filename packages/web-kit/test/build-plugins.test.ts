import { describe, expect, it } from 'vitest';
import { firstPaintBudget, firstPaintChunks, firstPaintFiles } from '../build/index.js';

// A bundle shaped like Rollup's: an entry importing a vendor chunk and, with `import()`, a
// start-up step that imports a library chunk; the first route's lazy chunk importing a shared
// one; and a chunk only another route loads.
const chunk = (fileName: string, code: string, extra: Record<string, unknown> = {}) => ({
  type: 'chunk' as const,
  fileName,
  code,
  imports: [] as string[],
  facadeModuleId: null as string | null,
  ...extra,
});
const bundle = {
  'assets/index-a.js': chunk('assets/index-a.js', 'entry();'.repeat(50), {
    isEntry: true,
    imports: ['assets/vendor-b.js'],
    dynamicImports: ['assets/app-f.js'],
    facadeModuleId: '/app/index.html',
  }),
  'assets/app-f.js': chunk('assets/app-f.js', 'app();'.repeat(50), {
    imports: ['assets/library-g.js'],
    facadeModuleId: '/app/src/app.tsx',
  }),
  'assets/library-g.js': chunk('assets/library-g.js', 'library();'.repeat(50)),
  'assets/vendor-b.js': chunk('assets/vendor-b.js', 'vendor();'.repeat(50)),
  'assets/workspace-page-c.js': chunk('assets/workspace-page-c.js', 'page();'.repeat(50), {
    imports: ['assets/shared-d.js', 'assets/vendor-b.js'],
    facadeModuleId: '/app/src/pages/workspace/workspace-page.tsx',
  }),
  'assets/shared-d.js': chunk('assets/shared-d.js', 'shared();'.repeat(50)),
  'assets/support-page-e.js': chunk('assets/support-page-e.js', 'support();'.repeat(5000), {
    facadeModuleId: '/app/src/pages/support/support-page.tsx',
  }),
  'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css', source: 'a{}' },
};
const ROUTE = 'src/pages/workspace/workspace-page.tsx';

describe('first-paint JavaScript', () => {
  it('counts the entry, its start-up steps, the first route and their static imports, never other routes', () => {
    expect(firstPaintFiles(bundle, ROUTE).sort()).toEqual([
      'assets/app-f.js',
      'assets/index-a.js',
      'assets/library-g.js',
      'assets/shared-d.js',
      'assets/vendor-b.js',
      'assets/workspace-page-c.js',
    ]);
    const chunks = firstPaintChunks(bundle, ROUTE);
    expect(chunks.every((c) => c.gzipBytes > 0 && c.gzipBytes < c.rawBytes)).toBe(true);
  });

  it('fails the build past the budget, naming the chunks, and passes within it', () => {
    const run = (maxGzipBytes: number) => {
      const errors: string[] = [];
      const plugin = firstPaintBudget({ routeModule: ROUTE, maxGzipBytes });
      const hook = plugin.generateBundle as (this: unknown, o: unknown, b: unknown) => void;
      hook.call(
        {
          error: (message: string) => {
            errors.push(message);
            throw new Error(message);
          },
        },
        {},
        bundle,
      );
      return errors;
    };
    expect(run(10_000)).toEqual([]);
    expect(() => run(50)).toThrow(/first-paint JavaScript is .* over its budget of 0\.0 KB/);
    expect(() => run(50)).toThrow(/assets\/workspace-page-c\.js/);
  });

  it('names a missing first route instead of measuring nothing', () => {
    expect(() => firstPaintFiles(bundle, 'src/pages/nope.tsx')).toThrow(/no chunk for/);
  });
});
