import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CallbackFailure } from './types.js';

/** What checking one answer found: the value to use, or why the answer cannot be used. */
export type Checked<V> =
  | { ok: true; value: V }
  | { ok: false; reason: 'empty' | 'not-json' | 'schema' | 'parse'; problem: string };

const FENCE = '```';

/**
 * Strips a ```json fence some local models add even in JSON mode: what lies between the fences,
 * without the `json` tag and the blanks around it. String operations, not a pattern: the model's
 * answer echoes what the user dictated, and the former `^\s*```(?:json)?\s*\n?([\s\S]*?)\n?\s*```\s*$`
 * was cubic on blanks and line breaks inside a fence (3,300 characters took 13 s).
 */
function unfence(content: string): string {
  const trimmed = content.trim();
  if (trimmed.length < 2 * FENCE.length || !trimmed.startsWith(FENCE) || !trimmed.endsWith(FENCE))
    return content;
  const inner = trimmed.slice(FENCE.length, -FENCE.length);
  return (/^json/i.test(inner) ? inner.slice(4) : inner).trim();
}

function isParseRejection(result: unknown): result is { error: string } {
  return (
    typeof result === 'object' &&
    result !== null &&
    !Array.isArray(result) &&
    Object.keys(result).length === 1 &&
    typeof (result as { error?: unknown }).error === 'string'
  );
}

/**
 * The JSON of an answer: as is, without a ```json fence, or (text parsing, for endpoints without
 * a JSON mode that wrap the object in a sentence) from its first `{` to its last `}`.
 */
function parseAnswerJson(content: string): { json: unknown } | { problem: string } {
  const text = unfence(content);
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    const first = text.indexOf('{');
    const last = text.lastIndexOf('}');
    if (first >= 0 && last > first && (first > 0 || last < text.length - 1)) {
      try {
        return { json: JSON.parse(text.slice(first, last + 1)) };
      } catch {
        // the first error is the one to report
      }
    }
    return { problem: `a resposta não é um JSON válido (${(error as Error).message})` };
  }
}

function schemaProblem(schema: TSchema, value: unknown): string {
  const errors = [...Value.Errors(schema, value)].slice(0, 10);
  const list = errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; ');
  return `o JSON não segue o formato pedido (${list})`;
}

export function checkAnswer<T extends TSchema>(
  content: string,
  schema: T,
  checks: {
    parse: ((value: Static<T>) => Static<T> | { error: string }) | undefined;
    /** The json_schema the endpoint accepted: its answer must keep that promise. */
    promised: TSchema | undefined;
  },
): Checked<Static<T>> {
  const { parse, promised } = checks;
  if (content.trim() === '')
    return { ok: false, reason: 'empty', problem: 'a resposta veio vazia' };
  const read = parseAnswerJson(content);
  if ('problem' in read) return { ok: false, reason: 'not-json', problem: read.problem };
  const json = read.json;
  if (promised && !Value.Check(promised, json))
    return { ok: false, reason: 'schema', problem: schemaProblem(promised, json) };
  // No Value.Convert: coercing ("1" -> 1, "x" -> ["x"]) would hide a wrong answer the
  // corrective retry can fix.
  const value = Value.Clean(schema, Value.Default(schema, json));
  if (!Value.Check(schema, value))
    return { ok: false, reason: 'schema', problem: schemaProblem(schema, value) };
  if (!parse) return { ok: true, value };
  let parsed: Static<T> | { error: string };
  try {
    parsed = parse(value);
  } catch (error) {
    throw new CallbackFailure(error);
  }
  // The answer itself handed back, or a value the schema cannot take for a rejection, is a value
  // even when it looks like `{ error }`; a new `{ error }` object is a rejection even under a
  // schema that accepts any object (Type.Record), which would otherwise swallow every rejection.
  const rejection = isParseRejection(parsed) && parsed !== value ? parsed.error : undefined;
  if (rejection !== undefined) {
    return { ok: false, reason: 'parse', problem: rejection };
  }
  return { ok: true, value: parsed as Static<T> };
}

const MAX_SCHEMA_IN_CORRECTION = 4000;

export function correctionMessage(
  checked: { reason: string; problem: string },
  finishReason: string | null,
  schema: TSchema,
): string {
  const parts = [`Sua resposta anterior não pôde ser usada: ${checked.problem}.`];
  if (finishReason === 'length') {
    parts.push('Ela foi cortada por exceder o limite de tamanho; seja mais conciso.');
  }
  if (checked.reason === 'schema') {
    const text = JSON.stringify(schema);
    if (text.length <= MAX_SCHEMA_IN_CORRECTION)
      parts.push(`Formato esperado (JSON Schema): ${text}`);
  }
  parts.push(
    'Responda novamente somente com um objeto JSON válido, no formato pedido, sem nenhum texto fora do JSON.',
  );
  return parts.join('\n');
}
