/**
 * Scores the structured record against the held-out record corpus (issue 28 item 2). Each
 * expected fact gets a verdict: right (in its slot), misplaced (found in another slot: a drug in
 * use recorded as prescribed, an exam as a referral, a value under another vital) or lost.
 * Separately, every entry of the record is checked against the dictation: an entry whose words
 * or numbers the dictation does not contain is invented. Texts are compared with the tuning
 * corpus's own normalisation (accents, case, units, number words).
 */
import type { ClinicalRecord, FormattedNote } from '@pv/contracts';
import { formatOffline, prepareDictation } from '../../src/notes/index.js';
import { normalise } from '../corpus/scorer.js';
import type { RecordDictation } from './types.js';

export type RecordVerdict = 'right' | 'misplaced' | 'lost';

export interface RecordFact {
  slot: string;
  text: string;
  verdict: RecordVerdict;
}

export interface RecordScore {
  id: string;
  professional: string;
  facts: RecordFact[];
  /** Drugs expected in use or ordered, and how many landed in the right list. */
  medications: { total: number; right: number };
  /** Record entries not grounded in the dictation. */
  invented: string[];
  /** Entries grounded in the dictation but not in the expected record (reported, not scored). */
  extra: string[];
}

const contains = (haystack: string, needle: string) =>
  ` ${normalise(haystack)} `.includes(` ${normalise(needle)} `);

const vitalValue = (v: ClinicalRecord['vitals'][number]) =>
  v.diastolic !== null ? `${v.value}/${v.diastolic}` : String(v.value).replace('.', ',');

const sameNumber = (a: string, b: string) => a.replace(',', '.') === b.replace(',', '.');

/** Scores one record against its expectation (see the file comment). */
export function scoreRecord(dictation: RecordDictation, note: FormattedNote): RecordScore {
  const record = note.record;
  if (!record) throw new Error(`${dictation.id}: the note has no record`);
  const facts: RecordFact[] = [];
  const push = (slot: string, text: string, verdict: RecordVerdict) =>
    facts.push({ slot, text, verdict });
  const matchedEntries = new Set<unknown>();
  const e = dictation.expected;

  for (const [key, value] of Object.entries(e.patient ?? {})) {
    const actual = record.patient[key as keyof ClinicalRecord['patient']];
    const ok = actual !== null && (key === 'sex' ? actual === value : contains(actual, value));
    push(`patient.${key}`, value, ok ? 'right' : 'lost');
  }
  for (const [kind, value] of e.vitals ?? []) {
    const hit = record.vitals.find((v) => v.kind === kind && sameNumber(vitalValue(v), value));
    const elsewhere = record.vitals.find((v) => sameNumber(vitalValue(v), value));
    if (hit) matchedEntries.add(hit);
    push(`vitals.${kind}`, value, hit ? 'right' : elsewhere ? 'misplaced' : 'lost');
  }
  for (const [text, cid] of e.problems ?? []) {
    const hit = record.problems.find((p) => contains(p.text, text));
    if (hit) matchedEntries.add(hit);
    push('problems', text, hit ? 'right' : 'lost');
    if (cid) push('problems.cid10', cid, hit?.cid10 === cid ? 'right' : 'lost');
  }
  for (const substance of e.allergies ?? []) {
    const hit = record.allergies.find((a) => contains(a.substance, substance));
    if (hit) matchedEntries.add(hit);
    push('allergies', substance, hit ? 'right' : 'lost');
  }
  let medTotal = 0;
  let medRight = 0;
  for (const drug of e.inUse ?? []) {
    medTotal++;
    const hit = record.medicationsInUse.find((m) => contains(m.text, drug));
    const elsewhere = record.medicationOrders.find((m) => contains(m.text, drug));
    if (hit) matchedEntries.add(hit);
    if (hit && !elsewhere) medRight++;
    push('medicationsInUse', drug, hit ? 'right' : elsewhere ? 'misplaced' : 'lost');
  }
  for (const [action, drug] of e.orders ?? []) {
    medTotal++;
    const hit = record.medicationOrders.find((m) => m.action === action && contains(m.text, drug));
    const elsewhere =
      record.medicationOrders.find((m) => m.action !== action && contains(m.text, drug)) ??
      (action === 'stop' ? undefined : record.medicationsInUse.find((m) => contains(m.text, drug)));
    if (hit) matchedEntries.add(hit);
    if (hit) medRight++;
    push(`medicationOrders.${action}`, drug, hit ? 'right' : elsewhere ? 'misplaced' : 'lost');
  }
  for (const [kind, text] of e.requests ?? []) {
    const hit = record.requests.find((r) => r.kind === kind && contains(r.text, text));
    const elsewhere = record.requests.find((r) => r.kind !== kind && contains(r.text, text));
    if (hit) matchedEntries.add(hit);
    push(`requests.${kind}`, text, hit ? 'right' : elsewhere ? 'misplaced' : 'lost');
  }
  if (e.returnVisit) {
    const ok = record.returnVisit !== null && contains(record.returnVisit, e.returnVisit);
    push('returnVisit', e.returnVisit, ok ? 'right' : 'lost');
  }
  // The text note lists the drugs in use under their own heading, as the record does.
  const inUseSection = note.sections.find(
    (s) => s.key === 'medicationsInUse' || s.key === 'currentMedications',
  );
  if (inUseSection)
    for (const drug of e.inUse ?? [])
      push('text.medicationsInUse', drug, contains(inUseSection.content, drug) ? 'right' : 'lost');

  const { invented, extra } = groundedness(dictation, record, matchedEntries);
  return {
    id: dictation.id,
    professional: dictation.professional,
    facts,
    medications: { total: medTotal, right: medRight },
    invented,
    extra,
  };
}

