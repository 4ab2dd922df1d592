// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EmailMessages, MEMBER_VIEWS, RegistryMessages } from '@pv/contracts/constants';
import type { FirstPaintChunk } from '@pv/web-kit/build';
import { scaled } from '@pv/web-kit/testing';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_BUDGET_GZIP } from '../vite.config';
import { UserAreaStrings } from './strings/account';
import { ShellStrings } from './strings/shell';

// Issue 25 items 1-2, on the real production build: the first-paint budget holds, every text
// file has brotli and gzip twins the gateway can serve, and `/` preloads its route's chunks.

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir: string;
let measured: FirstPaintChunk[] = [];

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'pv-workspace-build-'));
  // Vitest sets NODE_ENV=test, which would build React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: appDir,
    mode: 'production',
    // As `npm run build`: vite.config.ts imports @pv/web-kit/build (TypeScript).
    configLoader: 'runner',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
    // Reads what the config's own budget plugin measured (same walk, same bytes).
    plugins: [
      {
        name: 'test:first-paint-report',
        async generateBundle(_options, bundle) {
          const { firstPaintChunks } = await import('@pv/web-kit/build');
          measured = firstPaintChunks(
            bundle as unknown as Parameters<typeof firstPaintChunks>[0],
            'src/pages/workspace/workspace-page.tsx',
          );
        },
      },
    ],
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  // A production build of the whole SPA on a shared 2-core machine: wait for it, however slow.
}, scaled(300_000));
afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A pre-rendered copy opens with its global styles' tags, then the one tag of its elements'. */
const INLINE_STYLES =
  /<div id="pv-shell" inert>(?:<style data-emotion="css-global \w+">[^<]*<\/style>)*<style data-emotion="css [\w -]+">/;

