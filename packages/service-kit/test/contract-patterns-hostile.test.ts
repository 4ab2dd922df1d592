/**
 * Every `pattern` and `format` of the HTTP contracts runs on what a caller sends, and Ajv runs
 * them even past a failed `maxLength` (allErrors, for the pt-BR messages): a pattern sees a string
 * as long as the body limit allows (1-2 MB). Each distinct pattern and format of every route's
 * body, query and path is run here on 100,000 characters of hostile repetitions, through the
 * kit's own validator, and through the TypeBox format checks the kit registers (job payloads,
 * config). Linear patterns take a few ms; the RQE pattern `^\s*\d*\s*$` took ~12 s on 100,000
 * tabs. The bound is generous for a loaded 2-core machine.
 */
import { allRouteContracts } from '@pv/contracts';
import { FormatRegistry } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import '../src/formats.js';
import { compileValidator } from '../src/validation.js';

const SIZE = 100_000;
const BOUND_MS = 1_000;

const repeat = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Runs of each character class, separators and near-matches, each closed by a character that fails. */
const HOSTILE: readonly [string, string][] = [
  ['letters', `${repeat('a', SIZE)}!`],
  ['tabs', `${repeat('\t', SIZE)}x`],
  ['spaces', `a${repeat(' ', SIZE)}a!`],
  ['digits', `${repeat('0', SIZE)}x`],
  ['digit, space', `${repeat('1 ', SIZE)}!`],
  ['hyphens', `${repeat('-', SIZE)}!`],
  ['periods', `${repeat('.', SIZE)}!`],
  ['slashes', `${repeat('/', SIZE)}!`],
  ['letter, hyphen', `${repeat('A-', SIZE)}!`],
  ['digit, hyphen', `${repeat('0-', SIZE)}!`],
  ['capitals, space', `${repeat('AA ', SIZE)}!`],
  ['dotted domain, second @', `a@a${repeat('.a', SIZE)}.@..a`],
  ['at signs', repeat('a@', SIZE)],
  ['date, long fraction', `2020-01-01T00:00:00${repeat('.0', SIZE)}`],
  ['date, digits', `2020-01-01T${repeat('0', SIZE)}`],
];

interface StringSchema {
  type?: string;
  pattern?: string;
  format?: string;
}

function* stringSchemas(schema: unknown, depth = 0): Generator<StringSchema> {
  if (!schema || typeof schema !== 'object' || depth > 12) return;
  const s = schema as Record<string, unknown> & StringSchema;
  if (s.type === 'string' && (s.pattern || s.format)) yield s;
  if (s.properties) for (const v of Object.values(s.properties)) yield* stringSchemas(v, depth + 1);
  if (s.items) yield* stringSchemas(s.items, depth + 1);
  if (typeof s.additionalProperties === 'object')
    yield* stringSchemas(s.additionalProperties, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(s[key])) for (const b of s[key]) yield* stringSchemas(b, depth + 1);
}

const checks = new Map<string, StringSchema>();
for (const route of allRouteContracts as unknown as Record<string, unknown>[]) {
  for (const part of ['body', 'querystring', 'params']) {
    for (const s of stringSchemas(route[part])) {
      const key = `pattern ${s.pattern ?? '-'} format ${s.format ?? '-'}`;
      checks.set(key, { type: 'string', pattern: s.pattern, format: s.format });
    }
  }
}

function elapsedMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe('contract patterns and formats on hostile input', () => {
  it('finds the contracts’ patterns and formats (RQE and e-mail among them)', () => {
    const keys = [...checks.keys()];
    expect(keys.some((k) => k.includes('(?:\\d+\\s*)?$'))).toBe(true);
    expect(keys.some((k) => k.includes('format email'))).toBe(true);
  });

  it.each([...checks].map(([key, schema]) => [key, schema] as const))(
    '%s answers within the bound on every hostile string',
    (_key, schema) => {
      const validate = compileValidator(schema, 'body');
      validate('x'); // compile and warm up
      for (const [name, input] of HOSTILE) {
        const ms = elapsedMs(() => validate(input));
        expect(ms, `${name}: ${ms.toFixed(0)} ms`).toBeLessThan(BOUND_MS);
      }
    },
    60_000,
  );

  it.each(['email', 'uuid', 'date-time', 'date'])(
    "the kit's TypeBox format %s answers within the bound",
    (format) => {
      const check = FormatRegistry.Get(format);
      expect(check).toBeDefined();
      for (const [name, input] of HOSTILE) {
        const ms = elapsedMs(() => check?.(input));
        expect(ms, `${name}: ${ms.toFixed(0)} ms`).toBeLessThan(BOUND_MS);
      }
    },
  );
});
