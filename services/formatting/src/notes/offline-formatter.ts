/**
 * The built-in formatter: a deterministic note from the dictation's own cues, used when no model
 * is available (or fails). It
 *
 * 1. turns dictated punctuation ('vírgula', 'ponto final', 'nova linha') into punctuation and
 *    corrects words against the medical dictionary;
 * 2. splits a multi-patient dictation at the patient markers;
 * 3. splits each patient's text into sentences and assigns each to the section whose cue most
 *    recently started (a cue counts at the start of a sentence or after punctuation; the longest
 *    cue wins; text before any cue goes to the history/subjective section);
 * 4. moves vital signs (normalised, one per line) to the exam section and medication doses (one
 *    per line) to the treatment section;
 * 5. extracts the patient's name, age and gender; everything missing reads 'Não informado'.
 *
 * Linear in the length of the dictation: an 8-hour dictation formats in well under a second.
 */
import { type FormattedNote, PATIENT_MARKER_SOURCE, type Professional } from '@pv/contracts';
import {
  CURRENT_USE,
  findMedications,
  findVitals,
  formatVitals,
  type VitalMatch,
} from './clinical-extract.js';
import {
  applyMedicalDictionary,
  buildMedicalDictionary,
  type MedicalDictionary,
} from './dictionary.js';
import { type ExtractedPatientData, extractPatientData } from './patient-data.js';
import { buildMultiPatientSummary, buildNote, renderMultiPatient } from './render.js';
import { getProfile, type SpecialtyProfile } from './specialties.js';
import {
  capitalizeFirst,
  collapseSpaces,
  ensurePeriod,
  escapeRegExp,
  fold,
  NUMBER_SOURCE,
  splitSentences,
} from './text.js';

export interface OfflineFormatInput {
  text: string;
  professional: Professional;
  additionalContext?: string | null;
  multiplePatients?: boolean;
  medicalTerms?: string[];
}

/** One patient: `formatted`. Multiple patients: `patients` and `summary`. `text` always. */
export interface FormatResult {
  formatted?: FormattedNote;
  patients?: FormattedNote[];
  summary?: string;
  text: string;
}

// ---- cue matching, compiled once per profile ---------------------------------------------------

interface CompiledProfile {
  profile: SpecialtyProfile;
  /** Sticky: a cue at the given position. */
  startCue: RegExp;
  /** Global: a cue after ',', ':' or a dash inside a sentence; group 2 is the cue. */
  midCue: RegExp;
  /** Global: the same, or after a mere space (for run-on sentences); group 2 is the cue. */
  looseCue: RegExp;
  /** Normalised cue (folded, without spaces and hyphens) -> what it starts. */
  cueOf: Map<string, CueInfo>;
}

interface CueInfo {
  section: string;
  /** The cue says what the heading says ('Conduta:'): drop it when a separator follows. */
  label: boolean;
  /** Several words: strong enough to start a section after a comma without a separator. */
  phrase: boolean;
  /** A label phrase ('queixa principal', 'exame físico'): starts a section even unpunctuated. */
  strong: boolean;
}

/** A sentence this long was dictated without punctuation: strong cues count anywhere in it. */
const RUN_ON_WORDS = 60;
const STRONG_SINGLE_WORDS = new Set(['conduta']);

/** Spoken abbreviations that name their section. */
const ABBREVIATED_LABELS = new Set([
  'qp',
  'hda',
  'hd',
  'ef',
  'eem',
  'hpp',
  'ssvv',
  's:',
  'o:',
  'a:',
  'p:',
]);

/** Whether every word of the cue (3+ letters) appears in the heading. */
function isLabelOf(foldedCue: string, heading: string): boolean {
  if (ABBREVIATED_LABELS.has(foldedCue)) return true;
  const headingWords = new Set(fold(heading).match(/[a-z0-9]+/g) ?? []);
  const cueWords = (foldedCue.match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 3);
  return cueWords.length > 0 && cueWords.every((w) => headingWords.has(w));
}

const compiled = new Map<Professional, CompiledProfile>();
const normaliseCue = (foldedCue: string) => foldedCue.replace(/[\s-]+/g, '');

