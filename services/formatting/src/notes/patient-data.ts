/**
 * Patient identification from a dictation: name, age and gender. Each finder returns null when the
 * dictation does not say it; the caller writes 'Não informado'.
 */
import { fold, NUMBER_SOURCE, parsePtNumber, titleCaseName } from './text.js';

export interface ExtractedPatientData {
  name: string | null;
  age: string | null;
  gender: 'Masculino' | 'Feminino' | null;
}

// ---- name ---------------------------------------------------------------------------------------

const UPPER = 'A-ZÀ-ÖØ-Þ';
const LOWER = 'a-zß-öø-ÿ';
const NAME_WORD = `[${UPPER}][${LOWER}]+`;
const PARTICLE = '(?:d[aeo]s?|e)';
const CAPITALISED_NAME = `${NAME_WORD}(?:[ \\t]+(?:${PARTICLE}[ \\t]+)?${NAME_WORD}){0,5}`;

/** Nouns after which a dictated capitalised name follows ('paciente Maria Souza'). */
const PERSON_NOUNS =
  '(?:[Pp]aciente|[Tt]rabalhador(?:a)?|[Uu]su[áa]ri[oa]|[Pp]ericiand[oa]|[Pp]ericiad[oa]|' +
  '[Aa]valiad[oa]|[Aa]ssistid[oa]|[Ii]dos[oa]|[Cc]rian[çc]a|[Bb]eb[êe]|[Gg]estante|' +
  '[Pp]essoa avaliada|[Mm]enor)';

const NAME_TAIL = `([${UPPER}${LOWER}]+(?:[ \\t]+[${UPPER}${LOWER}]+){0,7})`;
/** 'Nome: joão da silva', 'nome do paciente é João', 'nome completo: Ana Lima'. */
const NAME_LABEL = new RegExp(
  '(?:^|[^A-Za-zÀ-ÿ])[Nn]ome(?:[ \\t]+(?:completo|social|d[oa][ \\t]+(?:paciente|trabalhador|trabalhadora|usu[áa]ri[oa]|pessoa avaliada)))?' +
    `[ \\t]*(?::|[ \\t]é[ \\t])[ \\t]*${NAME_TAIL}`,
);
/** 'Paciente: Maria Souza', 'Pessoa avaliada: Carlos Lima'. */
const ROLE_LABEL = new RegExp(
  `(?:^|[^A-Za-zÀ-ÿ])(?:${PERSON_NOUNS}|[Pp]essoa avaliada|[Ii]dentifica[çc][ãa]o)[ \\t]*:[ \\t]*${NAME_TAIL}`,
);
const NOUN_NAME_GLOBAL = new RegExp(
  `(?:^|[^A-Za-zÀ-ÿ])${PERSON_NOUNS}[ \\t]+(?:(?:chamad[oa]|de nome|identificad[oa] como)[ \\t]+)?(${CAPITALISED_NAME})`,
  'g',
);
const TITLE_NAME = new RegExp(
  `(?:^|[^A-Za-zÀ-ÿ])(Sra\\.|Srta\\.|Sr\\.|Dona|Seu)[ \\t]+(${CAPITALISED_NAME})`,
);

/** Capitalised words that follow 'paciente' but are not names. */
const NOT_NAMES = new Set(
  [
    'refere',
    'relata',
    'nega',
    'apresenta',
    'comparece',
    'compareceu',
    'retorna',
    'vem',
    'veio',
    'chega',
    'chegou',
    'encontra',
    'está',
    'esta',
    'com',
    'sem',
    'em',
    'de',
    'do',
    'da',
    'no',
    'na',
    'foi',
    'evolui',
    'informa',
    'queixa',
    'deu',
    'internado',
    'internada',
    'acamado',
    'acamada',
    'lúcido',
    'lúcida',
    'consciente',
    'orientado',
    'orientada',
    'masculino',
    'feminino',
    'idoso',
    'idosa',
    'hipertenso',
    'hipertensa',
    'diabético',
    'diabética',
    'sexo',
    'idade',
    'anos',
  ].map(fold),
);
/** Words that end a labelled name ('Nome: Ana Lima, idade 30' keeps 'Ana Lima'). */
const NAME_STOP_WORDS = new Set(
  [
    'idade',
    'sexo',
    'anos',
    'ano',
    'natural',
    'residente',
    'cpf',
    'rg',
    'matrícula',
    'solteiro',
    'solteira',
    'casado',
    'casada',
    'viúvo',
    'viúva',
    'divorciado',
    'divorciada',
  ].map(fold),
);

