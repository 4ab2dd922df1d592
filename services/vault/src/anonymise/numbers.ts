/**
 * Document and contact numbers: CPF, RG, CNS, phone, CEP and other document numbers, written with
 * their punctuation ('529.982.247-25'), as bare digits, or dictated ('cpf cinco dois nove...').
 * Every number in the text is read once as a run (numerals and number words with the separators
 * between them); the run's shape and the words before it say what it is.
 */

import type { Token } from '@pv/pt-text';
import type { RedactionTag, Span } from './spans.js';
import { isNumberWord, type SpokenNumber, spokenNumberAt } from './spoken-numbers.js';

export interface NumberRun extends SpokenNumber {
  start: number;
  end: number;
  /** The run's characters as written (only read when short). */
  raw: string;
}

/**
 * Every maximal number run, left to right. Linear: each token is read by at most one run, and a
 * run's parse looks a bounded number of tokens ahead of what it consumes.
 */
export function numberRuns(text: string, toks: readonly Token[]): NumberRun[] {
  const runs: NumberRun[] = [];
  let i = 0;
  while (i < toks.length) {
    const t = toks[i] as Token;
    const starts = t.kind === 'number' || (t.kind === 'word' && isNumberWord(t.folded));
    const run = starts ? spokenNumberAt(toks, i) : null;
    if (!run) {
      i++;
      continue;
    }
    // '(11) 9...' and '+55 ...' start at the bracket or the plus sign.
    let first = run.first;
    for (let back = 0; back < 2; back++) {
      const prev = toks[first - 1];
      if (prev && (prev.text === '(' || prev.text === '+') && !toks[first]?.spaceBefore) first--;
      else break;
    }
    const start = (toks[first] as Token).start;
    let end = (toks[run.last] as Token).end;
    // 'RG 23456789X': a check letter glued to the digits.
    const after = toks[run.last + 1];
    if (after && !after.spaceBefore && after.kind === 'word' && after.folded === 'x')
      end = after.end;
    // A closing bracket right after ('(11)' alone) belongs to the run.
    runs.push({
      first,
      last: run.last,
      digits: run.digits,
      groups: run.groups,
      spoken: run.spoken,
      seps: run.seps,
      start,
      end,
      raw: end - start <= 40 ? text.slice(start, end) : '',
    });
    i = run.last + 1;
  }
  return runs;
}

