// The browser the browser suites drive: the system's Chromium (playwright-core never downloads one).
import { existsSync } from 'node:fs';
import { installMissingTools } from './apt.js';
import { findExecutable } from './host.js';

/** Where Debian and Ubuntu put their `chromium` package's launcher. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

function findInstalledChromium(): string | undefined {
  if (existsSync(DEFAULT_CHROMIUM_PATH)) return DEFAULT_CHROMIUM_PATH;
  return findExecutable('chromium') ?? findExecutable('chromium-browser');
}

/**
 * CHROMIUM_PATH when set (undefined when no such file), else an installed Chromium, after
 * installing Debian's `chromium` package when there is none and apt-get may be used.
 */
export function findChromium(
  logFile: string,
  announce?: (packages: string[]) => void,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) return existsSync(configured) ? configured : undefined;
  const found = findInstalledChromium();
  if (found) return found;
  installMissingTools({ chromium: 'chromium' }, logFile, announce);
  return findInstalledChromium();
}
