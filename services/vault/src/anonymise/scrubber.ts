/**
 * Removes direct identifiers from pt-BR clinical text before anything is stored: people's names
 * (the patient's and anyone else's: relatives, professionals), CPF, RG, CNS, phone numbers,
 * e-mails, street addresses, CEPs, dates of birth, other full dates and any other long document
 * number, typed or as a speech engine writes them (lower case, no labels, numbers as words).
 * Each is replaced by a tag ([NOME], [CPF], ...). Pure: no I/O, no state.
 *
 * How it works: the text is cut into tokens once (tokens.ts); each detector reads the tokens with
 * a bounded look-around and reports spans over the original text; overlapping spans are merged
 * (spans.ts) and the text is rebuilt with the tags. The work is linear in the text's length; texts
 * longer than MAX_SCRUB_CHARS are cut there first. Over-scrubbing is preferred to a leak.
 * What this does and does not catch: docs/anonymisation.md.
 */

import { fold, foldForComparison, type Token, tokenize } from '@pv/pt-text';
import { addressSpans } from './addresses.js';
import { emailSpans } from './contacts.js';
import { dateSpans } from './dates.js';
import { NO_NAME, PARTICLES, STOP } from './lexicon.js';
import { nameSpans } from './names.js';
import { numberRuns, numberSpans } from './numbers.js';
import { render, resolve, type Span } from './spans.js';

export { isValidCpf } from './numbers.js';
export type { RedactionTag, Span } from './spans.js';

/**
 * The longest text scrubbed: 1,000,000 characters, twice what 8 hours of dictation produce
 * (~150 words a minute, ~6.5 characters a word) and five times the vault's route limit
 * (VAULT_MAX_TEXT_CHARS). Longer texts are cut at the last blank before it and end with
 * TRUNCATION_MARK; the rest is never stored.
 */
export const MAX_SCRUB_CHARS = 1_000_000;
export const TRUNCATION_MARK = ' [TEXTO_TRUNCADO]';

/** What the scrubber knows besides the text: names found in the consultation. */
export interface ScrubContext {
  /** The patient's name(s) as the texts state them. */
  names: readonly string[];
  /** Name words (folded) found in the consultation's other texts. */
  nameWords?: ReadonlySet<string>;
}

interface Scanned {
  text: string;
  toks: Token[];
}

function scan(input: string): Scanned {
  let text = input;
  if (text.length > MAX_SCRUB_CHARS) {
    const blank = text.lastIndexOf(' ', MAX_SCRUB_CHARS);
    text = text.slice(0, blank > MAX_SCRUB_CHARS / 2 ? blank : MAX_SCRUB_CHARS) + TRUNCATION_MARK;
  }
  return { text, toks: tokenize(text, fold(text)) };
}

/** The folded words of names, without particles and stop words, for finding them again. */
function wordsOf(names: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const name of names)
    for (const word of foldForComparison(name).split(/[^a-z]+/))
      if (word.length >= 3 && !PARTICLES.has(word) && !STOP.has(word)) words.add(word);
  return words;
}

/** Every identifier's span, merged; and the name words found. */
function detect(scanned: Scanned, known: ReadonlySet<string>) {
  const { text, toks } = scanned;
  const runs = numberRuns(text, toks);
  const names = nameSpans(toks, known);
  const spans: Span[] = [
    ...emailSpans(text, toks),
    ...addressSpans(toks),
    // Dates before documents: on a tie ('03/04/1979' is also 8 digits) the first listed wins.
    ...dateSpans(runs, toks),
    ...numberSpans(runs, toks),
    ...names.spans,
  ];
  return { spans: resolve(spans, text), names };
}

/**
 * How many times the detectors read a token while scrubbing `text`: the scrubber's work, counted
 * instead of timed (the linear-time test compares it across sizes; a clock on a shared machine is
 * too noisy). Tokenising and folding are single passes over the characters and not counted.
 */
