/**
 * Patient identification from a dictation: name, age and sex, as typed ('Paciente: Maria Souza,
 * 45 anos, feminino') or as a speech engine writes them ('dona lúcia setenta e um anos',
 * 'paciente roberto almeida cinquenta e oito anos', 'pedro henrique seis anos trazido pela mãe').
 * A word scanner over the folded text; each finder returns null when the dictation does not say
 * it (the note then reads 'Não informado'). Linear in the length of the text.
 */

import { fold, NUMBER_WORDS, type Word, words } from '@pv/pt-text';
import {
  AGE_UNITS,
  GENDERED_ADJECTIVES,
  LOWERCASE_NOT_NAME_WORDS,
  NAME_LABELS,
  NOT_NAME_WORDS,
  PARTICLES,
  PERSON_NOUNS,
  TITLES,
} from '../data/patient-words.js';
import { readSpokenNumber } from '../reading/numbers.js';
import { titleCaseName } from '../reading/text.js';
import { type Token, tokenize } from '../reading/tokens.js';

export type Gender = 'Masculino' | 'Feminino';

export interface ExtractedPatientData {
  name: string | null;
  age: string | null;
  gender: Gender | null;
}

// ---- age ----------------------------------------------------------------------------------------

interface AgeAt {
  years: number | null;
  months: number | null;
  next: number;
}

/** 'N anos', 'N meses', 'N anos e M meses' at token `i`. */
function ageAt(text: string, tokens: readonly Token[], i: number): AgeAt | null {
  const n = numberAt(text, tokens, i);
  if (!n) return null;
  const unit = tokens[n.next];
  if (unit?.gap !== 'none' || !AGE_UNITS.has(unit.text)) return null;
  if (unit.text.startsWith('m')) return { years: null, months: n.value, next: n.next + 1 };
  let next = n.next + 1;
  let months: number | null = null;
  if (tokens[next]?.text === 'e') {
    const m = numberAt(text, tokens, next + 1);
    const u = m ? tokens[m.next] : undefined;
    if (m && u && (u.text === 'mes' || u.text === 'meses')) {
      months = m.value;
      next = m.next + 1;
    }
  }
  return { years: n.value, months, next };
}

function numberAt(
  text: string,
  tokens: readonly Token[],
  i: number,
): { value: number; next: number } | null {
  const t = tokens[i];
  if (!t) return null;
  if (/^\d{1,3}$/.test(t.text)) return { value: Number(t.text), next: i + 1 };
  const read = readSpokenNumber(text, tokens, i);
  if (!read || !Number.isInteger(read.value)) return null;
  // A spoken number is a run of words with spaces only between them.
  for (let k = i + 1; k < read.next; k++) if ((tokens[k] as Token).gap !== 'none') return null;
  return { value: read.value, next: read.next };
}

function formatAge(age: AgeAt): string | null {
  const { years, months } = age;
  if (years !== null && (years < 0 || years > 130)) return null;
  if (months !== null && (months < 0 || months > 24)) return null;
  const parts: string[] = [];
  if (years !== null && years > 0) parts.push(`${years} ${years === 1 ? 'ano' : 'anos'}`);
  if (months !== null && months > 0) parts.push(`${months} ${months === 1 ? 'mês' : 'meses'}`);
  return parts.length > 0 ? parts.join(' e ') : null;
}

/** Words before 'N anos' that make it a duration or a past age, not the patient's age. */
const DURATION_BEFORE =
  /(?:\bha|\bfaz|\bpor|\bdurante|\bdesde(?: (?:os|as))?|\bapos|\baos|\bultimos|\bmais de|\bmenos de|\bquase|\bcerca de|\bhavia|\bem|\bcada|\bpara|\b(?:quadro|historia|evolucao|sintomas|dor|queixa|tratamento|uso|tabagista|etilista|diagnostico|trabalha|trabalhou|exposto|exposta|exposicao) de) ?$/;
