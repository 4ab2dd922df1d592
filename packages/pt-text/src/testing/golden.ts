/**
 * Golden outputs: what a text-reading function answers for a fixed set of inputs, pinned as a
 * short hash per (function, input). A change of the shared text engine that changes any caller's
 * output fails its golden test, so a behaviour change is a decision (written in docs/decisions.md,
 * then the file regenerated with UPDATE_GOLDEN=1), never an accident.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface GoldenInput {
  /** Stable name of the input (corpus and case id, never its position in a list that grows). */
  readonly id: string;
  readonly text: string;
}

export type TextFunction = (text: string) => unknown;

/** Function name -> input id -> hash of the answer. */
export type Golden = Record<string, Record<string, string>>;

/** JSON of a result with Maps and Sets spelled out (JSON.stringify would write them as {}). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (v instanceof Map) return { __map: [...v.entries()] };
    if (v instanceof Set) return { __set: [...v.values()] };
    if (v instanceof Int32Array || v instanceof Uint16Array) return { __array: [...v] };
    return v;
  });
}

const digest = (value: unknown) =>
  createHash('sha256')
    .update(stableJson(value) ?? 'undefined')
    .digest('hex')
    .slice(0, 12);

/** One entry per (function, input): the hash of what the function answered (or threw). */
export function goldenOutputs(
  functions: readonly (readonly [string, TextFunction])[],
  inputs: readonly GoldenInput[],
): Golden {
  const out: Golden = {};
  for (const [name, fn] of functions) {
    const answers: Record<string, string> = {};
    out[name] = answers;
    for (const input of inputs) {
      let result: unknown;
      try {
        result = fn(input.text);
      } catch (error) {
        result = { threw: error instanceof Error ? error.name : String(error) };
      }
      answers[input.id] = digest(result);
    }
  }
  return out;
}

/**
 * Compares `actual` with the golden file at `path`; with UPDATE_GOLDEN=1 writes
 * it instead; a missing file is a failure. Returns the keys whose output changed, appeared or vanished.
 */
export function compareWithGolden(path: string, actual: Golden): string[] {
  if (process.env.UPDATE_GOLDEN === '1') {
    writeFileSync(path, `${JSON.stringify(actual, null, 1)}\n`);
    return [];
  }
  if (!existsSync(path)) return [`(no golden file at ${path}: run with UPDATE_GOLDEN=1)`];
  const expected = JSON.parse(readFileSync(path, 'utf8')) as Golden;
  const changed: string[] = [];
  for (const name of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const before = expected[name] ?? {};
    const after = actual[name] ?? {};
    for (const id of new Set([...Object.keys(before), ...Object.keys(after)]))
      if (before[id] !== after[id]) changed.push(`${name} | ${id}`);
  }
  return changed.sort();
}

/** The lines of a text that hold something (a dictation cut into the sentences people say). */
export function linesOf(prefix: string, text: string): GoldenInput[] {
  return text
    .split(/\n|(?<=[.;!?])\s+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line, i) => ({ id: `${prefix}#${i}`, text: line }));
}
