// Debian's package manager, the last resort for a missing server or tool (root only).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { error, info } from '../log.js';
import { display, findExecutable, isRoot, tailFile } from './host.js';

let aptUpdated = false;

/** Runs `apt-get update` at most once per process; output goes to a log unless it fails. */
export function aptInstall(packages: string[], logFile: string): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) => {
    const fd = openSync(logFile, 'a');
    const result = spawnSync('apt-get', args, { stdio: ['ignore', fd, fd], env });
    closeSync(fd);
    return result.status === 0;
  };
  if (!aptUpdated) {
    if (!run(['update'])) {
      error(`apt-get update failed; last lines of ${logFile}:\n${tailFile(logFile)}`);
      return false;
    }
    aptUpdated = true;
  }
  if (!run(['install', '-y', '--no-install-recommends', ...packages])) {
    error(
      `apt-get install ${packages.join(' ')} failed; last lines of ${logFile}:\n${tailFile(logFile)}`,
    );
    return false;
  }
  return true;
}

export function canAptInstall(): boolean {
  return isRoot() && findExecutable('apt-get') !== undefined && process.env.PV_NO_APT !== '1';
}

/**
 * Of `tools` ({ executable: Debian package }), those not on PATH: their packages are installed
 * first when this process may use apt-get (`announce` says so before it starts). Returns the
 * executables still missing.
 * @example const missing = installMissingTools({ qpdf: 'qpdf', pdftotext: 'poppler-utils' }, log);
 */
export function installMissingTools(
  tools: Record<string, string>,
  logFile: string,
  announce: (packages: string[]) => void = (packages) =>
    info(`installing ${packages.join(' ')} with apt-get (log: ${display(logFile)})`),
): string[] {
  const missing = () => Object.keys(tools).filter((bin) => !findExecutable(bin));
  const absent = missing();
  if (absent.length === 0 || !canAptInstall()) return absent;
  const packages = [...new Set(absent.map((bin) => tools[bin]!))];
  mkdirSync(path.dirname(logFile), { recursive: true });
  announce(packages);
  aptInstall(packages, logFile);
  return missing();
}