export function tokenReads(text: string): { tokens: number; reads: number } {
  const scanned = scan(text);
  let reads = 0;
  const counted = new Proxy(scanned.toks, {
    get(target, key, receiver) {
      if (typeof key === 'string') {
        const c = key.charCodeAt(0);
        if (c >= 48 && c <= 57) reads++;
      }
      return Reflect.get(target, key, receiver);
    },
  });
  const known = new Set<string>();
  nameSpans(counted, known);
  detect({ text: scanned.text, toks: counted }, known);
  return { tokens: scanned.toks.length, reads };
}

/** The identifiers' spans over `text` (after the length cut, if any). */
export function identifierSpans(text: string, context: ScrubContext = { names: [] }): Span[] {
  const known = new Set([...wordsOf(context.names), ...(context.nameWords ?? [])]);
  return detect(scan(text), known).spans;
}

/** Replaces every identifier in `text` with its tag. */
export function scrubText(text: string, context: ScrubContext = { names: [] }): string {
  if (text === '') return text;
  const scanned = scan(text);
  const known = new Set([...wordsOf(context.names), ...(context.nameWords ?? [])]);
  return render(scanned.text, detect(scanned, known).spans);
}

/** The names a text introduces as the patient's ('Paciente: ...', 'se chama ...', 'Sra. ...'). */
function patientNamesIn(scanned: Scanned): string[] {
  const { text, toks } = scanned;
  const names: string[] = [];
  for (const run of nameSpans(toks, new Set()).introduced) {
    let last = run.last;
    while (last > run.first && PARTICLES.has((toks[last] as Token).folded)) last--;
    const name = text.slice((toks[run.first] as Token).start, (toks[last] as Token).end);
    const folded = foldForComparison(name);
    if (folded.length >= 2 && !NO_NAME.has(folded) && /\p{L}{2}/u.test(name)) names.push(name);
  }
  return names;
}

/**
 * The patient's name(s) as the texts state them: labels ('Paciente:', 'Nome:'), naming verbs
 * ('se chama') and introductions ('paciente Maria', 'Sra. Ana'). Deduplicated, longest first.
 */
export function findPatientNames(...texts: (string | null | undefined)[]): string[] {
  const found = new Map<string, string>();
  for (const text of texts) {
    if (!text) continue;
    for (const name of patientNamesIn(scan(text))) {
      const key = foldForComparison(name);
      if (!found.has(key)) found.set(key, name);
    }
  }
  return [...found.values()].sort((a, b) => b.length - a.length);
}

/**
 * The identifiers of one consultation's texts, found together: a name found in one (the note's
 * 'Paciente:' line, 'a mãe Joana' in the dictation) is found wherever it recurs in any of them.
 * Each text comes back as scanned (cut at MAX_SCRUB_CHARS) with its spans; null stays null.
 */
export function consultSpans(texts: readonly (string | null | undefined)[]): {
  names: string[];
  texts: ({ text: string; spans: Span[] } | null)[];
} {
  const scanned = texts.map((value) => (typeof value === 'string' ? scan(value) : null));
  const names: string[] = [];
  const seen = new Set<string>();
  for (const s of scanned)
    for (const name of s ? patientNamesIn(s) : []) {
      const key = foldForComparison(name);
      if (!seen.has(key)) {
        seen.add(key);
        names.push(name);
      }
    }
  names.sort((a, b) => b.length - a.length);
  // Two passes: the names each text reveals, then every text read again knowing all of them.
  const known = wordsOf(names);
  for (const s of scanned)
    if (s) for (const word of nameSpans(s.toks, known).words) known.add(word);
  return {
    names,
    texts: scanned.map((s) => (s ? { text: s.text, spans: detect(s, known).spans } : null)),
  };
}

/** The texts of one consultation, scrubbed together (see consultSpans). */
export function scrubConsultTexts<T extends Record<string, string | null | undefined>>(
  texts: T,
): { [K in keyof T]: T[K] extends string ? string : string | null } & { names: string[] } {
  const entries = Object.entries(texts);
  const found = consultSpans(entries.map(([, value]) => value));
  const out: Record<string, unknown> = { names: found.names };
  entries.forEach(([key], i) => {
    const t = found.texts[i];
    out[key] = t ? render(t.text, t.spans) : null;
  });
  return out as never;
}
