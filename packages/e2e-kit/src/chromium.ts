import { existsSync } from 'node:fs';
import path from 'node:path';
import { canAptInstall, DEFAULT_CHROMIUM_PATH, findChromium } from '@pv/stack/infra';
import { e2eDataDir } from './paths.js';

export { DEFAULT_CHROMIUM_PATH };

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
  if (configured && !existsSync(configured)) {
    throw new Error(`CHROMIUM_PATH is set to ${configured}, which does not exist. ${INSTALL_HINT}`);
  }
  const log = path.join(e2eDataDir, 'logs', 'apt.log');
  const found = findChromium(
    log,
    () => process.stderr.write(`[e2e] installing chromium with apt-get (log: ${log})\n`),
    env,
  );
  if (found) return found;
  if (canAptInstall()) {
    throw new Error(`apt-get could not install chromium (see ${log}). ${INSTALL_HINT}`);
  }
  throw new Error(`Chromium was not found at ${DEFAULT_CHROMIUM_PATH}. ${INSTALL_HINT}`);
}