const isCapitalised = (word: string) => /^[A-ZÀ-ÖØ-Þ]/.test(word);
const isParticle = (word: string) => /^(?:d[aeo]s?|e)$/i.test(word);

/**
 * The name in `raw`, title-cased: stops at a word that cannot belong to a name (a stop word, a
 * verb such as 'refere' or, when the name was dictated capitalised, a lower-case word).
 */
function cleanName(raw: string): string | null {
  const words: string[] = [];
  const parts = raw.trim().split(/[ \t]+/);
  const capitalised = isCapitalised(parts[0] ?? '');
  for (const word of parts) {
    const folded = fold(word);
    if (NAME_STOP_WORDS.has(folded)) break;
    if (isParticle(word) ? words.length === 0 : NOT_NAMES.has(folded)) break;
    if (capitalised && !isCapitalised(word) && !isParticle(word)) break;
    if (words.length === 6) break;
    words.push(word);
  }
  // Particles cannot end a name ('João da').
  while (words.length > 0 && isParticle(words[words.length - 1] as string)) words.pop();
  if (words.length === 0) return null;
  return titleCaseName(words.join(' '));
}

export function findName(text: string): string | null {
  for (const labelled of [NAME_LABEL, ROLE_LABEL]) {
    const match = labelled.exec(text);
    const name = match?.[1] ? cleanName(match[1]) : null;
    if (name) return name;
  }
  // Try every 'paciente X' until one is a name ('Paciente Refere...' is not).
  for (const match of text.matchAll(NOUN_NAME_GLOBAL)) {
    const name = match[1] ? cleanName(match[1]) : null;
    if (name) return name;
  }
  const titled = TITLE_NAME.exec(text);
  return titled?.[2] ? cleanName(titled[2]) : null;
}

// ---- age ----------------------------------------------------------------------------------------

const AGE_CANDIDATE = new RegExp(
  `(?:\\bidade\\s*(?::|de|=)?\\s*)?\\b(${NUMBER_SOURCE})\\s+anos?\\b` +
    `(?:\\s+e\\s+(${NUMBER_SOURCE})\\s+mes(?:es)?\\b)?`,
  'g',
);
const MONTHS_ONLY = new RegExp(
  `(?:\\bidade\\s*(?::|de|=)?\\s*(${NUMBER_SOURCE})\\s+mes(?:es)?\\b|\\b(${NUMBER_SOURCE})\\s+mes(?:es)?\\s+de\\s+(?:idade|vida)\\b)`,
);
const AGE_LABEL = /\bidade\s*(?::|=|de)?\s*(\d{1,3})\b(?!\s*(?:mes|dia|semana|,\d))/;
/** Words before 'N anos' that make it a duration or a past age, not the patient's age. */
const DURATION_BEFORE =
  /(?:\bha|\bfaz|\bpor|\bdurante|\bdesde(?:\s+(?:os|as))?|\bapos|\baos|\bultimos|\bmais de|\bmenos de|\bquase|\bcerca de|\bhavia|\bem|\bcada|\bpara|\b(?:quadro|historia|evolucao|sintomas|dor|queixa|tratamento|uso|tabagista|etilista|diagnostico|trabalha|trabalhou|exposto|exposta|exposicao) de)\s*$/;
/** Words after 'N anos' that make it a duration ('10 anos de tabagismo', '5 anos atrás'). */
const DURATION_AFTER =
  /^\s*(?:atras|antes|depois|seguidos|consecutivos|de (?:evolucao|historia|tabagismo|etilismo|empresa|trabalho|servico|casad|casamento|uniao|profissao|funcao|doenca|diagnostico|uso|tratamento|exposicao|atividade|carteira)|na (?:funcao|empresa|profissao)|no (?:cargo|setor|emprego)|como)/;

