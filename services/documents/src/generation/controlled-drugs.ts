import type { ControlledList } from '@pv/contracts';
import { matchKey } from '@pv/pt-text';
import { ANNEX, SUBSTANCES, type Substance } from './controlled/annex.js';
import { findMentions, strictest } from './controlled/classify.js';

/**
 * Controlled drugs of Portaria SVS/MS 344/98, Annex I. The table itself is data
 * (services/documents/data/portaria-344-annex-i.json, with its source and version); the
 * classifier lives in ./controlled/. This module keeps the older list-based API the prescription
 * code uses, answering from the same data, and re-exports the newer one, which also knows the
 * adendos that move a preparation to another form (tramadol up to 100 mg on the RCE, topical
 * retinoids on the simple prescription...).
 */
export { ANNEX as PORTARIA_344_ANNEX } from './controlled/annex.js';
export { classifyMedication, FORM_LABELS, findControlledMatches } from './controlled/classify.js';
export {
  type ControlReason,
  type Destination,
  decidePrescriptionForms,
  type EffectiveControl,
  effectiveControl,
  FLAGGED_LIST,
  type FormDecision,
  type RowDecision,
} from './controlled/effective.js';
export type {
  Classification,
  ClassifyStats,
  ListCode,
  MatchKind,
  PrescriptionForm,
} from './controlled/types.js';

/** The lists the prescription contracts carry; C3 (and the revoked C4) are only in the new API. */
type LegacyList = 'A1' | 'A2' | 'A3' | 'B1' | 'B2' | 'C1' | 'C2' | 'C5';
const LEGACY_LISTS: readonly string[] = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2', 'C5'];

export interface ControlledDrug {
  /** Lowercase pt-BR name, e.g. 'clonazepam', 'ácido valproico'. */
  name: string;
  list: ControlledList & LegacyList;
  /** Therapeutic group (pt-BR) for the substances a clinic prescribes; 'outro' otherwise. */
  group: string;
  brands?: string[];
  /** Other names of the substance in use (INN, older spellings, names printed in the Annex). */
  aliases?: string[];
}

const legacyDrugs = new Map<Substance, ControlledDrug>();
for (const s of SUBSTANCES) {
  if (!LEGACY_LISTS.includes(s.list)) continue;
  legacyDrugs.set(s, {
    name: s.display.toLocaleLowerCase('pt-BR'),
    list: s.list as LegacyList,
    group: s.record.group ?? 'outro',
    ...(s.record.brands
      ? { brands: s.record.brands.map((b) => b.toLocaleLowerCase('pt-BR')) }
      : {}),
    ...(s.record.aliases ? { aliases: s.record.aliases } : {}),
  });
}

/** Every substance of lists A1-A3, B1, B2, C1, C2 and C5 of Annex I. */
export const CONTROLLED_DRUGS: readonly ControlledDrug[] = [...legacyDrugs.values()];

/** Lowercase, no accents, letters and digits only, single spaces (the shared engine's key). */
export const normalizeForMatch = matchKey;

/**
 * The controlled drug named in a medication text, if any, by name, salt, brand or a close
 * misspelling ("clonazepan"). Preparations an adendo exempts (loperamide, topical retinoids,
 * carisoprodol...) are not controlled; C3 substances are only reported by classifyMedication.
 */
export function findControlledDrug(text: string): ControlledDrug | undefined {
  const mentions = findMentions(text).filter(
    (m) => m.classification.form !== 'SIMPLES' && legacyDrugs.has(m.substance),
  );
  const best = strictest(mentions);
  return best ? legacyDrugs.get(best.substance) : undefined;
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

/** Substances per list in the data file, for documentation and the closing report. */
export const listSizes = (): Record<string, number> =>
  Object.fromEntries(Object.entries(ANNEX.lists).map(([code, l]) => [code, l.count]));
