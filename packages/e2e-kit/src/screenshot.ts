import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { e2eDataDir } from './paths.js';

/** Where saveScreenshot writes. */
export const screenshotDir = path.join(e2eDataDir, 'screenshots');

/**
 * Saves a full-page PNG to .data/e2e/screenshots/<name>.png and returns its path.
 *
 * @example
 *   await saveScreenshot(page, 'workspace-home'); // .data/e2e/screenshots/workspace-home.png
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-');
  const file = path.join(screenshotDir, `${safe}.png`);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
