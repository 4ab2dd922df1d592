/**
 * Initial JavaScript of `/` (budget: FIRST_PAINT_BUDGET_GZIP of vite.config.ts): the entry chunk, the
 * chunks of its start-up steps (the entry's `import()`s), the `/` route's lazy chunk (the workspace page, requested as soon as the router renders `/`) and every
 * chunk those two import statically. Chunks only other routes or later interactions load are
 * not counted.
 *
 *   cd apps/workspace-web && node --import tsx bench/initial-js.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { FIRST_PAINT_BUDGET_GZIP } from '../vite.config';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

// The build's own budget (vite.config.ts), reported here beside the chunks.
const BUDGET_BYTES = FIRST_PAINT_BUDGET_GZIP;
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTE_CHUNK = 'src/pages/workspace/workspace-page.tsx';

const outDir = mkdtempSync(path.join(tmpdir(), 'pv-initial-js-'));
try {
  await build({
    root: appDir,
    // vite.config.ts imports @pv/web-kit/build, TypeScript the default config bundler leaves out.
    configLoader: 'runner',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;

  const counted = new Map<string, { raw: number; gzip: number }>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || counted.has(chunk.file)) return;
    const bytes = readFileSync(path.join(outDir, chunk.file));
    counted.set(chunk.file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  visit('index.html');
  // The entry's own import()s are the app's start-up steps (src/main.tsx): first paint too.
  for (const step of manifest['index.html']?.dynamicImports ?? []) visit(step);
  if (!manifest[ROUTE_CHUNK]) throw new Error(`no chunk for ${ROUTE_CHUNK} in the manifest`);
  visit(ROUTE_CHUNK);

  const rows = [...counted.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
  const total = rows.reduce((sum, [, size]) => sum + size.gzip, 0);
  const totalRaw = rows.reduce((sum, [, size]) => sum + size.raw, 0);
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log('| chunk | raw KB | gzip KB |\n| --- | ---: | ---: |');
  for (const [file, size] of rows) console.log(`| ${file} | ${kb(size.raw)} | ${kb(size.gzip)} |`);
  console.log(`| **total (${rows.length} chunks)** | ${kb(totalRaw)} | **${kb(total)}** |`);
  console.log(
    `\nInitial JS of / : ${kb(total)} KB gzip; budget ${kb(BUDGET_BYTES)} KB: ${
      total <= BUDGET_BYTES ? 'met' : 'NOT met'
    }`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