/** The CPF check digits (módulo 11). */
export function isValidCpf(cpf: string): boolean {
  const d = cpf.replace(/\D/g, '');
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

type Cue = 'cpf' | 'rg' | 'cns' | 'phone' | 'cep' | 'document' | 'birth';

const CUE_WORDS = new Map<string, Cue>(
  Object.entries({
    cpf: 'cpf',
    rg: 'rg',
    identidade: 'rg',
    cns: 'cns',
    sus: 'cns',
    tel: 'phone',
    telefone: 'phone',
    telefones: 'phone',
    fone: 'phone',
    celular: 'phone',
    cel: 'phone',
    whatsapp: 'phone',
    whats: 'phone',
    zap: 'phone',
    contato: 'phone',
    ligar: 'phone',
    recado: 'phone',
    fixo: 'phone',
    cep: 'cep',
    prontuario: 'document',
    matricula: 'document',
    registro: 'document',
    cnh: 'document',
    passaporte: 'document',
    eleitor: 'document',
    nis: 'document',
    pis: 'document',
    pasep: 'document',
    ctps: 'document',
    certidao: 'document',
    // Council registrations identify the professional: 'CRM 123456', 'COREN-SP 98765'.
    crm: 'document',
    coren: 'document',
    crp: 'document',
    crf: 'document',
    cro: 'document',
    crn: 'document',
    crefito: 'document',
    rqe: 'document',
    nascimento: 'birth',
    nascido: 'birth',
    nascida: 'birth',
    nasceu: 'birth',
    nasc: 'birth',
    dn: 'birth',
  }) as [string, Cue][],
);

/**
 * The nearest cue among the 8 tokens before token `first` ('CPF:', 'o cpf dele é', 'cartão do
 * SUS', 'c.p.f.'), stopping at a line break or a field separator.
 */
export function cueBefore(toks: readonly Token[], first: number): Cue | null {
  let letters = '';
  for (let k = first - 1; k >= 0 && k >= first - 8; k--) {
    const t = toks[k] as Token;
    if (t.kind === 'punct' && (t.text === ';' || t.text === '|')) break;
    if (t.kind === 'word') {
      const cue = CUE_WORDS.get(t.folded);
      if (cue) {
        // 'registro geral' is the RG.
        if (t.folded === 'registro' && toks[k + 1]?.folded === 'geral') return 'rg';
        return cue;
      }
      // 'c.p.f.', 'c. e. p.': single letters with dots read as one word.
      letters = t.folded.length === 1 ? t.folded + letters : '';
      if (letters === 'cpf' || letters === 'cep' || letters === 'rg' || letters === 'dn')
        return CUE_WORDS.get(letters) as Cue;
    }
    if (t.lineBefore) break;
  }
  return null;
}

const PUNCTUATED_CPF = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const PUNCTUATED_RG = /^\d{1,2}\.\d{3}\.\d{3}-[\dXx]$/;
const PUNCTUATED_CEP = /^(?:\d{5}-\d{3}|\d{2}\.\d{3}-\d{3})$/;
const PHONE_TAIL = /\d{4,5}[-. ]\d{4}$/;
const AREA_CODE = /^\+|\(\d{2,3}\)/;

/** What a number run is, from its shape and the cue before it; null for a clinical number. */
function classify(run: NumberRun, cue: Cue | null): RedactionTag | null {
  const d = run.digits.length;
  const raw = run.raw;
  switch (cue) {
    case 'cpf':
      if (d >= 9) return '[CPF]';
      break;
    case 'rg':
      if (d >= 5) return '[RG]';
      break;
    case 'cns':
      if (d >= 10) return '[CNS]';
      break;
    case 'phone':
      if (d >= 8) return '[TELEFONE]';
      break;
    case 'cep':
      if (d >= 5) return '[CEP]';
      break;
    case 'document':
      if (d >= 4) return '[DOCUMENTO]';
      break;
  }
  if (PUNCTUATED_CPF.test(raw)) return '[CPF]';
  if (PUNCTUATED_RG.test(raw)) return '[RG]';
  if (PUNCTUATED_CEP.test(raw)) return '[CEP]';
  if (d === 15) return '[CNS]';
  if (d >= 8 && d <= 13 && (AREA_CODE.test(raw) || (d >= 10 && d <= 11 && PHONE_TAIL.test(raw))))
    return '[TELEFONE]';
  if (d === 11 && isValidCpf(run.digits)) return '[CPF]';
  if (d >= 8 && d <= 9 && PHONE_TAIL.test(raw)) return '[TELEFONE]';
  // Anything else of 8 digits or more is some document or contact number.
  if (d >= 8) return '[DOCUMENTO]';
  return null;
}

/** Spans of every document and contact number. */
export function numberSpans(runs: readonly NumberRun[], toks: readonly Token[]): Span[] {
  const spans: Span[] = [];
  for (const run of runs) {
    const tag = classify(run, cueBefore(toks, run.first));
    if (!tag) continue;
    // 'MG-14.325.876', 'SP 12.345.678-9': the issuing state's letters belong to the RG.
    let start = run.start;
    const dash = toks[run.first - 1];
    const state = toks[dash?.text === '-' ? run.first - 2 : run.first - 1];
    if (
      tag === '[RG]' &&
      state?.kind === 'word' &&
      state.folded.length === 2 &&
      state.folded !== 'rg'
    )
      start = state.start;
    spans.push({ start, end: run.end, tag });
  }
  return spans;
}
