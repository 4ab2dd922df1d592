import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { aptInstall, canAptInstall, findExecutable } from '../../../tools/stack/src/infra.js';
import { e2eDataDir } from './paths.js';

/** Where Debian and Ubuntu put their `chromium` package's launcher. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

const INSTALL_HINT =
  'Install Chromium and run again: Debian/Ubuntu `sudo apt-get install -y --no-install-recommends chromium`; ' +
  'elsewhere install Chromium or Google Chrome and set CHROMIUM_PATH to its executable. ' +
  '(`npx playwright install` is not needed: the tests drive the system browser with playwright-core.)';

/**
 * The Chromium executable the browser tests drive: CHROMIUM_PATH, else /usr/bin/chromium (or a
 * `chromium` on PATH). When there is none and this process may use apt (root, apt-get present,
 * PV_NO_APT is not 1), installs Debian's `chromium` package first. Throws with what to install.
 *
 * @example
 *   const executablePath = ensureChromium(); // '/usr/bin/chromium'
 */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is set to ${configured}, which does not exist. ${INSTALL_HINT}`);
  }
  const found = findInstalledChromium();
  if (found) return found;
  if (canAptInstall()) {
    const log = path.join(e2eDataDir, 'logs', 'apt.log');
    mkdirSync(path.dirname(log), { recursive: true });
    process.stderr.write(`[e2e] installing chromium with apt-get (log: ${log})\n`);
    if (aptInstall(['chromium'], log)) {
      const installed = findInstalledChromium();
      if (installed) return installed;
    }
    throw new Error(`apt-get could not install chromium (see ${log}). ${INSTALL_HINT}`);
  }
  throw new Error(`Chromium was not found at ${DEFAULT_CHROMIUM_PATH}. ${INSTALL_HINT}`);
}

function findInstalledChromium(): string | undefined {
  if (existsSync(DEFAULT_CHROMIUM_PATH)) return DEFAULT_CHROMIUM_PATH;
  return findExecutable('chromium') ?? findExecutable('chromium-browser');
}
