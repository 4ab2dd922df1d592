import { launchBrowser, newPage, watchPageProblems } from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { speechDouble } from './speech-helpers';

export interface WorkspaceSession {
  readonly baseUrl: string;
  /** Set once the suite's beforeAll ran; read them inside hooks and tests. */
  readonly browser: Browser;
  readonly page: Page;
  /** Uncaught page errors; suites assert it stays empty. */
  readonly pageErrors: string[];
}

/**
 * What most workspace suites start with: Chromium, one anonymous page with the Web Speech double,
 * the workspace open and ready ('Pressione e inicie a transcrição'), the browser closed after the
 * suite. Call it inside `describe`; it registers the suite's beforeAll and afterAll.
 *
 * @example
 *   const workspace = openWorkspaceForSuite({ viewport: { width: 1440, height: 900 } });
 *   it('...', async () => { await workspace.page.getByText('...').waitFor(); });
 */
export function openWorkspaceForSuite(
  options: { viewport?: { width: number; height: number } } = {},
): WorkspaceSession {
  const { baseUrl } = inject('e2e');
  const pageErrors: string[] = [];
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, {
      baseUrl,
      ...(options.viewport ? { viewport: options.viewport } : {}),
    });
    await page.addInitScript(speechDouble);
    watchPageProblems(page, pageErrors);
    await page.goto('/');
    await page.getByText('Pressione e inicie a transcrição').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the workspace suite has not started yet');
    return value;
  };
  return {
    baseUrl,
    get browser() {
      return started(browser);
    },
    get page() {
      return started(page);
    },
    pageErrors,
  };
}
