/**
 * Removes direct identifiers from pt-BR clinical text before anything is stored: the patient's
 * name (and other people's names introduced by a title or a kinship label), CPF, RG, CNS, phone
 * numbers, e-mails, street addresses, CEPs, dates of birth, other full dates and any other long
 * document number. Each is replaced by a tag ([NOME], [CPF], ...). Pure: no I/O, no state.
 *
 * How it works: every detector reports spans over the original text (accent- and case-insensitive
 * ones search a folded copy with the same offsets); overlapping spans are resolved (earliest, then
 * longest, wins) and the text is rebuilt with the tags. Over-scrubbing is preferred to a leak.
 */
import { escapeRegExp, foldKeepingOffsets, normaliseForComparison } from './fold.js';

export type RedactionTag =
  | '[NOME]'
  | '[CPF]'
  | '[RG]'
  | '[CNS]'
  | '[TELEFONE]'
  | '[EMAIL]'
  | '[ENDERECO]'
  | '[CEP]'
  | '[DATA_NASCIMENTO]'
  | '[DATA]'
  | '[DOCUMENTO]';

interface Span {
  start: number;
  end: number;
  tag: RedactionTag;
}

/** What the scrubber knows besides the text: the patient's name(s) found in the note. */
export interface ScrubContext {
  names: readonly string[];
}

// ---- patient names ------------------------------------------------------------------------------

const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e', 'di', 'du', 'del', 'van', 'von']);
/** Values a name field holds when there is no name. */
const NO_NAME =
  /^(?:nao informad[oa]|nao identificad[oa]|nao consta|desconhecid[oa]|ignorad[oa]|anonim[oa]|sem nome|n\/?a|x+|-+|\?+|\[nome\])$/;
/** Words that end a labelled name ('Nome: Ana Lima, idade 30' keeps 'Ana Lima'). */
const NAME_STOP = new Set(
  [
    'idade',
    'sexo',
    'anos',
    'ano',
    'natural',
    'residente',
    'reside',
    'mora',
    'cpf',
    'rg',
    'cns',
    'nascido',
    'nascida',
    'nascimento',
    'solteiro',
    'solteira',
    'casado',
    'casada',
    'viuvo',
    'viuva',
    'divorciado',
    'divorciada',
    'telefone',
    'tel',
    'celular',
    'endereco',
    'email',
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
    'queixa',
    'informa',
    'com',
    'sem',
    'que',
    'tem',
    'foi',
    'esta',
    'e',
    'masculino',
    'feminino',
    'paciente',
    'dn',
    'data',
  ].map(normaliseForComparison),
);
/** Tokens of a found name too common to be replaced on their own. */
const NOT_NAME_TOKENS = new Set(
  [
    'paciente',
    'senhor',
    'senhora',
    'dona',
    'seu',
    'sr',
    'sra',
    'dr',
    'dra',
    'filho',
    'filha',
    'junior',
    'neto',
    'neta',
    'sobrinho',
  ].map(normaliseForComparison),
);

/**
 * 'Paciente: João da Silva | Idade: ...' (the rendered note), 'Nome: Ana Lima.', 'Nome do
 * paciente: ...', 'Pessoa avaliada: ...', 'nome da paciente é Maria Souza', 'se chama Ana'.
 * The name runs to the next separator (| . , ; : newline or an opening parenthesis).
 */