/** Words after 'N anos' that make it a duration ('10 anos de tabagismo', '5 anos atrás'). */
const DURATION_AFTER =
  /^ ?(?:atras|antes|depois|seguidos|consecutivos|de (?:evolucao|historia|tabagismo|etilismo|empresa|trabalho|servico|casad|casamento|uniao|profissao|funcao|doenca|diagnostico|uso|tratamento|exposicao|atividade|carteira)|na (?:funcao|empresa|profissao)|no (?:cargo|setor|emprego)|como)/;
const flat = (text: string) => text.replace(/\s{1,20}/g, ' ');

/** The patient's age from the whole text: labelled first, then the first 'N anos' that is not a duration. */
export function findAge(text: string, folded: string, tokens: readonly Token[]): string | null {
  let fallback: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.text === 'idade') {
      // 'idade: 67', 'idade de 45'.
      let j = i + 1;
      if (tokens[j]?.text === 'de') j++;
      const n = tokens[j];
      const unit = tokens[j + 1];
      if (
        n &&
        /^\d{1,3}$/.test(n.text) &&
        !(unit && /^(?:mes|meses|dia|dias|semana|semanas)$/.test(unit.text) && unit.gap === 'none')
      ) {
        const age = formatAge({ years: Number(n.text), months: null, next: 0 });
        if (age !== null) return age;
      }
      continue;
    }
    if (!/^\d/.test(t.text) && !NUMBER_WORDS.has(t.text)) continue;
    const found = ageAt(text, tokens, i);
    if (!found) continue;
    const age = formatAge(found);
    if (age === null) continue;
    const end = (tokens[found.next - 1] as Token).end;
    const after = flat(folded.slice(end, end + 40));
    if (/^ de (?:idade|vida)\b/.test(after)) return age;
    i = found.next - 1;
    if (fallback !== null || found.years === null) continue;
    const before = flat(folded.slice(Math.max(0, t.start - 20), t.start));
    if (DURATION_BEFORE.test(before) || DURATION_AFTER.test(after)) continue;
    fallback = age;
  }
  return fallback;
}

// ---- name ---------------------------------------------------------------------------------------

/** Names found this surely or better are the identification of the text (segment.ts cuts them out). */
const WEAK_TIER = 3;

interface NameMatch {
  name: string;
  /** Lower is stronger: labelled 0, title or noun with capitals 1, lowercase with age 2, ... */
  tier: number;
  start: number;
  /** End of the name, or of the age said right after it. */
  end: number;
  age: string | null;
  title: Gender | null;
}

const isNameWord = (t: Token) =>
  /^[a-z]{2,}$/.test(t.text) &&
  !NOT_NAME_WORDS.has(t.text) &&
  (t.cap || !LOWERCASE_NOT_NAME_WORDS.has(t.text)) &&
  !NUMBER_WORDS.has(t.text) &&
  t.text !== 'mil';

/** The name words from token `i`: capitalised ones if the first is, else lowercase ones. */
function nameWords(tokens: readonly Token[], i: number): { words: Token[]; next: number } {
  const taken: Token[] = [];
  let k = i;
  const first = tokens[i];
  if (!first || PARTICLES.has(first.text) || !isNameWord(first)) return { words: [], next: i };
  while (k < tokens.length && taken.length < 7) {
    const t = tokens[k] as Token;
    if (k > i && t.gap !== 'none') break;
    const particle = PARTICLES.has(t.text) && k > i;
    if (!particle && !isNameWord(t)) break;
    if (first.cap && !t.cap && !particle) break;
    taken.push(t);
    k++;
  }
  while (taken.length > 0 && PARTICLES.has((taken[taken.length - 1] as Token).text)) {
    taken.pop();
    k--;
  }
  return { words: taken, next: k };
}

function nameText(text: string, list: readonly Token[]): string {
  return titleCaseName(list.map((t) => text.slice(t.start, t.end)).join(' '));
}

