import type { ControlledList } from '@pv/contracts';

/**
 * Psychotropic, opioid, anticonvulsant, stimulant and anabolic drugs under special control in
 * Brazil, by generic name (pt-BR), with their Portaria SVS/MS 344/98 list and the brand names a
 * dictation often uses instead. The table decides isControlled and which form a drug needs.
 */
export interface ControlledDrug {
  name: string;
  list: ControlledList;
  group:
    | 'benzodiazepínico'
    | 'hipnótico'
    | 'opioide'
    | 'estimulante'
    | 'anorexígeno'
    | 'antidepressivo'
    | 'antipsicótico'
    | 'anticonvulsivante'
    | 'estabilizador do humor'
    | 'anabolizante';
  brands?: string[];
  /** Other spellings of the generic name in use (e.g. the Portuguese and the INN forms). */
  aliases?: string[];
}

export const CONTROLLED_DRUGS: readonly ControlledDrug[] = [
  // benzodiazepines and hypnotics: list B1 (Notificação de Receita B)
  { name: 'diazepam', list: 'B1', group: 'benzodiazepínico', brands: ['valium', 'dienpax'] },
  { name: 'clonazepam', list: 'B1', group: 'benzodiazepínico', brands: ['rivotril', 'klonopin'] },
  { name: 'alprazolam', list: 'B1', group: 'benzodiazepínico', brands: ['frontal', 'apraz'] },
  { name: 'lorazepam', list: 'B1', group: 'benzodiazepínico', brands: ['lorax'] },
  { name: 'bromazepam', list: 'B1', group: 'benzodiazepínico', brands: ['lexotan'] },
  { name: 'midazolam', list: 'B1', group: 'benzodiazepínico', brands: ['dormonid'] },
  { name: 'clobazam', list: 'B1', group: 'benzodiazepínico', brands: ['urbanil', 'frisium'] },
  { name: 'flunitrazepam', list: 'B1', group: 'benzodiazepínico', brands: ['rohypnol'] },
  { name: 'cloxazolam', list: 'B1', group: 'benzodiazepínico', brands: ['olcadil'] },
  { name: 'zolpidem', list: 'B1', group: 'hipnótico', brands: ['stilnox', 'patz'] },
  { name: 'fenobarbital', list: 'B1', group: 'anticonvulsivante', brands: ['gardenal'] },
  // opioids: lists A1 and A2 (Notificação de Receita A)
  { name: 'morfina', list: 'A1', group: 'opioide', brands: ['dimorf'] },
  { name: 'metadona', list: 'A1', group: 'opioide', brands: ['mytedom'] },
  { name: 'oxicodona', list: 'A1', group: 'opioide', brands: ['oxycontin'] },
  { name: 'fentanil', list: 'A1', group: 'opioide', brands: ['durogesic'], aliases: ['fentanila'] },
  {
    name: 'petidina',
    list: 'A1',
    group: 'opioide',
    brands: ['dolantina'],
    aliases: ['meperidina'],
  },
  { name: 'codeína', list: 'A2', group: 'opioide', brands: ['tylex', 'codein'] },
  { name: 'tramadol', list: 'A2', group: 'opioide', brands: ['tramal'] },
  // stimulants: list A3; anorectics: list B2
  { name: 'metilfenidato', list: 'A3', group: 'estimulante', brands: ['ritalina', 'concerta'] },
  { name: 'lisdexanfetamina', list: 'A3', group: 'estimulante', brands: ['venvanse'] },
  { name: 'anfepramona', list: 'B2', group: 'anorexígeno', aliases: ['dietilpropiona'] },
  { name: 'femproporex', list: 'B2', group: 'anorexígeno' },
  { name: 'sibutramina', list: 'B2', group: 'anorexígeno', brands: ['reductil'] },
  // antidepressants: list C1 (Receituário de Controle Especial)
  { name: 'fluoxetina', list: 'C1', group: 'antidepressivo', brands: ['prozac', 'daforin'] },
  { name: 'sertralina', list: 'C1', group: 'antidepressivo', brands: ['zoloft', 'tolrest'] },
  { name: 'paroxetina', list: 'C1', group: 'antidepressivo', brands: ['aropax', 'pondera'] },
  { name: 'escitalopram', list: 'C1', group: 'antidepressivo', brands: ['lexapro', 'reconter'] },
  { name: 'citalopram', list: 'C1', group: 'antidepressivo', brands: ['cipramil'] },
  { name: 'venlafaxina', list: 'C1', group: 'antidepressivo', brands: ['efexor'] },
  { name: 'amitriptilina', list: 'C1', group: 'antidepressivo', brands: ['tryptanol'] },
  { name: 'nortriptilina', list: 'C1', group: 'antidepressivo', brands: ['pamelor'] },
  { name: 'bupropiona', list: 'C1', group: 'antidepressivo', brands: ['wellbutrin', 'zyban'] },
  // antipsychotics: list C1
  { name: 'haloperidol', list: 'C1', group: 'antipsicótico', brands: ['haldol'] },
  { name: 'risperidona', list: 'C1', group: 'antipsicótico', brands: ['risperdal'] },
  { name: 'quetiapina', list: 'C1', group: 'antipsicótico', brands: ['seroquel'] },
  { name: 'olanzapina', list: 'C1', group: 'antipsicótico', brands: ['zyprexa'] },
  { name: 'clorpromazina', list: 'C1', group: 'antipsicótico', brands: ['amplictil'] },
  // anticonvulsants and mood stabilisers: list C1
  { name: 'carbamazepina', list: 'C1', group: 'anticonvulsivante', brands: ['tegretol'] },
  {
    name: 'ácido valproico',
    list: 'C1',
    group: 'anticonvulsivante',
    brands: ['depakene', 'depakote'],
    aliases: ['valproato de sódio', 'divalproato'],
  },
  { name: 'pregabalina', list: 'C1', group: 'anticonvulsivante', brands: ['lyrica'] },
  { name: 'topiramato', list: 'C1', group: 'anticonvulsivante', brands: ['topamax'] },
  { name: 'carbonato de lítio', list: 'C1', group: 'estabilizador do humor', aliases: ['lítio'] },
  // anabolic steroids: list C5
  { name: 'testosterona', list: 'C5', group: 'anabolizante', brands: ['durateston', 'deposteron'] },
];