const LABELLED_NAME = new RegExp(
  '(?:^|[^\\p{L}])(?:' +
    // 'nome', 'nome completo', 'nome da paciente', followed by ':' or 'é'
    'nome(?:[ \\t]+(?:completo|social|civil))?(?:[ \\t]+d[oa](?:\\(a\\))?[ \\t]+(?:paciente|usuari[oa]|trabalhador[a]?|pessoa avaliada|periciand[oa]|periciad[oa]))?[ \\t]*(?::|[ \\t]e[ \\t])' +
    // a role label followed by ':'
    '|(?:paciente|usuari[oa]|trabalhador[a]?|pessoa avaliada|periciand[oa]|periciad[oa]|avaliad[oa]|identificacao)[ \\t]*:' +
    ')[ \\t]*([^|.,;:\\n\\r(]{2,80})',
  'gu',
);
/** 'paciente Maria Souza', 'chamada Ana Lima', 'Sra. Maria', 'Dona Maria da Silva' (capitalised). */
const NAME_WORD = "\\p{Lu}[\\p{Ll}'’]+";
const CAPITALISED_NAME = `${NAME_WORD}(?:[ \\t]+(?:(?:d[aeo]s?|e)[ \\t]+)?${NAME_WORD}){0,5}`;
const INTRODUCED_NAME = new RegExp(
  `(?:^|[^\\p{L}])(?:[Pp]aciente|[Cc]hamad[oa]|[Ss]e chama|[Dd]e nome|[Ii]dentificad[oa] como|Sra\\.?|Srta\\.?|Sr\\.?|Dona|Seu)[ \\t]+(${CAPITALISED_NAME})`,
  'gu',
);

function cleanLabelledName(raw: string): string | null {
  const words: string[] = [];
  for (const word of raw.trim().split(/[ \t]+/)) {
    const folded = normaliseForComparison(word);
    if (folded === '' || /\d/.test(folded)) break;
    if (NAME_STOP.has(folded) && !(PARTICLES.has(folded) && words.length > 0)) break;
    if (words.length === 6) break;
    words.push(word);
  }
  while (words.length > 0 && PARTICLES.has(normaliseForComparison(words.at(-1) as string)))
    words.pop();
  const name = words.join(' ');
  const folded = normaliseForComparison(name);
  if (folded.length < 2 || NO_NAME.test(folded)) return null;
  if (!/\p{L}{2}/u.test(name)) return null;
  return name;
}

/**
 * The patient's name(s) as the texts state them: first from the formatted note's 'Paciente:' /
 * 'Nome:' lines, then from the dictation's labels and introductions. Deduplicated, longest first.
 */
export function findPatientNames(...texts: (string | null | undefined)[]): string[] {
  const found = new Map<string, string>();
  const add = (name: string | null) => {
    if (!name) return;
    const key = normaliseForComparison(name);
    if (!found.has(key)) found.set(key, name);
  };
  for (const text of texts) {
    if (!text) continue;
    const folded = foldKeepingOffsets(text);
    for (const match of folded.matchAll(LABELLED_NAME)) {
      const group = match[1] as string;
      const start = (match.index ?? 0) + match[0].length - group.length;
      add(cleanLabelledName(text.slice(start, start + group.length)));
    }
    for (const match of text.matchAll(INTRODUCED_NAME)) {
      const name = match[1] as string;
      const words = name.split(/[ \t]+/);
      // 'Paciente Refere dor' is not a name.
      if (NAME_STOP.has(normaliseForComparison(words[0] as string))) continue;
      add(cleanLabelledName(name));
    }
  }
  return [...found.values()].sort((a, b) => b.length - a.length);
}