describe('the workspace production build', () => {
  it('keeps first-paint JavaScript within its budget', () => {
    const total = measured.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    expect(measured.length).toBeGreaterThan(1);
    expect(total).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_GZIP);
  });

  it('leaves Stripe.js and the Super Transcritor out of first paint', () => {
    const firstPaint = measured
      .map((chunk) => readFileSync(path.join(outDir, chunk.file), 'utf8'))
      .join('\n');
    // @stripe/stripe-js's loader names its script; only the subscription page needs it.
    expect(firstPaint).not.toContain('js.stripe.com');
    // The realtime client's default address: loaded when a recording first uses it.
    expect(firstPaint).not.toContain('stt-rt.soniox.com');
  });

  it('writes brotli and gzip twins of every script, style sheet and the page', () => {
    const assets = readdirSync(path.join(outDir, 'assets')).map((f) => `assets/${f}`);
    const texts = ['index.html', ...assets].filter(
      (file) =>
        /\.(?:js|css|html)$/.test(file) && readFileSync(path.join(outDir, file)).length >= 512,
    );
    expect(texts.length).toBeGreaterThan(5);
    for (const file of texts) {
      const original = readFileSync(path.join(outDir, file));
      const br = readFileSync(path.join(outDir, `${file}.br`));
      const gz = readFileSync(path.join(outDir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      if (original.length > 4096) expect(br.length).toBeLessThan(original.length / 2);
    }
  });

  it("pre-renders the visitor's / and /auth/login into pages that paint before the JavaScript", () => {
    const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const withoutCopy = (html: string) =>
      html.replace(
        /<style>#pv-shell[^<]*<\/style>|<div id="pv-shell" inert>.*(?=<div id="root">)/gs,
        '',
      );
    const pages = {
      'visitor/index.html': ['Pressione e inicie a transcrição', 'Aproveite mais com uma conta'],
      'visitor/auth/login.html': ['Entrar'],
    };
    for (const [file, texts] of Object.entries(pages)) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      // The same document as index.html (the same entry), with the drawn page before #root and
      // without the preloads, which would compete with the page for a phone's line.
      expect(withoutCopy(html)).toBe(
        withoutCopy(index).replace(/\s*<link rel="modulepreload"[^>]*>/g, ''),
      );
      // Shown on phones only, where it was drawn for one; elsewhere #root as before.
      expect(html).toContain(
        '<style>#pv-shell{display:none}@media (max-width:899.95px){#pv-shell{display:block}#pv-shell~#root{display:none}}</style>',
      );
      expect(html).not.toMatch(/<div id="pv-shell".*data-testid=.*<div id="root">/s);
      // Its styles are inline: the elements' in one tag (the SPA's emotion adopts it as already
      // inserted), each global style (the baseline's reset) in a tag its <Global> takes over.
      // Nothing but the HTML itself is needed to paint it.
      expect(html).toMatch(INLINE_STYLES);
      expect(html.match(/<style data-emotion="css /g)).toHaveLength(1);
      expect(html).toMatch(/<style data-emotion="css-global \w+">html\{/);
      for (const text of texts) expect(html).toContain(text);
      expect(html).not.toContain('<script>');
    }
  });

  it("pre-renders a signed-in user's / and /user once per member view, with nothing personal", () => {
    const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const copyOf = (html: string) =>
      /<div id="pv-shell" inert>(.*)(?=<div id="root">)/s.exec(html)?.[1] ?? '';
    const withoutCopy = (html: string) => html.replace(copyOf(html), '');
    for (const view of MEMBER_VIEWS) {
      const parts = new Set(view.split('-'));
      for (const file of [`member/${view}/index.html`, `member/${view}/user.html`]) {
        const html = readFileSync(path.join(outDir, file), 'utf8');
        const copy = copyOf(html);
        // The same document as the visitor's pages: index.html without preloads, one style tag.
        expect(withoutCopy(html)).toBe(
          withoutCopy(index).replace(/\s*<link rel="modulepreload"[^>]*>/g, ''),
        );
        expect(`<div id="pv-shell" inert>${copy}`).toMatch(INLINE_STYLES);
        const markup = copy.replace(/<style[^>]*>.*?<\/style>/gs, '');
        // (Booleans: a failure names the file and the text, not 100 KB of markup.)
        const has = (text: string) => [file, text, markup.includes(text)];
        expect(has('data-testid=')).toEqual([file, 'data-testid=', false]);
        // Somebody's page, but nobody in particular: the user menu with a blank avatar, no
        // login button, no address.
        expect(has(`aria-label="${ShellStrings.userMenu}"`)[2]).toBe(true);
        expect(has('MuiAvatar-fallback')[2]).toBe(true);
        expect(has('href="/auth"')).toEqual([file, 'href="/auth"', false]);
        expect(has('@')).toEqual([file, '@', false]);
        // What the view names, and only that.
        const unconfirmed = parts.has('unconfirmed');
        expect(has(EmailMessages.pendingBanner)).toEqual([
          file,
          EmailMessages.pendingBanner,
          unconfirmed,
        ]);
        if (file.endsWith('index.html')) {
          expect(has('Pressione e inicie a transcrição')[2]).toBe(true);
          const free = !parts.has('premium');
          expect(has(ShellStrings.noticeFreeTitle)).toEqual([
            file,
            ShellStrings.noticeFreeTitle,
            free,
          ]);
          const noRegistry = parts.has('noregistry');
          expect(has(RegistryMessages.registryMissing)).toEqual([
            file,
            RegistryMessages.registryMissing,
            noRegistry,
          ]);
        } else {
          expect(has(UserAreaStrings.title)[2]).toBe(true);
        }
      }
    }
  });

  it('paints the frame (header and spinner) from index.html for every other page', () => {
    const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const frame = /<div id="pv-shell" inert>(.*)(?=<div id="root">)/s.exec(index)?.[1] ?? '';
    expect(frame).toContain('Prontuário por Voz');
    expect(frame).toContain('MuiCircularProgress-root');
    // Nobody's page in it: no login button, no card, no user.
    expect(frame).not.toContain('Pressione e inicie a transcrição');
    expect(frame).not.toContain('href="/auth"');
    expect(index).toContain(
      '<style>#pv-shell{display:none}@media (max-width:899.95px){#pv-shell{display:block}#pv-shell~#root{display:none}}</style>',
    );
    // The page behind it still loads at once, after the frame (low priority).
    expect(index).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/workspace-page-/,
    );
    expect(index).not.toMatch(/<link rel="modulepreload" crossorigin/);
  });

  it('starts in steps: the entry holds only the start-up, React and the app are chunks of their own', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1];
    const entryChunk = measured.find((chunk) => chunk.file === entry);
    // src/main.tsx and the kit's startInSteps; React alone is ~200 KB.
    expect(entryChunk?.rawBytes).toBeLessThan(8 * 1024);
    expect(measured.some((chunk) => /^assets\/app-/.test(chunk.file))).toBe(true);
  });

  it('preloads the chunks of / beside the entry, so they do not wait for it to run', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const preloaded = [
      ...html.matchAll(
        /<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="\/([^"]+)"/g,
      ),
    ].map((m) => m[1]);
    const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1];
    for (const chunk of measured) {
      if (chunk.file !== entry) expect(preloaded).toContain(chunk.file);
    }
    expect(preloaded.some((file) => file?.includes('workspace-page'))).toBe(true);
  });
});
