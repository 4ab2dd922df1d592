// Facts about this machine that every provider asks: who we run as, where executables are,
// and how to show a file's path and last lines in a message.
import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../paths.js';

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Finds an executable on PATH, then in `extraDirs`, in that order. */
export function findExecutable(
  name: string,
  extraDirs: string[] = [],
  searchPath = process.env.PATH ?? '',
): string | undefined {
  const dirs = [...searchPath.split(path.delimiter).filter((d) => d !== ''), ...extraDirs];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

export function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Newest version first, so that /usr/lib/postgresql/16 wins over 15. */
export function versionedDirs(parent: string, pattern: RegExp, suffix: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return [];
  }
  return entries
    .map((entry) => ({ entry, match: pattern.exec(entry) }))
    .filter((item): item is { entry: string; match: RegExpExecArray } => item.match !== null)
    .sort((a, b) => Number(b.match[1]) - Number(a.match[1]))
    .map((item) => path.join(parent, item.entry, suffix));
}

export const COMMON_BIN_DIRS = [
  '/usr/local/sbin',
  '/usr/local/bin',
  '/usr/sbin',
  '/usr/bin',
  '/opt/homebrew/bin',
  path.join(os.homedir(), 'go', 'bin'),
];

/** Relative to the repository when inside it, absolute otherwise. */
export function display(file: string): string {
  const relative = path.relative(repoRoot, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
    ? file
    : relative;
}

export function tailFile(file: string, lines = 15): string {
  try {
    const text = readFileSync(file, 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