/** The full names and each distinctive word of them, longest first, as folded regex sources. */
function nameTerms(names: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const name of names) {
    const words = normaliseForComparison(name).split(' ');
    terms.add(words.map(escapeRegExp).join('\\s+'));
    for (const word of words) {
      if (word.length >= 3 && !PARTICLES.has(word) && !NOT_NAME_TOKENS.has(word))
        terms.add(escapeRegExp(word));
    }
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

function nameSpans(folded: string, original: string, context: ScrubContext): Span[] {
  const spans: Span[] = [];
  for (const term of nameTerms(context.names)) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${term}(?![\\p{L}\\p{N}])`, 'gu');
    for (const m of folded.matchAll(pattern))
      spans.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, tag: '[NOME]' });
  }
  // Other people named by a title or a kinship label ('Dona Maria', 'mãe: Ana Souza').
  const relative = new RegExp(
    `(?:^|[^\\p{L}])(?:Sra\\.?|Srta\\.?|Sr\\.?|Dona|Seu|[Mm]ãe|[Pp]ai|[Rr]esponsável|[Aa]companhante|[Cc]uidador[a]?|[Ee]spos[oa]|[Mm]arido|[Ff]ilh[oa]|[Ii]rmão|[Ii]rmã|[Cc]ompanheir[oa])[ \\t]*:?[ \\t]+(${CAPITALISED_NAME})`,
    'gu',
  );
  for (const m of original.matchAll(relative)) {
    const group = m[1] as string;
    const start = (m.index ?? 0) + m[0].length - group.length;
    spans.push({ start, end: start + group.length, tag: '[NOME]' });
  }
  return spans;
}

// ---- numbers and contacts -----------------------------------------------------------------------

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The CPF check digits (módulo 11). */
export function isValidCpf(cpf: string): boolean {
  const d = digitsOf(cpf);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

const before = (folded: string, start: number, chars = 30) =>
  folded.slice(Math.max(0, start - chars), start);

const PHONE_CUE =
  /(?:tel|telefone|fone|celular|cel|whats(?:app)?|zap|contato|ligar|recado|fixo)[^0-9]{0,12}$/;
const CPF_CUE = /c\.?p\.?f\.?[^0-9]{0,12}$/;
const CEP_CUE = /c\.?e\.?p\.?[^0-9]{0,8}$/;
/** A label that says which document a number is (it wins over a number's shape). */
const DOCUMENT_CUE =
  /(?:prontuario|matricula|registro|cnh|passaporte|titulo de eleitor|nis|pis|pasep|ctps|certidao)[^0-9]{0,16}$/;
const CNS_CUE = /(?:cns|cartao (?:do )?sus|cartao nacional de saude|sus)[^0-9]{0,16}$/;

function emailSpans(text: string): Span[] {
  const spans: Span[] = [];
  const written = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
  // Dictated: 'maria.souza arroba gmail ponto com'.
  const spoken =
    /[\p{L}\p{N}._%+-]+[ \t]+arroba[ \t]+[\p{L}\p{N}-]+(?:[ \t]*(?:\.|[ \t]ponto[ \t])[ \t]*[\p{L}\p{N}-]+)+/giu;
  for (const pattern of [written, spoken])
    for (const m of text.matchAll(pattern))
      spans.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, tag: '[EMAIL]' });
  return spans;
}

function documentSpans(text: string, folded: string): Span[] {
  const spans: Span[] = [];
  const push = (start: number, end: number, tag: RedactionTag) => spans.push({ start, end, tag });

  // CNS: 15 digits, often grouped 3-4-4-4.
  for (const m of text.matchAll(/(?<!\d)\d{3}[ .]?\d{4}[ .]?\d{4}[ .]?\d{4}(?!\d)/g))
    push(m.index ?? 0, (m.index ?? 0) + m[0].length, '[CNS]');

  // CPF written with its punctuation is always a CPF; 11 bare digits are one when a cue says so
  // or the check digits match (otherwise the phone detector looks at them).
  for (const m of text.matchAll(/(?<![\d.])\d{3}[.\s]?\d{3}[.\s]?\d{3}[-.\s]?\d{2}(?![\d])/g)) {
    const start = m.index ?? 0;
    const punctuated = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(m[0]);
    const cued = CPF_CUE.test(before(folded, start));
    if (!cued && DOCUMENT_CUE.test(before(folded, start))) continue;
    if (punctuated || cued || isValidCpf(m[0])) push(start, start + m[0].length, '[CPF]');
  }

  // RG: after its label (any of the states' formats), or the common 'NN.NNN.NNN-D' shape.
  const rgLabelled =
    /(?<![\p{L}])(?:rg|r\.g\.|registro geral|(?:carteira|documento|cedula) de identidade|identidade)[ \t]*(?:n[º°o]\.?|numero|num\.?)?[ \t]*[:.-]?[ \t]*((?:[a-z]{2}[ \t]?-?[ \t]?)?[\dx](?:[\d.\-/ ]{0,14}[\dx])?)/gu;
  for (const m of folded.matchAll(rgLabelled)) {
    const group = m[1] as string;
    if (digitsOf(group).length < 5) continue;
    const start = (m.index ?? 0) + m[0].length - group.length;
    push(start, start + group.length, '[RG]');
  }
  for (const m of text.matchAll(/(?<![\d.])\d{1,2}\.\d{3}\.\d{3}-[\dXx](?![\d])/g))
    push(m.index ?? 0, (m.index ?? 0) + m[0].length, '[RG]');

  // CEP: 'NNNNN-NNN', 'NN.NNN-NNN', or 8 digits after 'CEP'.
  for (const m of text.matchAll(/(?<![\d.])(?:\d{5}-\d{3}|\d{2}\.\d{3}-\d{3})(?![\d-])/g))
    push(m.index ?? 0, (m.index ?? 0) + m[0].length, '[CEP]');
  for (const m of text.matchAll(/(?<!\d)\d{5}[ .]?\d{3}(?!\d)/g)) {
    const start = m.index ?? 0;
    if (CEP_CUE.test(before(folded, start, 14))) push(start, start + m[0].length, '[CEP]');
  }

  // Phones: +55, a DDD (with or without parentheses), 8 or 9 digits; bare 8-9 digits only with a
  // separator or a cue ('tel', 'celular', 'whatsapp'), so lab values are left alone.
  const phone =
    /(?<![\d])(?:\+[ \t]?55[ \t.-]?)?(?:\(?0?\d{2}\)?[ \t.-]?)?(?:9[ \t.]?)?\d{4}[ \t.-]?\d{4}(?![\d])/g;
  for (const m of text.matchAll(phone)) {
    const start = m.index ?? 0;
    const digits = digitsOf(m[0]);
    const international = m[0].trimStart().startsWith('+');
    const withDdd = /\(\d{2}\)|\(0\d{2}\)/.test(m[0]) || digits.length >= 10;
    const separated = /\d{4,5}[-. ]\d{4}$/.test(m[0]);
    const cued = PHONE_CUE.test(before(folded, start));
    if (CNS_CUE.test(before(folded, start)) && digits.length >= 15) continue;
    if (DOCUMENT_CUE.test(before(folded, start)) && !cued) continue;
    if (international || withDdd || separated || cued)
      push(start, start + m[0].length, '[TELEFONE]');
  }

  // CNS after its label even when grouped oddly.
  for (const m of text.matchAll(/(?<!\d)\d(?:[ .-]?\d){14}(?!\d)/g)) {
    const start = m.index ?? 0;
    if (CNS_CUE.test(before(folded, start))) push(start, start + m[0].length, '[CNS]');
  }

  // Other document numbers after their label (prontuário, matrícula, CNH, passaporte, NIS...).
  const labelled =
    /(?<![\p{L}])(?:prontuario|matricula|registro|cnh|passaporte|titulo de eleitor|nis|pis|pasep|ctps|certidao)[ \t]*(?:n[º°o]\.?|numero|num\.?)?[ \t]*[:.-]?[ \t]*([a-z]{0,3}[ \t-]?\d[\d.\-/ ]{2,20}\d)/gu;
  for (const m of folded.matchAll(labelled)) {
    const group = m[1] as string;
    if (digitsOf(group).length < 4) continue;
    const start = (m.index ?? 0) + m[0].length - group.length;
    push(start, start + group.length, '[DOCUMENTO]');
  }
  // Anything else with 8 or more digits in a row is some document or contact number.
  for (const m of text.matchAll(/(?<!\d)\d(?:[.\- ]?\d){7,}(?!\d)/g))
    push(m.index ?? 0, (m.index ?? 0) + m[0].length, '[DOCUMENTO]');
  return spans;
}

// ---- addresses ----------------------------------------------------------------------------------

const STREET_WORDS =
  'rua|r\\.|avenida|av\\.?|travessa|trav\\.|tv\\.|alameda|al\\.|estrada|estr\\.|rodovia|rod\\.|praca|pca\\.|largo|viela|beco|servidao|quadra|qd\\.';
/** A word of a street's name: a word, a number ('Rua 7 de Setembro') or a known abbreviation. */
const STREET_TOKEN =
  "(?:(?:dr|dra|prof|profa|pres|gen|cel|cap|sen|dep|des|eng|brig|mal|alm|pe|sta|sto|s|d|cons|ten|maj|gov|com|dom|frei|vis|bar|duq|pq|jd|vl)\\.|[\\p{L}\\d'ºª°-]+)";
/** A number that measures something is not a house number ('na rua há 3 dias'). */
const NOT_HOUSE_NUMBER =
  '(?![ \\t]*(?:dias?|anos?|mes(?:es)?|semanas?|horas?|h\\b|min|mg|ml|g\\b|kg|cm|mm|vezes|x(?:\\b|\\d)|%|/))';
const COMPLEMENT =
  '(?:[ \\t]*[,;-]?[ \\t]*(?:apto\\.?|apartamento|ap\\.?|bloco|bl\\.?|casa|sala|conjunto|conj\\.?|cj\\.?|lote|lt\\.?|quadra|qd\\.?|andar|torre|km|fundos|terreo|loja)[ \\t]*(?:n[º°o]\\.?)?[ \\t]*[\\p{L}\\d-]{0,6})*' +
  "(?:[ \\t]*[,;-]?[ \\t]*bairro[ \\t]+(?:[\\p{L}'-]+[ \\t]*){1,3})?";

/** Street + name + number (+ complements), in any case; a capitalised street without a number. */
function addressSpans(text: string, folded: string): Span[] {
  const spans: Span[] = [];
  const withNumber = new RegExp(
    `(?<![\\p{L}\\d])(?:${STREET_WORDS})(?:[ \\t]+${STREET_TOKEN}){1,8}?[ \\t]*,?[ \\t]*(?:n[º°o]\\.?[ \\t]*|numero[ \\t]*|num\\.?[ \\t]*)?(?:\\d{1,5}[a-z]?|s/?n)(?![\\d/])${NOT_HOUSE_NUMBER}${COMPLEMENT}`,
    'gu',
  );
  for (const m of folded.matchAll(withNumber))
    spans.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, tag: '[ENDERECO]' });
  const named =
    /(?<![\p{L}\d])(?:Rua|R\.|Avenida|Av\.?|Travessa|Trav\.|Tv\.|Alameda|Al\.|Estrada|Rodovia|Rod\.|Praça|Pça\.|Largo|Viela|Beco)(?:[ \t]+(?:(?:d[aeo]s?|e)[ \t]+)?(?:\p{Lu}|\d)[\p{L}\d'ºª°.-]*){1,7}/gu;
  for (const m of text.matchAll(named))
    spans.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, tag: '[ENDERECO]' });
  return spans;
}

// ---- dates --------------------------------------------------------------------------------------

const MONTHS =
  'janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro';
const BIRTH_CUE =
  /(?:nascimento|nascid[oa]|nasceu|nasc\.?|(?<![\p{L}])d\.?n\.?(?![\p{L}])|data de nasc\.?)[^0-9\n]{0,20}$/u;

function validDayMonth(day: string, month: string) {
  const d = Number(day);
  const m = Number(month);
  return d >= 1 && d <= 31 && m >= 1 && m <= 12;
}

function dateSpans(folded: string): Span[] {
  const spans: Span[] = [];
  const tagFor = (start: number): RedactionTag =>
    BIRTH_CUE.test(before(folded, start, 40)) ? '[DATA_NASCIMENTO]' : '[DATA]';
  for (const m of folded.matchAll(
    /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d/])/g,
  )) {
    if (!validDayMonth(m[1] as string, m[2] as string)) continue;
    const start = m.index ?? 0;
    spans.push({ start, end: start + m[0].length, tag: tagFor(start) });
  }
  for (const m of folded.matchAll(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g)) {
    if (!validDayMonth(m[3] as string, m[2] as string)) continue;
    const start = m.index ?? 0;
    spans.push({ start, end: start + m[0].length, tag: tagFor(start) });
  }
  const written = new RegExp(
    `(?<![\\p{L}\\d])(?:\\d{1,2}|1º|primeiro)[ \\t]+de[ \\t]+(?:${MONTHS})(?:[ \\t]+de[ \\t]+(?:\\d{4}|\\d{2}))?(?![\\p{L}\\d])`,
    'gu',
  );
  for (const m of folded.matchAll(written)) {
    const start = m.index ?? 0;
    const tag = tagFor(start);
    // A day and month without a year is only an identifier when it is the birthday.
    if (!/\d{2,4}$/.test(m[0]) && tag !== '[DATA_NASCIMENTO]') continue;
    spans.push({ start, end: start + m[0].length, tag });
  }
  // 'nascido em 1980', 'DN: março de 1980': a birth year or month-year after the cue.
  const birthYear = new RegExp(
    `(?:nascimento|nascid[oa]|nasceu|nasc\\.?|(?<![\\p{L}])d\\.?n\\.?(?![\\p{L}]))[ \\t]*(?::|em|no ano de|de)?[ \\t]*((?:(?:${MONTHS})[ \\t]+de[ \\t]+)?(?:19|20)\\d{2})(?!\\d)`,
    'gu',
  );
  for (const m of folded.matchAll(birthYear)) {
    const group = m[1] as string;
    const start = (m.index ?? 0) + m[0].length - group.length;
    spans.push({ start, end: start + group.length, tag: '[DATA_NASCIMENTO]' });
  }
  return spans;
}

// ---- assembling ---------------------------------------------------------------------------------

function resolve(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const span of sorted) {
    const last = kept.at(-1);
    if (!last || span.start >= last.end) {
      kept.push(span);
    } else if (span.end > last.end) {
      // Overlap: one identifier touching another; take the union under the first tag.
      last.end = span.end;
    }
  }
  return kept;
}

/** Replaces every identifier in `text` with its tag. */
export function scrubText(text: string, context: ScrubContext = { names: [] }): string {
  if (text === '') return text;
  const folded = foldKeepingOffsets(text);
  const spans = resolve([
    ...emailSpans(text),
    ...addressSpans(text, folded),
    // Dates before documents: on a tie ('03/04/1979' is also 8 digits) the first listed wins.
    ...dateSpans(folded),
    ...documentSpans(text, folded),
    ...nameSpans(folded, text, context),
  ]);
  let out = '';
  let position = 0;
  for (const span of spans) {
    out += text.slice(position, span.start) + span.tag;
    position = span.end;
  }
  out += text.slice(position);
  // 'Maria [NOME]' left by a partial match, or '[NOME] [NOME]': one person, one tag.
  return out.replace(/\[NOME\](?:[ \t]+\[NOME\])+/g, '[NOME]');
}

/** The texts of one consultation, scrubbed with the names any of them states. */
export function scrubConsultTexts<T extends Record<string, string | null | undefined>>(
  texts: T,
): { [K in keyof T]: T[K] extends string ? string : string | null } & { names: string[] } {
  const names = findPatientNames(...Object.values(texts));
  const out: Record<string, unknown> = { names };
  for (const [key, value] of Object.entries(texts))
    out[key] = typeof value === 'string' ? scrubText(value, { names }) : null;
  return out as never;
}