function compileProfile(profile: SpecialtyProfile): CompiledProfile {
  const cueOf = new Map<string, CueInfo>();
  const sources: { length: number; source: string }[] = [];
  for (const section of profile.sections) {
    for (const cue of section.cues) {
      const folded = fold(cue).trim();
      const key = normaliseCue(folded);
      if (key === '' || cueOf.has(key)) continue;
      const label = isLabelOf(folded, section.heading);
      const phrase = /\s/.test(folded);
      cueOf.set(key, {
        section: section.key,
        label,
        phrase,
        strong: label && (phrase || STRONG_SINGLE_WORDS.has(folded)),
      });
      let source = escapeRegExp(folded).replace(/\s+/g, '\\s+').replace(/-/g, '[-\\s]?');
      if (/[a-z0-9]$/.test(folded)) source += '(?![a-z0-9])';
      sources.push({ length: folded.length, source });
    }
  }
  // Longest first, so the alternation picks the longest cue that matches.
  sources.sort((a, b) => b.length - a.length);
  const alternation = sources.map((s) => s.source).join('|');
  return {
    profile,
    startCue: new RegExp(`(?:${alternation})`, 'y'),
    midCue: new RegExp(`([,:]|\\s[\\u2013\\u2014-])\\s*(${alternation})`, 'g'),
    looseCue: new RegExp(`([,:]\\s*|\\s[\\u2013\\u2014-]\\s*|\\s)(${alternation})`, 'g'),
    cueOf,
  };
}

function compiledProfile(professional: Professional): CompiledProfile {
  let entry = compiled.get(professional);
  if (!entry) {
    entry = compileProfile(getProfile(professional));
    compiled.set(professional, entry);
  }
  return entry;
}

// ---- medical dictionary cache -------------------------------------------------------------------

const dictionaries = new Map<string, MedicalDictionary>();
const MAX_CACHED_DICTIONARIES = 4;

function dictionaryFor(terms: readonly string[]): MedicalDictionary {
  const key = terms.join('\n');
  let dictionary = dictionaries.get(key);
  if (!dictionary) {
    dictionary = buildMedicalDictionary(terms);
    if (dictionaries.size >= MAX_CACHED_DICTIONARIES) {
      const oldest = dictionaries.keys().next().value;
      if (oldest !== undefined) dictionaries.delete(oldest);
    }
    dictionaries.set(key, dictionary);
  }
  return dictionary;
}

// ---- preparation --------------------------------------------------------------------------------

/** Dictated punctuation ('vírgula', 'ponto final', 'nova linha') becomes punctuation. */
export function applyDictatedPunctuation(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(\d)\s+v[íi]rgula\s+(\d)/gi, '$1,$2')
    .replace(/[ \t]*\bv[íi]rgula\b[ \t]*/gi, ', ')
    .replace(/[ \t]*\b(?:ponto[ \t]+e[ \t]+v[íi]rgula)\b[ \t]*/gi, '; ')
    .replace(/[ \t]*\bdois[ \t]+pontos\b[ \t]*(?=[A-Za-zÀ-ÿ])/gi, ': ')
    .replace(
      /[ \t]*\b(?:ponto[ \t]+par[áa]grafo|novo[ \t]+par[áa]grafo|nova[ \t]+linha|pr[óo]xima[ \t]+linha)\b[ \t]*/gi,
      '.\n',
    )
    .replace(/[ \t]*\bponto[ \t]+final\b[ \t]*/gi, '. ')
    .replace(/\.(?:[ \t]*\.)+/g, '.');
}

// ---- one patient --------------------------------------------------------------------------------

type Block = { kind: 'prose'; text: string } | { kind: 'line'; text: string };

interface Piece {
  section: string;
  start: number;
  end: number;
}

const LABEL_SEPARATOR = /^[ \t]*[:\u2013\u2014,-][ \t]*/;
const LEADING_BULLETS = /[\s\-•*–—>]/;
/** Words left behind once vital signs or medications are taken out of a sentence. */
const FILLER = new Set(
  [
    'sinais',
    'vitais',
    'ssvv',
    'ao',
    'exame',
    'fisico',
    'aferidos',
    'aferido',
    'aferida',
    'afericao',
    'com',
    'de',
    'do',
    'da',
    'e',
    'em',
    'os',
    'as',
    'o',
    'a',
    'para',
    'mais',
    'que',
    'prescrevo',
    'prescrito',
    'prescrita',
    'receito',
    'inicio',
    'iniciar',
    'associo',
    'associar',
    'uso',
    'medicacoes',
    'prescricao',
    'medicacao',
    'medicamentos',
    'conduta',
    'plano',
    'seguintes',
    'paciente',
    'apresenta',
    'apresentando',
    'mantem',
    'mantendo',
    'administrado',
    'administrada',
    'administrados',
    'administradas',
    'administrei',
    'medicado',
    'medicada',
    'mmhg',
    'bpm',
    'irpm',
    'kg',
    'cm',
  ].map(fold),
);

