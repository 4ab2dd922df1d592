import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The house rule on file size: no source file over MAX_SOURCE_LINES lines, so each file does one
 * job a newcomer can name (docs/decisions.md, "House rules"). Tests, benches, end-to-end suites
 * and fixtures are not source; data tables are exempt by name, each with why.
 */
export const MAX_SOURCE_LINES = 450;

/** Where source lives; anything else in the repository is not checked. */
const SOURCE_ROOTS = ['apps', 'packages', 'services', 'tools', 'tests', 'scripts'];
const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Folders that are not source: tests, benches, browser suites, build output, installs. */
const NOT_SOURCE_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  '.data',
  'test',
  'tests-output',
  'e2e',
  'bench',
  'fixtures',
  // Written by tools at run time (openapi-typescript's client types), ignored by git.
  'generated',
]);
const NOT_SOURCE_FILE = /\.(?:test|spec|e2e)\.[cm]?[jt]sx?$|\.d\.ts$/;

/**
 * Data tables: lists of words and cues the engines read, one entry a line. Splitting them would
 * only scatter one list over files; their size is the vocabulary's, not code's.
 */
export const DATA_TABLES: Record<string, string> = {
  'services/vault/src/anonymise/data/names.data.ts':
    'first names and surnames the scrubber recognises, one per line',
  'services/formatting/src/notes/data/spoken-cues.ts':
    'the spoken section cues of the offline formatter, one entry per cue',
  'services/formatting/src/notes/data/diagnostic-disorders.ts':
    'the disorders the diagnostic analysis names, with their spoken forms',
  'services/formatting/src/notes/data/specialties.ts':
    'the vocabulary and section layout of each medical specialty',
};

/**
 * Code files over the limit when the rule was written, each being split by work in flight
 * (issue 27). Not a licence: an entry that is split (at or under the limit) must leave this list,
 * and no file may join it.
 */
export const OVER_LIMIT_PENDING: Record<string, string> = {};

export interface FileSizeReport {
  /** Source files over the limit that are neither data tables nor pending: the rule is broken. */
  over: { file: string; lines: number }[];
  /** Pending entries that exist and are now within the limit: take them off the list. */
  stale: { file: string; lines: number }[];
}

const lineCount = (text: string): number =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function* sourceFiles(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!NOT_SOURCE_DIRS.has(entry.name)) yield* sourceFiles(root, relative);
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !NOT_SOURCE_FILE.test(entry.name))
      yield relative;
  }
}

/** Measures every source file below `root` against the rule. */
export function checkFileSizes(
  root: string,
  rule: { dataTables: Record<string, string>; pending: Record<string, string> } = {
    dataTables: DATA_TABLES,
    pending: OVER_LIMIT_PENDING,
  },
): FileSizeReport {
  const report: FileSizeReport = { over: [], stale: [] };
  for (const top of SOURCE_ROOTS) {
    let files: string[];
    try {
      files = [...sourceFiles(root, top)];
    } catch {
      continue; // a repository without this folder
    }
    for (const file of files) {
      if (file in rule.dataTables) continue;
      const lines = lineCount(readFileSync(path.join(root, file), 'utf8'));
      if (file in rule.pending) {
        if (lines <= MAX_SOURCE_LINES) report.stale.push({ file, lines });
      } else if (lines > MAX_SOURCE_LINES) report.over.push({ file, lines });
    }
  }
  return report;
}