/** Skips the words that introduce a name: titles, person nouns, 'chamado', 'de nome'. */
function skipIntro(tokens: readonly Token[], i: number): { next: number; title: Gender | null } {
  let k = i;
  let title: Gender | null = null;
  for (let guard = 0; guard < 4 && k < tokens.length; guard++) {
    const t = tokens[k] as Token;
    if (k > i && t.gap === 'stop' && !/^(?:sr|sra|srta)$/.test((tokens[k - 1] as Token).text))
      break;
    if (TITLES.has(t.text)) {
      title = TITLES.get(t.text) ?? null;
      k++;
    } else if (
      PERSON_NOUNS.has(t.text) ||
      t.text === 'pessoa' ||
      t.text === 'chamado' ||
      t.text === 'chamada'
    ) {
      k++;
    } else if (t.text === 'de' && tokens[k + 1]?.text === 'nome') {
      k += 2;
    } else break;
  }
  return { next: k, title };
}

function findNames(text: string, tokens: readonly Token[]): NameMatch[] {
  const found: NameMatch[] = [];
  let ageEnd = 0;
  const ageAfter = (next: number): string | null => {
    ageEnd = 0;
    let t = tokens[next];
    if (!t || t.gap === 'stop') return null;
    // 'pedro de oito anos', 'criança de 2 anos'.
    if (t.text === 'de' && tokens[next + 1]?.gap === 'none') {
      next++;
      t = tokens[next] as Token;
    }
    const age = ageAt(text, tokens, next);
    if (!age) return null;
    ageEnd = (tokens[age.next - 1] as Token).end;
    return formatAge(age);
  };
  const endOf = (list: readonly Token[]) => Math.max(ageEnd, (list[list.length - 1] as Token).end);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    // 'Nome: ...', 'Paciente: Sr. ...', 'Identificação: pessoa avaliada ...'.
    const labelled =
      NAME_LABELS.has(t.text) &&
      (tokens[i + 1]?.colon === true ||
        (t.text === 'nome' && /^ (?:e|completo) /.test(` ${tokens[i + 1]?.text ?? ''} `)));
    if (labelled) {
      let k = i + 1;
      if (tokens[k]?.text === 'e' || tokens[k]?.text === 'completo') k++;
      const intro = skipIntro(tokens, k);
      const { words: list, next } = nameWords(tokens, intro.next);
      if (list.length > 0) {
        const age = ageAfter(next);
        found.push({
          name: nameText(text, list),
          tier: 0,
          start: t.start,
          end: endOf(list),
          age,
          title: intro.title,
        });
      }
      continue;
    }
    const isTitle = TITLES.has(t.text);
    if (!isTitle && !PERSON_NOUNS.has(t.text)) {
      // A name at the start of a clause, followed by the age: 'Carla, 29 anos', 'pedro henrique seis anos'.
      if (t.gap === 'stop' || i === 0) {
        const { words: list, next } = nameWords(tokens, i);
        const age = list.length > 0 && list.length <= 4 ? ageAfter(next) : null;
        if (age) {
          found.push({
            name: nameText(text, list),
            tier: 3,
            start: t.start,
            end: endOf(list),
            age,
            title: null,
          });
        }
      }
      continue;
    }
    const intro = skipIntro(tokens, i);
    const { words: list, next } = nameWords(tokens, intro.next);
    if (list.length === 0) continue;
    const age = ageAfter(next);
    const capital = (list[0] as Token).cap;
    const atStart = t.gap === 'stop' || i === 0;
    // 'seu' is also a possessive ('seu trabalho'): as a title it starts a clause or has an age.
    const possessive = t.text === 'seu' && !capital && !atStart && !age;
    let tier: number | null = null;
    if (possessive) tier = null;
    else if (capital) tier = 1;
    else if (age) tier = 2;
    else if (isTitle || list.length >= 2) tier = 4;
    if (tier !== null) {
      found.push({
        name: nameText(text, list),
        tier,
        start: t.start,
        end: endOf(list),
        age,
        title: intro.title,
      });
    }
  }
  return found;
}