function removeRanges(text: string, ranges: readonly { start: number; end: number }[]): string {
  if (ranges.length === 0) return text;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  for (const range of sorted) {
    if (range.start > pos) out += text.slice(pos, range.start);
    pos = Math.max(pos, range.end);
  }
  return out + text.slice(pos);
}

const RESIDUE_RULES: readonly [RegExp, string][] = [
  [/[ \t]+/g, ' '],
  [/\s*[,;:](?:\s*[,;:])+/g, ','],
  [/\s*[,;:]\s*(?=[.!?]|$)/g, ''],
  [/\s+([,.;:!?])/g, '$1'],
  [/(?:^|\s)(?:e|com)\s*(?=[,.;:!?]|$)/gi, ''],
  [/^[\s,;:.\-–—]+/, ''],
  [
    /^(?:e|com|prescrevo|prescrito|prescrita|receito|inicio|início|iniciar|associo|associar)(?![A-Za-zÀ-ÿ])\s*/i,
    '',
  ],
  [/[\s,;:\-–—]+$/, ''],
];

/** Tidies what is left of a sentence once vital signs or medications were taken out of it. */
function cleanResidue(text: string): string {
  let current = text;
  for (let pass = 0; pass < 4; pass++) {
    let next = current;
    for (const [pattern, replacement] of RESIDUE_RULES) next = next.replace(pattern, replacement);
    next = next.trim();
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Words of a sentence that only identifies the patient ('Paciente João, 45 anos, masculino.'). */
const IDENTIFICATION_WORDS = new Set(
  [
    'paciente',
    'sexo',
    'masculino',
    'feminino',
    'idade',
    'anos',
    'ano',
    'meses',
    'mes',
    'de',
    'do',
    'da',
    'dos',
    'das',
    'e',
    'o',
    'a',
    'com',
    'nome',
    'sr',
    'sra',
    'srta',
    'dona',
    'seu',
    'trabalhador',
    'trabalhadora',
    'usuario',
    'usuaria',
    'pessoa',
    'avaliada',
    'avaliado',
    'periciando',
    'periciada',
    'periciado',
    'homem',
    'mulher',
    'idoso',
    'idosa',
    'identificacao',
  ].map(fold),
);
const AGE_WORDS = new RegExp(`\\b${NUMBER_SOURCE}\\s+(?:anos?|mes(?:es)?)\\b`, 'g');

function isIdentificationOnly(folded: string, foldedName: string | null): boolean {
  let rest = foldedName ? folded.split(foldedName).join(' ') : folded;
  rest = rest.replace(AGE_WORDS, ' ');
  const words = rest.match(/[a-z0-9]+/g) ?? [];
  return words.every((w) => IDENTIFICATION_WORDS.has(w));
}

function isMeaningful(text: string, somethingRemoved: boolean): boolean {
  const words = fold(text).match(/[a-z0-9]+/g);
  if (!words) return false;
  if (!somethingRemoved) return true;
  return words.some((w) => !FILLER.has(w));
}

function finishSentence(text: string): string {
  const trimmed = collapseSpaces(text).replace(/[,;:]+$/, '');
  return trimmed === '' ? '' : capitalizeFirst(ensurePeriod(trimmed));
}

/**
 * Splits the text into pieces, each assigned to a section by the most recent cue: a cue at the
 * start of a sentence, or after a comma, colon or dash when it is a phrase ('renda familiar') or
 * is followed by a separator ('..., conduta: ...'). In a run-on sentence (dictated without
 * punctuation), a label phrase ('queixa principal', 'exame físico') also counts after a space.
 * A cue that names its section ('Conduta:') is dropped from the text; others stay ('Fatores de
 * proteção: apoio familiar').
 */
function segment(text: string, folded: string, cp: CompiledProfile): Piece[] {
  const pieces: Piece[] = [];
  let current = cp.profile.routing.default;
  const separatorAfter = (pos: number, end: number): number => {
    const sep = LABEL_SEPARATOR.exec(folded.slice(pos, Math.min(end, pos + 8)));
    return sep ? sep[0].length : 0;
  };
  for (const sentence of splitSentences(text, folded)) {
    let start = sentence.start;
    while (start < sentence.end && LEADING_BULLETS.test(folded.charAt(start))) start++;
    if (start >= sentence.end) continue;
    const body = folded.slice(start, sentence.end);
    const runOn = (body.match(/\s+/g)?.length ?? 0) >= RUN_ON_WORDS;
    // Without punctuation, a label phrase is dropped even when no separator follows it.
    const drop = (cue: CueInfo, sep: number) => cue.label && (sep > 0 || (runOn && cue.strong));
    cp.startCue.lastIndex = start;
    const head = cp.startCue.exec(folded);
    let contentStart = start;
    if (head) {
      const cue = cp.cueOf.get(normaliseCue(head[0]));
      if (cue) {
        current = cue.section;
        const cueEnd = start + head[0].length;
        const sep = separatorAfter(cueEnd, sentence.end);
        if (drop(cue, sep)) contentStart = cueEnd + sep;
      }
    }
    const inside = runOn ? cp.looseCue : cp.midCue;
    inside.lastIndex = 0;
    for (let m = inside.exec(body); m; m = inside.exec(body)) {
      const matched = m[2] ?? '';
      const cue = cp.cueOf.get(normaliseCue(matched));
      if (!cue || cue.section === current) continue;
      if (runOn && (m[1] ?? '').trim() === '' && !cue.strong) continue;
      const cueStart = start + m.index + m[0].length - matched.length;
      const cueEnd = cueStart + matched.length;
      const sep = separatorAfter(cueEnd, sentence.end);
      if (!cue.phrase && sep === 0 && !(runOn && cue.strong)) continue;
      pieces.push({ section: current, start: contentStart, end: start + m.index });
      current = cue.section;
      contentStart = drop(cue, sep) ? cueEnd + sep : cueStart;
    }
    pieces.push({ section: current, start: contentStart, end: sentence.end });
  }
  return pieces;
}

interface PatientContext {
  additionalContext?: string | null;
  sharedContext?: string | null;
}

function formatPatient(cp: CompiledProfile, text: string, context: PatientContext): FormattedNote {
  const { profile } = cp;
  const { routing } = profile;
  const folded = fold(text);
  const blocks = new Map<string, Block[]>(profile.sections.map((s) => [s.key, []]));
  const vitals: VitalMatch[] = [];
  const keepMedications = new Set(routing.keepMedications);

  const additional = context.additionalContext?.trim() ?? '';
  const extracted = extractPatientData(text, folded);
  const fallback: ExtractedPatientData =
    additional !== '' ? extractPatientData(additional) : { name: null, age: null, gender: null };
  const patientData = {
    name: extracted.name ?? fallback.name,
    age: extracted.age ?? fallback.age,
    gender: extracted.gender ?? fallback.gender,
  };
  const foldedName = extracted.name ? fold(extracted.name) : null;

  for (const piece of segment(text, folded, cp)) {
    if (piece.end <= piece.start) continue;
    let pieceText = text.slice(piece.start, piece.end);
    let pieceFolded = folded.slice(piece.start, piece.end);
    // The patient line already carries a sentence that only identifies the patient.
    if (piece.section !== routing.identification && isIdentificationOnly(pieceFolded, foldedName)) {
      continue;
    }
    const removed: { start: number; end: number }[] = [];
    if (routing.vitals !== null) {
      const found = findVitals(pieceFolded);
      if (found.length > 0) {
        vitals.push(...found);
        removed.push(...found);
        // Blank the measurements out so that no dose is read inside them.
        const blank = (s: string) => removeRangesWithSpaces(s, found);
        pieceText = blank(pieceText);
        pieceFolded = blank(pieceFolded);
      }
    }
    if (
      routing.medications !== null &&
      !keepMedications.has(piece.section) &&
      !CURRENT_USE.test(pieceFolded)
    ) {
      const medications = findMedications(pieceText, pieceFolded);
      const target = blocks.get(routing.medications);
      for (const medication of medications) {
        target?.push({ kind: 'line', text: medication.line });
        removed.push(medication);
      }
    }
    const residue = removed.length > 0 ? cleanResidue(removeRanges(pieceText, removed)) : pieceText;
    if (!isMeaningful(residue, removed.length > 0)) continue;
    const sentence = finishSentence(residue);
    if (sentence !== '') blocks.get(piece.section)?.push({ kind: 'prose', text: sentence });
  }

  const contents = new Map<string, string>();
  for (const section of profile.sections) {
    const lines: string[] = section.key === routing.vitals ? formatVitals(vitals) : [];
    let paragraph = '';
    for (const block of blocks.get(section.key) ?? []) {
      if (block.kind === 'prose') {
        paragraph = paragraph === '' ? block.text : `${paragraph} ${block.text}`;
      } else {
        if (paragraph !== '') lines.push(paragraph);
        paragraph = '';
        lines.push(`- ${block.text}`);
      }
    }
    if (paragraph !== '') lines.push(paragraph);
    contents.set(section.key, lines.join('\n'));
  }

  if (routing.identification !== null && (contents.get(routing.identification) ?? '') === '') {
    const identification = [
      patientData.name ? `Nome: ${patientData.name}.` : '',
      patientData.age ? `Idade: ${patientData.age}.` : '',
      patientData.gender ? `Sexo: ${patientData.gender}.` : '',
    ].filter((s) => s !== '');
    if (identification.length > 0) contents.set(routing.identification, identification.join(' '));
  }

  const notes = [contents.get(routing.observations) ?? ''];
  const shared = collapseSpaces(context.sharedContext ?? '');
  if (shared !== '') notes.push(`Contexto do atendimento: ${shared}`);
  if (additional !== '') notes.push(`Contexto adicional: ${collapseSpaces(additional)}`);
  contents.set(routing.observations, notes.filter((s) => s !== '').join('\n'));

  return buildNote(profile, patientData, contents);
}

function removeRangesWithSpaces(
  text: string,
  ranges: readonly { start: number; end: number }[],
): string {
  let out = '';
  let pos = 0;
  for (const range of ranges) {
    out += text.slice(pos, range.start) + ' '.repeat(range.end - range.start);
    pos = range.end;
  }
  return out + text.slice(pos);
}

// ---- multiple patients --------------------------------------------------------------------------

export interface PatientSplit {
  /** Text before the first marker, shared by every patient. */
  shared: string;
  /** Each patient's text, in marker order (a number used twice gathers both parts). */
  patients: { number: number; text: string }[];
}

/** Splits a dictation at the patient markers ('[Paciente 1]', ...). */
export function splitPatients(text: string): PatientSplit {
  const marker = new RegExp(PATIENT_MARKER_SOURCE, 'g');
  const matches = [...text.matchAll(marker)];
  if (matches.length === 0) return { shared: '', patients: [] };
  const first = matches[0] as RegExpMatchArray;
  const byNumber = new Map<number, string[]>();
  matches.forEach((match, i) => {
    const number = Number(match[1]);
    const from = (match.index ?? 0) + match[0].length;
    const to = (matches[i + 1] as RegExpMatchArray | undefined)?.index ?? text.length;
    const parts = byNumber.get(number) ?? [];
    parts.push(text.slice(from, to).trim());
    byNumber.set(number, parts);
  });
  const patients = [...byNumber.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([number, parts]) => ({ number, text: parts.filter((p) => p !== '').join('\n') }))
    .filter((p) => p.text !== '');
  return { shared: text.slice(0, first.index ?? 0).trim(), patients };
}

// ---- entry point --------------------------------------------------------------------------------

export function formatOffline(input: OfflineFormatInput): FormatResult {
  const cp = compiledProfile(input.professional);
  let text = applyDictatedPunctuation(input.text);
  if (input.medicalTerms && input.medicalTerms.length > 0) {
    text = applyMedicalDictionary(text, dictionaryFor(input.medicalTerms)).text;
  }
  const context: PatientContext = { additionalContext: input.additionalContext ?? null };

  if (!input.multiplePatients) {
    const single = text.replace(new RegExp(PATIENT_MARKER_SOURCE, 'g'), '\n');
    const formatted = formatPatient(cp, single, context);
    return { formatted, text: formatted.text };
  }

  const split = splitPatients(text);
  const patients =
    split.patients.length === 0
      ? [formatPatient(cp, split.shared === '' ? text : split.shared, context)]
      : split.patients.map((patient) =>
          formatPatient(cp, patient.text, { ...context, sharedContext: split.shared }),
        );
  const summary = buildMultiPatientSummary(patients);
  return { patients, summary, text: renderMultiPatient(patients, summary) };
}