/** Lowercase, no accents, letters and digits only, single spaces. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Optimal string alignment distance (a swap of two neighbours counts as one edit). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

interface Needle {
  words: string[];
  drug: ControlledDrug;
  /** Generic names tolerate one typo; brands and short words must match exactly. */
  fuzzy: boolean;
}

const NEEDLES: Needle[] = CONTROLLED_DRUGS.flatMap((drug) => [
  { words: normalizeForMatch(drug.name).split(' '), drug, fuzzy: true },
  ...(drug.aliases ?? []).map((a) => ({
    words: normalizeForMatch(a).split(' '),
    drug,
    fuzzy: true,
  })),
  ...(drug.brands ?? []).map((b) => ({
    words: normalizeForMatch(b).split(' '),
    drug,
    fuzzy: false,
  })),
]);

// Short words with a single typo collide with ordinary drugs, so only long words are fuzzy.
const FUZZY_MIN_LENGTH = 7;

function wordMatches(needle: string, word: string, fuzzy: boolean): boolean {
  if (needle === word) return true;
  if (!fuzzy || needle.length < FUZZY_MIN_LENGTH) return false;
  return editDistance(needle, word, 1) <= 1;
}

/**
 * The controlled drug named in a medication text, if any: generic names, aliases and brands,
 * accent- and case-insensitive, anywhere in the text ("Rivotril 2 mg", "CLONAZEPAM 0,5mg"),
 * tolerating one typo in a generic name ("clonazepan").
 */
export function findControlledDrug(text: string): ControlledDrug | undefined {
  const words = normalizeForMatch(text).split(' ').filter(Boolean);
  for (const needle of NEEDLES) {
    for (let i = 0; i + needle.words.length <= words.length; i++) {
      if (needle.words.every((w, k) => wordMatches(w, words[i + k]!, needle.fuzzy)))
        return needle.drug;
    }
  }
  return undefined;
}

export const isControlledMedication = (text: string) => findControlledDrug(text) !== undefined;

/** Lists whose drugs need a Notificação de Receita rather than the RCE. */
export function notificationFor(list: ControlledList): string | undefined {
  if (list === 'A1' || list === 'A2' || list === 'A3') return 'Notificação de Receita A';
  if (list === 'B1') return 'Notificação de Receita B';
  if (list === 'B2') return 'Notificação de Receita B2';
  return undefined;
}

/** What the clinician is told when a drug cannot go on the Receituário de Controle Especial. */
export function rceRefusalMessage(medication: string, drug: ControlledDrug): string {
  const notification = notificationFor(drug.list) ?? '';
  return `${medication.trim() || drug.name} (lista ${drug.list} da Portaria SVS/MS 344/98) não pode ser prescrito no Receituário de Controle Especial: exige ${notification}.`;
}

export function displayName(drug: ControlledDrug): string {
  return drug.name.charAt(0).toLocaleUpperCase('pt-BR') + drug.name.slice(1);
}
