import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ensureChromium } from './chromium.js';

/** The flags Debian's Chromium needs to run headless in a container without reaching out. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /** A WAV file the fake microphone plays (getUserMedia is granted without a prompt). */
  fakeAudioFile?: string;
}

/**
 * Headless Chromium (see ensureChromium). playwright-core gives every launch a fresh profile
 * (its own --user-data-dir in the temporary folder, deleted on close; it refuses the flag in
 * `args`), so no state leaks from one run to the next.
 * With `fakeAudioFile`, the page's microphone plays that WAV file.
 *
 * @example
 *   const browser = await launchBrowser({ fakeAudioFile: 'e2e/fixtures/consulta.wav' });
 *   try { ... } finally { await browser.close(); }
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = ensureChromium();
  const args = [...CHROMIUM_ARGS];
  if (options.fakeAudioFile) {
    args.push(
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${path.resolve(options.fakeAudioFile)}`,
    );
  }
  return chromium.launch({ executablePath, headless: true, args });
}

export interface NewPageOptions {
  baseUrl: string;
  viewport?: { width: number; height: number };
  /** Browser locale; the product is pt-BR. */
  locale?: string;
}

/**
 * A page in a new context (own cookies) whose relative `goto('/x')` resolve against `baseUrl`.
 *
 * @example
 *   const page = await newPage(browser, { baseUrl: stack.baseUrl });
 *   await page.goto('/');
 */
export async function newPage(browser: Browser, options: NewPageOptions): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: options.baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  // Closing the page alone would leave its context (and cookies) open until the browser closes.
  page.once('close', () => void context.close().catch(() => {}));
  return page;
}

/**
 * Records what a page should never do: uncaught errors, and (when a list is given) resources
 * the Content Security Policy blocked. Specs assert the lists stay empty.
 * @example
 *   const pageErrors: string[] = [];
 *   watchPageProblems(page, pageErrors);
 *   // ...at the end: expect(pageErrors).toEqual([]);
 */
export function watchPageProblems(page: Page, pageErrors: string[], cspViolations?: string[]) {
  page.on('pageerror', (error) => pageErrors.push(error.message));
  if (!cspViolations) return;
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
}