// ---- sex ----------------------------------------------------------------------------------------

const SEX_LABEL = /\bsexo\s{0,3}(?::|=|e)?\s{0,3}(masculino|feminino|m|f)\b/;
const SEX_WORD = /\b(masculino|feminino)\b/;
const SEX_NOUN = /\b(homem|mulher|menino|menina|rapaz|moca|senhor|senhora|gestante|puerpera)\b/;
const FEMININE_NOUNS = new Set(['mulher', 'menina', 'moca', 'senhora', 'gestante', 'puerpera']);
/** The article or an inflected noun ('a paciente', 'o trabalhador', 'a usuária'). */
const WEAK = new RegExp(
  '\\b(?:(a|da|na|pela)\\s{1,3}paciente|(o|do|no|pelo|ao)\\s{1,3}paciente|' +
    '(trabalhadora|usuaria|periciada|avaliada|idosa|assistida|adolescente feminina)|' +
    '(trabalhador|usuario|periciado|periciando|avaliado|idoso|assistido))\\b',
);
const ADJECTIVES = new Map<string, Gender>();
for (const m of GENDERED_ADJECTIVES) {
  ADJECTIVES.set(m, 'Masculino');
  ADJECTIVES.set(`${m.slice(0, -1)}a`, 'Feminino');
}

/** Sex from the strongest cue: label, word, noun, title, article, then adjectives said of the patient. */
export function findGender(
  folded: string,
  title: Gender | null = null,
  tokens: readonly Word[] = words(folded),
): Gender | null {
  const label = SEX_LABEL.exec(folded);
  if (label?.[1]) return label[1].startsWith('m') ? 'Masculino' : 'Feminino';
  const word = SEX_WORD.exec(folded);
  if (word?.[1]) return word[1] === 'masculino' ? 'Masculino' : 'Feminino';
  const noun = SEX_NOUN.exec(folded);
  if (noun?.[1]) return FEMININE_NOUNS.has(noun[1]) ? 'Feminino' : 'Masculino';
  if (title) return title;
  const weak = WEAK.exec(folded);
  if (weak) {
    if (weak[1] !== undefined || weak[3] !== undefined) return 'Feminino';
    return 'Masculino';
  }
  // The first word said about someone is said about the patient (others come later).
  for (const t of tokens) {
    const g = ADJECTIVES.get(t.text);
    if (g) return g;
  }
  return null;
}

// ---- together -----------------------------------------------------------------------------------

export interface PatientIdentification extends ExtractedPatientData {
  /** Where the name (and the age said with it) was found, when a name was found. */
  span: { start: number; end: number } | null;
}

/** Name, age and sex, and where the name was found. */
export function identifyPatient(
  text: string,
  folded = fold(text),
  tokens: readonly Token[] = tokenize(text, folded),
): PatientIdentification {
  const names = findNames(text, tokens);
  let best: NameMatch | null = null;
  for (const n of names) if (!best || n.tier < best.tier) best = n;
  const age = best?.age ?? findAge(text, folded, tokens);
  return {
    name: best?.name ?? null,
    age,
    gender: findGender(folded, best?.title ?? null, tokens),
    // A weak guess (lower case, no age, no title) names the patient but is not cut out of the text.
    span: best && best.tier <= WEAK_TIER ? { start: best.start, end: best.end } : null,
  };
}

/** Name, age and sex of the patient; null for what the dictation does not say. */
export function extractPatientData(text: string, folded = fold(text)): ExtractedPatientData {
  const { name, age, gender } = identifyPatient(text, folded);
  return { name, age, gender };
}

/** The name alone (the strongest found, the first among equals), or null. */
export function findName(text: string): string | null {
  return identifyPatient(text).name;
}
