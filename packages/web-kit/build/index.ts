/**
 * Build-time pieces both SPAs' vite.config.ts use (Node only, never bundled into a SPA):
 * precompressed twins of the output for the gateway, the first-paint JavaScript budget and
 * the preload of the first route's chunks (issue 25 items 1-2).
 */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const execFileAsync = promisify(execFile);

/** Text worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed twin saves less than its headers cost. */
const MIN_BYTES = 512;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
    return [full];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of
 * the output, once per build, so the gateway serves them without compressing per request
 * (`@fastify/static` preCompressed in services/gateway/src/routes/spa.ts).
 */
export function precompress(): Plugin {
  return {
    name: 'pv:precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options) {
        const outDir = options.dir;
        if (!outDir) return;
        const files = filesUnder(outDir).filter(
          (file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES,
        );
        // zlib's thread pool compresses several files at once.
        await Promise.all(
          files.map(async (file) => {
            const bytes = await readFile(file);
            const params = {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            };
            const [br, gz] = await Promise.all([
              brotliAsync(bytes, { params }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

/** A chunk of the output as the first-paint walk needs it. */
interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
  code?: string;
  source?: string | Uint8Array;
}

export interface FirstPaintChunk {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a browser runs before the first route paints: the entry chunk, the chunks the
 * entry imports itself (`import()` in main.tsx: the app's start-up steps), the route's lazy
 * chunk (the router asks for it at once) and every chunk those import statically. Chunks that
 * load later (other routes, cards opened on demand) are not counted.
 */
export function firstPaintFiles(
  bundle: Record<string, OutputChunkLike>,
  routeModule: string,
): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(routeModule));
  if (!entry) throw new Error('no entry chunk in the bundle');
  if (!route) throw new Error(`no chunk for ${routeModule} in the bundle`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || seen.has(fileName)) return;
    seen.add(fileName);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  visit(entry.fileName);
  for (const step of entry.dynamicImports ?? []) visit(step);
  visit(route.fileName);
  return [...seen];
}

/** The first-paint chunks with their sizes raw and gzip -9, biggest first. */
export function firstPaintChunks(
  bundle: Record<string, OutputChunkLike>,
  routeModule: string,
): FirstPaintChunk[] {
  return firstPaintFiles(bundle, routeModule)
    .map((file) => {
      const bytes = Buffer.from(bundle[file]?.code ?? '');
      return {
        file,
        rawBytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export interface FirstPaintBudgetOptions {
  /** The first route's page module, e.g. `src/pages/workspace/workspace-page.tsx`. */
  routeModule: string;
  /** The most first-paint JavaScript allowed, in gzip bytes. */
  maxGzipBytes: number;
  /** Receives the measured chunks (the build's test and bench read them). */
  report?: (chunks: FirstPaintChunk[]) => void;
}

/**
 * Fails the build when the first-paint JavaScript grows past the budget, naming the chunks,
 * so a heavy import on the first route is caught where it is made.
 */
export function firstPaintBudget(options: FirstPaintBudgetOptions): Plugin {
  return {
    name: 'pv:first-paint-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = firstPaintChunks(
        bundle as unknown as Record<string, OutputChunkLike>,
        options.routeModule,
      );
      options.report?.(chunks);
      const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
      if (total > options.maxGzipBytes) {
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
        const list = chunks.map((c) => `  ${c.file}: ${kb(c.gzipBytes)}`).join('\n');
        this.error(
          `first-paint JavaScript is ${kb(total)} gzip, over its budget of ${kb(options.maxGzipBytes)}:\n${list}`,
        );
      }
    },
  };
}

/**
 * Adds `<link rel="modulepreload">` for the first route's lazy chunk and its imports, so the
 * browser fetches them beside the entry instead of after the entry has run (one round trip
 * less on a phone's connection). Vite already preloads the entry's own static imports.
 */
export function preloadRoute(routeModule: string): Plugin {
  let base = '/';
  return {
    name: 'pv:preload-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as unknown as Record<string, OutputChunkLike> | undefined;
        if (!bundle) return [];
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        const alreadyLoaded = new Set<string>();
        const mark = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || alreadyLoaded.has(fileName)) return;
          alreadyLoaded.add(fileName);
          for (const dependency of chunk.imports ?? []) mark(dependency);
        };
        if (entry) mark(entry.fileName);
        const files = firstPaintFiles(bundle, routeModule).filter(
          (file) => !alreadyLoaded.has(file),
        );
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The element around a pre-rendered page; the SPA removes it once its own page is drawn. */
export const SHELL_ID = 'pv-shell';

/** Where the page pre-rendered for a visitor at `pathname` is written, beside index.html. */
export function visitorPageFile(pathname: string): string {
  return pathname === '/' ? 'visitor/index.html' : `visitor${pathname}.html`;
}

/** Where the page pre-rendered for a signed-in user of `view` at `pathname` is written. */
export function memberPageFile(view: string, pathname: string): string {
  return pathname === '/' ? `member/${view}/index.html` : `member/${view}${pathname}.html`;
}

export interface PrerenderVisitorPagesOptions {
  /**
   * The app's Node-side module (`src/shell/prerender.tsx`): `SHELL_ROUTES`, `render(path)`;
   * optionally `renderFrame()`, and `MEMBER_VIEWS`, `MEMBER_ROUTES`, `renderMember(path, view)`.
   */
  entry: string;
  /** The screens the pages are drawn for, e.g. `(max-width:899.95px)`; elsewhere #root as before. */
  media: string;
}

/**
 * Pre-renders the pages a visitor (no session) opens first into `visitor/<path>.html`: the
 * built index.html with the route drawn by `react-dom/server` (emotion's styles inline) before
 * `#root`, which stays hidden until the SPA has drawn the same page and removed the copy. The
 * gateway answers a navigation without a session cookie with it, so the first screen paints
 * from the HTML instead of waiting for the JavaScript (issue 25; docs/decisions.md "web25").
 * Signed-in users get index.html as before: no visitor content flashes for them. The copy is
 * `inert`: nothing typed or clicked in it would survive the swap. Drawn for the screens of
 * `media` (phones: the app's JavaScript media queries answered for one), shown only there.
 * If the entry also exports `renderFrame()` (the layout before "who is visiting" is answered),
 * index.html itself gets that frame the same way, for every page without a copy of its own.
 * If it exports `renderMember(path, view)`, each member view's pages go to
 * `member/<view>/<path>.html` the same way: a signed-in user's first screens, nothing personal
 * (the gateway picks them by the view cookie the SPA writes: @pv/contracts MEMBER_VIEW_COOKIE).
 */
export function prerenderVisitorPages(options: PrerenderVisitorPagesOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'pv:prerender-visitor-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle: {
      sequential: true,
      async handler(output) {
        const outDir = output.dir;
        if (!outDir) return;
        const { stdout } = await execFileAsync(
          process.execPath,
          [fileURLToPath(new URL('./prerender-child.mjs', import.meta.url)), root, options.entry],
          { env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 },
        );
        const { pages, members, frame } = JSON.parse(stdout) as {
          pages: Record<string, string>;
          members: Record<string, Record<string, string>>;
          frame: string | null;
        };
        const indexFile = path.join(outDir, 'index.html');
        const index = await readFile(indexFile, 'utf8');
        const mount = '<div id="root"></div>';
        if (!index.includes(mount)) throw new Error(`index.html has no ${mount}`);
        /** `html` with `body` drawn before #root, shown instead of it on `media` screens. */
        const withCopy = (html: string, body: string) =>
          html
            .replace(
              '</head>',
              `<style>#${SHELL_ID}{display:none}@media ${options.media}{#${SHELL_ID}{display:block}#${SHELL_ID}~#root{display:none}}</style></head>`,
            )
            // Tests address the SPA's page, never the copy.
            .replace(
              mount,
              `<div id="${SHELL_ID}" inert>${body.replace(/ data-testid="[^"]*"/g, '')}</div>${mount}`,
            );
        // The page paints from the HTML: the chunks load at the entry's pace instead of
        // competing with the page for the line (Lighthouse counts preloads, which it gives a
        // high priority, as holding the first paint).
        const withoutPreloads = index.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        const written: [file: string, body: string][] = [
          ...Object.entries(pages).map(([pathname, body]): [string, string] => [
            visitorPageFile(pathname),
            body,
          ]),
          ...Object.entries(members).flatMap(([view, byPath]) =>
            Object.entries(byPath).map(([pathname, body]): [string, string] => [
              memberPageFile(view, pathname),
              body,
            ]),
          ),
        ];
        for (const [relative, body] of written) {
          const file = path.join(outDir, relative);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, withCopy(withoutPreloads, body));
        }
        // Every other page paints the frame (header, spinner) from index.html instead of a
        // blank screen while its JavaScript loads. The preloads stay (the page needs them, all
        // at once) at a low priority: the frame paints from the HTML alone, and a preload of
        // high priority is a resource the first paint waits for (Lighthouse counts it so).
        if (frame !== null) {
          const lowPreloads = index.replaceAll(
            '<link rel="modulepreload"',
            '<link rel="modulepreload" fetchpriority="low"',
          );
          await writeFile(indexFile, withCopy(lowPreloads, frame));
        }
      },
    },
  };
}
