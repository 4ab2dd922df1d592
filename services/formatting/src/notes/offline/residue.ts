/**
 * Tidying what is left of a piece of dictation once vital signs and doses were taken out of it,
 * and telling a piece that only identifies the patient (it is on the patient line already). All
 * patterns are bounded, so linear on any input.
 */

import { fold } from '@pv/pt-text';
import { capitalizeFirst, collapseSpaces, ensurePeriod, NUMBER_SOURCE } from '../reading/text.js';

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
    'conforme',
    'mmhg',
    'bpm',
    'irpm',
    'kg',
    'cm',
  ].map(fold),
);

const RESIDUE_RULES: readonly [RegExp, string][] = [
  [/[ \t]{1,50}/g, ' '],
  [/ ?[,;:](?: ?[,;:]){1,20}/g, ','],
  [/ ?[,;:] ?(?=[.!?]|$)/g, ''],
  [/ ([,.;:!?])/g, '$1'],
  [/(?:^| )(?:e|com) ?(?=[,.;:!?]|$)/gi, ''],
  [/^[\s,;:.\-–—]{1,20}/, ''],
  [
    /^(?:e|com|prescrevo|prescrito|prescrita|receito|inicio|início|iniciar|associo|associar)(?![A-Za-zÀ-ÿ]) ?/i,
    '',
  ],
  [/[\s,;:\-–—]{1,20}$/, ''],
];

/** Tidies what is left of a sentence once vital signs or medications were taken out of it. */
export function cleanResidue(text: string): string {
  let current = collapseSpaces(text);
  for (let pass = 0; pass < 4; pass++) {
    let next = current;
    for (const [pattern, replacement] of RESIDUE_RULES) next = next.replace(pattern, replacement);
    next = next.trim();
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Whether a residue still says something (not only filler words left around what was taken). */
export function isMeaningful(text: string, somethingRemoved: boolean): boolean {
  if (!somethingRemoved) return /[A-Za-z0-9À-ÖØ-öø-ÿ]/.test(text);
  const words = fold(text).match(/[a-z0-9]+/g);
  if (!words) return false;
  if (!somethingRemoved) return true;
  return words.some((w) => !FILLER.has(w));
}

/** A piece as a sentence of the note: capitalised, ending with a period, no dangling 'e'. */
export function finishSentence(text: string): string {
  let trimmed = collapseSpaces(text)
    .replace(/^[\s,;:.\-–—]{1,20}/, '')
    .replace(/^e /i, '')
    .replace(/[,;:\-–—\s]{1,20}$/, '');
  // A piece cut before the next cue may end with a conjunction ('... perfil lipídico e').
  trimmed = trimmed.replace(/ (?:e|ou|com|de)$/i, '').replace(/[,;:]{1,5}$/, '');
  return trimmed === '' ? '' : capitalizeFirst(ensurePeriod(trimmed));
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
    'senhor',
    'senhora',
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
    'adolescente',
    'crianca',
  ].map(fold),
);
const MAX_IDENTIFICATION_LENGTH = 240;
const AGE_WORDS = new RegExp(`\\b${NUMBER_SOURCE}\\s{1,3}(?:anos?|mes(?:es)?)\\b`, 'g');

/** Whether a piece says nothing but who the patient is (name, age, sex). */
export function isIdentificationOnly(folded: string, foldedName: string | null): boolean {
  // A name, an age and a sex fit in a short clause; a long piece says more.
  if (folded.length > MAX_IDENTIFICATION_LENGTH) return false;
  let rest = foldedName ? folded.split(foldedName).join(' ') : folded;
  rest = rest.replace(AGE_WORDS, ' ');
  const words = rest.match(/[a-z0-9]+/g) ?? [];
  return words.every((w) => IDENTIFICATION_WORDS.has(w));
}

/** `text` without the given ranges (sorted by start; overlaps merged). */
export function removeRanges(
  text: string,
  ranges: readonly { start: number; end: number }[],
): string {
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

/** `text` with the given ranges blanked out by spaces (same length). */
export function blankRanges(
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