function formatAge(years: number | null, months: number | null): string | null {
  if (years !== null && (years < 0 || years > 130)) return null;
  if (months !== null && (months < 0 || months > 24)) return null;
  const parts: string[] = [];
  if (years !== null && years > 0) parts.push(`${years} ${years === 1 ? 'ano' : 'anos'}`);
  if (months !== null && months > 0) parts.push(`${months} ${months === 1 ? 'mês' : 'meses'}`);
  if (years === 0 && parts.length === 0) return null;
  return parts.length > 0 ? parts.join(' e ') : null;
}

/** The patient's age from a folded text: '45 anos', 'quarenta e cinco anos', '8 meses'. */
export function findAge(folded: string): string | null {
  const label = AGE_LABEL.exec(folded);
  if (label?.[1]) {
    const age = formatAge(Number(label[1]), null);
    if (age !== null) return age;
  }
  let fallback: string | null = null;
  AGE_CANDIDATE.lastIndex = 0;
  for (let match = AGE_CANDIDATE.exec(folded); match; match = AGE_CANDIDATE.exec(folded)) {
    const years = parsePtNumber(match[1] ?? '');
    const months = match[2] ? parsePtNumber(match[2]) : null;
    if (years === null) continue;
    const age = formatAge(years, months);
    if (age === null) continue;
    const start = match.index;
    const end = start + match[0].length;
    const after = folded.slice(end, end + 40);
    const labelled = /^\s*de\s+idade\b/.test(after) || /^idade/.test(match[0]);
    if (labelled) return age;
    if (fallback !== null) continue;
    const before = folded.slice(Math.max(0, start - 20), start);
    if (DURATION_BEFORE.test(before) || DURATION_AFTER.test(after)) continue;
    fallback = age;
  }
  if (fallback !== null) return fallback;
  const months = MONTHS_ONLY.exec(folded);
  if (months) {
    const value = parsePtNumber(months[1] ?? months[2] ?? '');
    if (value !== null) return formatAge(null, value);
  }
  return null;
}

// ---- gender -------------------------------------------------------------------------------------

const SEX_LABEL = /\bsexo\s*(?::|=|e)?\s*(masculino|feminino|m|f)\b/;
const SEX_WORD = /\b(masculino|feminino)\b/;
const SEX_NOUN = /\b(homem|mulher|menino|menina|rapaz|moca|senhor|senhora|gestante|puerpera)\b/;
const FEMININE_NOUNS = new Set(['mulher', 'menina', 'moca', 'senhora', 'gestante', 'puerpera']);
const TITLE = /(?:^|[^A-Za-zÀ-ÿ])(Sra\.|Srta\.|Dona|Sr\.|Seu)[ \t]+[A-ZÀ-Þ]/;
/** Weak cue: the article or an inflected noun ('a paciente', 'o trabalhador', 'a usuária'). */
const WEAK = new RegExp(
  '\\b(?:(a|da|na|pela)\\s+paciente|(o|do|no|pelo|ao)\\s+paciente|' +
    '(trabalhadora|usuaria|periciada|periciando|avaliada|idosa|assistida)|' +
    '(trabalhador|usuario|periciado|avaliado|idoso|assistido))\\b',
);

/** 'Masculino' / 'Feminino' from the strongest cue found in the folded (and original) text. */
export function findGender(text: string, folded: string): 'Masculino' | 'Feminino' | null {
  const label = SEX_LABEL.exec(folded);
  if (label?.[1]) return label[1].startsWith('m') ? 'Masculino' : 'Feminino';
  const word = SEX_WORD.exec(folded);
  if (word?.[1]) return word[1] === 'masculino' ? 'Masculino' : 'Feminino';
  const noun = SEX_NOUN.exec(folded);
  if (noun?.[1]) return FEMININE_NOUNS.has(noun[1]) ? 'Feminino' : 'Masculino';
  const title = TITLE.exec(text);
  if (title?.[1]) return /^(?:Sra|Srta|Dona)/.test(title[1]) ? 'Feminino' : 'Masculino';
  const weak = WEAK.exec(folded);
  if (weak) {
    if (weak[1] !== undefined) return 'Feminino';
    if (weak[2] !== undefined) return 'Masculino';
    if (weak[3] !== undefined) return weak[3] === 'periciando' ? 'Masculino' : 'Feminino';
    if (weak[4] !== undefined) return 'Masculino';
  }
  return null;
}

export function extractPatientData(text: string, folded = fold(text)): ExtractedPatientData {
  return { name: findName(text), age: findAge(folded), gender: findGender(text, folded) };
}
