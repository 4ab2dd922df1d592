import annexJson from '../../../data/portaria-344-annex-i.json' with { type: 'json' };
import { phraseWords, soundKey } from './text.js';
import {
  type AnnexData,
  type FormRule,
  LIST_CODES,
  type ListCode,
  PRESCRIPTION_FORMS,
  type PrescriptionForm,
  type SubstanceRecord,
} from './types.js';

/** One substance of Annex I with the rules (adendos) that concern it. */
export interface Substance {
  record: SubstanceRecord;
  /** The name people read, e.g. 'Clonazepam', 'Talidomida'. */
  display: string;
  list: ListCode;
  rules: FormRule[];
}

export type PhraseKind = 'substance' | 'salt' | 'brand';

/** A way of writing a substance (its name, an alias, a salt, a brand), as words. */
export interface Phrase {
  words: string[];
  substance: Substance;
  kind: PhraseKind;
  /** The brand as the data file spells it, for brand phrases. */
  brand?: string;
}

/** A word a misspelling may be closest to; target null marks a word that is not controlled. */
export interface FuzzyEntry {
  folded: string;
  target: Substance | null;
}

function fail(message: string): never {
  throw new Error(`portaria-344-annex-i.json: ${message}`);
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string' && x.trim() !== '');

/** Rejects a data file that would classify wrongly: bad codes, wrong counts, dangling rules. */
export function validateAnnex(raw: unknown): AnnexData {
  const data = raw as AnnexData;
  if (data?.schema !== 1) fail('schema must be 1');
  if (!data.source?.consolidatedThrough?.act || !data.version) fail('source and version required');
  for (const code of LIST_CODES) {
    const list = data.lists?.[code];
    if (!list || !PRESCRIPTION_FORMS.includes(list.form)) fail(`list ${code} missing or bad form`);
  }
  if (!Array.isArray(data.substances)) fail('substances must be an array');
  const names = new Set<string>();
  const counts = new Map<string, number>();
  const brands = new Map<string, string>();
  for (const s of data.substances) {
    if (typeof s.name !== 'string' || !LIST_CODES.includes(s.list)) fail(`bad substance ${s.name}`);
    if (names.has(s.name)) fail(`duplicate substance ${s.name}`);
    names.add(s.name);
    counts.set(s.list, (counts.get(s.list) ?? 0) + 1);
    for (const field of ['aliases', 'salts', 'brands'] as const)
      if (s[field] !== undefined && !isStringArray(s[field])) fail(`${s.name}.${field}`);
    for (const b of s.brands ?? []) {
      const key = phraseWords(b).join(' ');
      if (brands.has(key)) fail(`brand ${b} on ${brands.get(key)} and ${s.name}`);
      brands.set(key, s.name);
    }
  }
  for (const code of LIST_CODES)
    if ((counts.get(code) ?? 0) !== data.lists[code].count)
      fail(
        `list ${code} has ${counts.get(code) ?? 0} substances, lists.${code}.count says ${data.lists[code].count}`,
      );
  for (const rule of data.rules ?? []) {
    if (rule.form !== undefined && !PRESCRIPTION_FORMS.includes(rule.form))
      fail(`rule ${rule.id} form`);
    if (rule.form === undefined && !rule.note) fail(`rule ${rule.id} changes nothing`);
    if (rule.form !== undefined && !rule.explain) fail(`rule ${rule.id} needs explain`);
    for (const s of rule.substances) if (!names.has(s)) fail(`rule ${rule.id}: unknown ${s}`);
    for (const b of [...(rule.termBrands ?? []), ...(rule.doseBrands ?? [])]) {
      const owner = brands.get(phraseWords(b).join(' '));
      if (!owner || !rule.substances.includes(owner)) fail(`rule ${rule.id}: brand ${b}`);
    }
  }
  if (!isStringArray(data.saltWords) || !isStringArray(data.notControlled?.drugs))
    fail('saltWords and notControlled.drugs required');
  return data;
}

export const ANNEX: AnnexData = validateAnnex(annexJson as unknown);

/** The official name minus parentheses, split where the Annex gives two names ("X ou Y"). */
function officialNames(name: string): string[] {
  let plain = '';
  let depth = 0;
  for (const ch of name) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) plain += ch;
  }
  return plain
    .split(/ ou |\//)
    .map((p) => p.trim())
    .filter(Boolean);
}