/** Content words of an entry (4+ letters) that the dictation must contain, by their stem. */
function grounded(dictation: string, entry: string): boolean {
  const words = normalise(entry)
    .split(' ')
    .filter((w) => w.length >= 4 || /\d/.test(w));
  const said = normalise(dictation);
  return words.every((w) => said.includes(/\d/.test(w) ? w : w.slice(0, 5)));
}

/** Conditions the record names from an adjective ('hipertenso' -> 'Hipertensão arterial'). */
const NAMED_FROM_ADJECTIVE = new Map([
  ['hipertensao arterial', 'hipertens'],
  ['diabetes mellitus', 'diabet'],
  ['asma', 'asmat'],
  ['dislipidemia', 'dislipidem'],
  ['tabagismo', 'tabagist'],
  ['etilismo', 'etilist'],
  ['epilepsia', 'epilept'],
  ['cardiopatia', 'cardiopat'],
  ['nefropatia', 'nefropat'],
]);

function groundedness(
  dictation: RecordDictation,
  record: ClinicalRecord,
  matched: ReadonlySet<unknown>,
): { invented: string[]; extra: string[] } {
  // The dictation as the formatter reads it: dictated punctuation and decimals applied.
  const said = prepareDictation(dictation.text);
  const invented: string[] = [];
  const extra: string[] = [];
  const check = (entry: unknown, label: string, ok: boolean) => {
    if (!ok) invented.push(label);
    else if (!matched.has(entry)) extra.push(label);
  };
  const saidNumbers = normalise(said);
  for (const v of record.vitals) {
    const values =
      v.diastolic !== null
        ? [
            [v.value, v.diastolic],
            [v.value / 10, v.diastolic / 10],
          ]
        : [[v.value]];
    const ok = values.some((vs) =>
      vs.every((n) => {
        const text = String(n);
        return (
          saidNumbers.includes(text) ||
          saidNumbers.includes(text.replace('.', ' ')) ||
          saidNumbers.includes(String(Math.round(n * 100)))
        );
      }),
    );
    check(v, `vital ${v.kind} ${vitalValue(v)}`, ok);
  }
  for (const p of record.problems) {
    const stem = NAMED_FROM_ADJECTIVE.get(normalise(p.text));
    const cidSaid = (code: string) => {
      const [letter, digits = ''] = [code.charAt(0).toLowerCase(), code.slice(1)];
      const plain = normalise(said).replace(/ /g, '');
      return (
        plain.includes(`${letter}${digits.replace('.', '')}`) ||
        plain.includes(`${letter}${digits.replace('.', 'ponto')}`)
      );
    };
    const ok =
      ((stem !== undefined && normalise(said).includes(stem)) || grounded(said, p.text)) &&
      (p.cid10 === null || cidSaid(p.cid10));
    check(p, `problem ${p.text}${p.cid10 ? ` (${p.cid10})` : ''}`, ok);
  }
  for (const a of record.allergies) check(a, `allergy ${a.substance}`, grounded(said, a.substance));
  for (const m of record.medicationsInUse) check(m, `in use ${m.text}`, grounded(said, m.text));
  for (const m of record.medicationOrders)
    check(m, `${m.action} ${m.text}`, grounded(said, m.text));
  for (const r of record.requests) check(r, `${r.kind} ${r.text}`, grounded(said, r.text));
  if (record.returnVisit)
    check(record.returnVisit, `return ${record.returnVisit}`, grounded(said, record.returnVisit));
  return { invented, extra: extra.filter((x) => !x.startsWith('return')) };
}

