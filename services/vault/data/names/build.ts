/**
 * Builds src/anonymise/data/names.data.ts from the name lists in this folder.
 *
 *   apt-get install wbrazilian            (Brazilian Portuguese word list, /usr/share/dict/brazilian)
 *   node --import tsx services/vault/data/names/build.ts      (repo root)
 *
 * Every name is folded (lower case, no accents) as the scrubber compares it. The word list is read
 * only here, to mark which names are also ordinary Portuguese words ('rosa', 'dias', 'pessoa'):
 * those need context before the scrubber takes them for a name. The list itself is not shipped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '../../src/anonymise/data/names.data.ts');
const LEXICON = '/usr/share/dict/brazilian';

const fold = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const lines = (file: string) =>
  readFileSync(join(here, file), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'));

/** One entry per word; compound entries ('dona-ze') and particles are left out. */
const wordsOf = (text: string[]) =>
  text
    .flatMap((line) => line.split(/\s+/))
    .map(fold)
    .filter((w) => /^[a-z]{2,}$/.test(w));

/** The supplement's sections: '[given]', '[hypocoristic]', '[surname]'. */
function sections(file: string): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  let current = '';
  for (const line of lines(file)) {
    const header = /^\[(\w+)\]$/.exec(line.trim());
    if (header) current = header[1] as string;
    else if (current) {
      result[current] = [...(result[current] ?? []), line];
    }
  }
  return result;
}

/** Data errors of the census list (particles and suffixes recorded as first names). */
const NOT_GIVEN = new Set([
  'da',
  'de',
  'do',
  'dos',
  'das',
  'filho',
  'filha',
  'neto',
  'junior',
  'ma',
]);

/**
 * Names that the word list also holds but that a clinician says as names far more often than as
 * words: they stay unambiguous ('maria', 'joao' and 'pedro' are in the word list).
 */
const NAMES_FIRST = new Set(
  (
    'adao agata alicia amos ana angelo apolo ariana armando barbara bernardo caio catarina chiara ' +
    'cicero cosmo erica erico eugenio francisco georgia germano isla italo joana joao jordana ' +
    'lazaro lucas madalena marciana marciano margarida maria mariano marta messias nazareno nina ' +
    'noel orlando patricio pedro regina roque sara tamara tomas tulio vera araujo batista bezerra ' +
    'carvalho castro constantino correia evangelista faria farias frutuoso jacinto marques matos ' +
    'meira melo mesquita morais moura nascimento nogueira oliveira pereira pinheiro pires rebelo ' +
    'siciliano silva soares teles tome vieira viera machado furtado cordeiro trindade assuncao ' +
    'macedo rodrigues medeiros figueiredo'
  ).split(' '),
);

const census = wordsOf(lines('ibge-censo2010-prenomes.txt')).filter((w) => !NOT_GIVEN.has(w));
const listed = wordsOf(lines('sobrenomes-wordlists-ptbr.txt'));
const supplement = sections('supplement.txt');
const given = new Set([...census, ...wordsOf(supplement.given ?? [])]);
const hypocoristics = new Set(wordsOf(supplement.hypocoristic ?? []));
const surnames = new Set([...listed, ...wordsOf(supplement.surname ?? [])]);

const lexicon = new Set(
  readFileSync(LEXICON, 'utf8')
    .split('\n')
    // Capitalised entries are proper nouns (places, names): not evidence of an ordinary word.
    .filter((w) => w !== '' && w[0] === w[0]?.toLowerCase())
    .map(fold),
);
const common = new Set(
  [...given, ...surnames, ...hypocoristics].filter((w) => lexicon.has(w) && !NAMES_FIRST.has(w)),
);

/**
 * Endings far more frequent among given names than among ordinary words ('-lson', '-iane'): an
 * unknown word with one is probably a name the lists miss. Strong: no word of the lexicon ends so.
 */
function nameEndings(): { strong: Set<string>; weak: Set<string> } {
  const strong = new Set<string>();
  const weak = new Set<string>();
  for (const length of [3, 4]) {
    const inNames = new Map<string, number>();
    const inWords = new Map<string, number>();
    const count = (map: Map<string, number>, w: string) => {
      if (w.length > length + 1) map.set(w.slice(-length), (map.get(w.slice(-length)) ?? 0) + 1);
    };
    for (const w of given) count(inNames, w);
    for (const w of lexicon) if (!given.has(w)) count(inWords, w);
    for (const [ending, n] of inNames) {
      const words = inWords.get(ending) ?? 0;
      if (words === 0 && n >= (length === 4 ? 5 : 8)) strong.add(ending);
      else if (words <= 2 && n >= (length === 4 ? 3 : 5)) weak.add(ending);
    }
  }
  return { strong, weak };
}
const endings = nameEndings();

/** Sorted and wrapped at ~100 columns, so the data file diffs line by line. */
function block(words: Set<string>): string {
  const rows: string[] = [];
  let row = '';
  for (const word of [...words].sort()) {
    if (row.length + word.length + 1 > 96) {
      rows.push(row);
      row = '';
    }
    row = row === '' ? word : `${row} ${word}`;
  }
  if (row !== '') rows.push(row);
  return rows.join('\n');
}

const today = new Date().toISOString().slice(0, 10);
writeFileSync(
  out,
  `/**
 * Name gazetteer of the scrubber: folded (lower case, no accents), space-separated. GENERATED by
 * services/vault/data/names/build.ts on ${today} from the lists in services/vault/data/names/:
 * - given names: IBGE Censo 2010 first-name frequencies as published by datasets-br/prenomes
 *   (data/ibge-censoLast-nomes.csv, licence ODC-PDDL-1.0), plus the authors' supplement of older
 *   given names;
 * - surnames: mauricioomateus/Wordlists-PT-BR (sobrenomes.txt, sobrenomess_all.txt; no licence
 *   stated, used as factual data), plus the authors' supplement of common Brazilian family names;
 * - hypocoristics: the authors' supplement ('cida', 'tiao', 'ze');
 * - common-word names: names that Debian's wbrazilian word list (br.ispell) also holds as ordinary
 *   words, less a reviewed list of names said far more often as names;
 * - name endings: 3- and 4-letter endings of the given names that (strong) no ordinary word of
 *   that list has, or (weak) at most two have.
 * Counts: ${given.size} given names, ${surnames.size} surnames, ${hypocoristics.size} hypocoristics,
 * ${common.size} common-word names.
 */
export const GIVEN_NAMES = \`
${block(given)}
\`;

export const SURNAMES = \`
${block(surnames)}
\`;

export const HYPOCORISTICS = \`
${block(hypocoristics)}
\`;

export const COMMON_WORD_NAMES = \`
${block(common)}
\`;

export const STRONG_NAME_ENDINGS = \`
${block(endings.strong)}
\`;

export const WEAK_NAME_ENDINGS = \`
${block(endings.weak)}
\`;
`,
);
console.log(
  `names.data.ts: ${given.size} given, ${surnames.size} surnames, ${hypocoristics.size} hypocoristics, ${common.size} common-word`,
);