export const SUBSTANCES: readonly Substance[] = ANNEX.substances.map((record) => ({
  record,
  display: record.display ?? record.name,
  list: record.list,
  rules: ANNEX.rules.filter((r) => r.substances.includes(record.name)),
}));

const byName = new Map(SUBSTANCES.map((s) => [s.record.name, s]));
export const substanceByName = (name: string) => byName.get(name);

/** Phrases keyed by their first word, so a text is scanned with one map lookup per word. */
export const PHRASES = new Map<string, Phrase[]>();
const phraseOwner = new Map<string, Substance>();

function addPhrase(
  text: string,
  named: { substance: Substance; kind: PhraseKind; brand?: string },
) {
  const { substance, kind, brand } = named;
  const words = phraseWords(text);
  if (words.length === 0) return;
  const key = words.join(' ');
  const owner = phraseOwner.get(key);
  if (owner && owner !== substance)
    fail(`"${text}" names both ${owner.record.name} and ${substance.record.name}`);
  if (owner) return;
  phraseOwner.set(key, substance);
  const bucket = PHRASES.get(words[0]!) ?? [];
  bucket.push({ words, substance, kind, ...(brand ? { brand } : {}) });
  // Longest first: "intermediario da metadona" is tried before a shorter phrase on the same word.
  bucket.sort((a, b) => b.words.length - a.words.length);
  PHRASES.set(words[0]!, bucket);
}

for (const s of SUBSTANCES) {
  for (const n of [...officialNames(s.record.name), s.display, ...(s.record.aliases ?? [])])
    addPhrase(n, { substance: s, kind: 'substance' });
  for (const salt of s.record.salts ?? []) addPhrase(salt, { substance: s, kind: 'salt' });
  for (const brand of s.record.brands ?? [])
    addPhrase(brand, { substance: s, kind: 'brand', brand });
}

/** The most phrases that share a first word: the constant in the exact pass's work bound. */
export const MAX_PHRASE_BUCKET = Math.max(...[...PHRASES.values()].map((b) => b.length));

export const SALT_WORDS: ReadonlySet<string> = new Set(ANNEX.saltWords.flatMap(phraseWords));

/** Words that are known and not controlled: never read as a misspelled controlled drug. */
export const KNOWN_NOT_CONTROLLED: ReadonlySet<string> = new Set([
  ...ANNEX.notControlled.drugs.flatMap(phraseWords),
  ...ANNEX.notControlled.words.flatMap(phraseWords),
  ...SALT_WORDS,
]);

for (const word of KNOWN_NOT_CONTROLLED)
  if (PHRASES.get(word)?.some((p) => p.words.length === 1))
    fail(`"${word}" is listed as not controlled but names ${phraseOwner.get(word)?.record.name}`);

/** Fuzzy matching applies to words at least this long (after folding). */
export const FUZZY_MIN_LENGTH = 6;
/** Brands are shorter and closer to everyday words: only long ones are matched loosely. */
const FUZZY_BRAND_MIN_LENGTH = 8;

/** Fuzzy dictionary, bucketed by folded length: controlled names and brands plus known words. */
export const FUZZY_BY_LENGTH = new Map<number, FuzzyEntry[]>();
const fuzzySeen = new Set<string>();

function addFuzzy(word: string, target: Substance | null) {
  const folded = soundKey(word);
  const key = `${folded}|${target?.record.name ?? ''}`;
  if (folded.length < FUZZY_MIN_LENGTH - 1 || fuzzySeen.has(key)) return;
  fuzzySeen.add(key);
  const bucket = FUZZY_BY_LENGTH.get(folded.length) ?? [];
  bucket.push({ folded, target });
  FUZZY_BY_LENGTH.set(folded.length, bucket);
}

for (const bucket of PHRASES.values())
  for (const p of bucket) {
    if (p.words.length !== 1 || p.kind === 'salt') continue;
    const word = p.words[0]!;
    const min = p.kind === 'brand' ? FUZZY_BRAND_MIN_LENGTH : FUZZY_MIN_LENGTH;
    if (word.length >= min) addFuzzy(word, p.substance);
  }
for (const word of KNOWN_NOT_CONTROLLED) addFuzzy(word, null);

/** The form a list asks for when no adendo applies. */
export const listForm = (list: ListCode): PrescriptionForm => ANNEX.lists[list].form;