/** Formats every dictation offline and scores its record. */
export function scoreRecordCorpus(corpus: readonly RecordDictation[]): RecordScore[] {
  return corpus.map((dictation) => {
    const result = formatOffline({ text: dictation.text, professional: dictation.professional });
    if (!result.formatted) throw new Error(`${dictation.id}: expected one note`);
    return scoreRecord(dictation, result.formatted);
  });
}

export interface RecordTally {
  facts: number;
  right: number;
  misplaced: number;
  lost: number;
  medications: { total: number; right: number };
  invented: number;
  extra: number;
}

export function tallyRecords(scores: readonly RecordScore[]): RecordTally {
  const t: RecordTally = {
    facts: 0,
    right: 0,
    misplaced: 0,
    lost: 0,
    medications: { total: 0, right: 0 },
    invented: 0,
    extra: 0,
  };
  for (const s of scores) {
    for (const f of s.facts) {
      t.facts++;
      t[f.verdict]++;
    }
    t.medications.total += s.medications.total;
    t.medications.right += s.medications.right;
    t.invented += s.invented.length;
    t.extra += s.extra.length;
  }
  return t;
}

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

/** The per-specialty table of BENCHMARKS.md. */
export function renderRecordTable(scores: readonly RecordScore[]): string {
  const by = new Map<string, RecordScore[]>();
  for (const s of scores) by.set(s.professional, [...(by.get(s.professional) ?? []), s]);
  const rows = [
    '| specialty | dictations | facts | right slot | misplaced / lost | current vs new drugs | invented | extra |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const row = (name: string, list: readonly RecordScore[]) => {
    const t = tallyRecords(list);
    return `| ${name} | ${list.length} | ${t.facts} | ${pct(t.right, t.facts)} | ${t.misplaced} / ${t.lost} | ${pct(t.medications.right, t.medications.total)} (${t.medications.right}/${t.medications.total}) | ${t.invented} | ${t.extra} |`;
  };
  for (const [name, list] of by) rows.push(row(name, list));
  rows.push(row('**total**', scores));
  return rows.join('\n');
}

export function renderRecordMisses(scores: readonly RecordScore[]): string {
  const lines: string[] = [];
  for (const s of scores) {
    const misses = s.facts.filter((f) => f.verdict !== 'right');
    if (misses.length === 0 && s.invented.length === 0 && s.extra.length === 0) continue;
    lines.push(`${s.id}:`);
    for (const f of misses) lines.push(`  ${f.verdict.padEnd(9)} ${f.slot}: ${f.text}`);
    for (const x of s.invented) lines.push(`  INVENTED  ${x}`);
    for (const x of s.extra) lines.push(`  extra     ${x}`);
  }
  return lines.join('\n');
}
