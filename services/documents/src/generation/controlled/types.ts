/** The lists of Portaria SVS/MS 344/98, Annex I, on which a prescribed medicine can be. */
export const LIST_CODES = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2', 'C3', 'C4', 'C5'] as const;
export type ListCode = (typeof LIST_CODES)[number];

/**
 * The paper a medicine must be prescribed on. SIMPLES is the ordinary prescription: a listed
 * substance lands there only when an adendo of the Annex exempts its preparation (loperamide,
 * carisoprodol, topical retinoids...).
 */
export const PRESCRIPTION_FORMS = [
  'SIMPLES',
  'RCE',
  'PROGRAMA_C4',
  'NOTIFICACAO_B',
  'NOTIFICACAO_B2',
  'NOTIFICACAO_ESPECIAL_RETINOIDES',
  'TALIDOMIDA',
  'NOTIFICACAO_A',
] as const;
export type PrescriptionForm = (typeof PRESCRIPTION_FORMS)[number];

/** How restrictive a form is: when one row names two drugs, the stricter form wins. */
export const formRank = (form: PrescriptionForm): number => PRESCRIPTION_FORMS.indexOf(form);

export interface SubstanceRecord {
  /** Exactly as printed in Annex I, e.g. 'Ácido valpróico', 'Ftalimidoglutarimida (talidomida)'. */
  name: string;
  list: ListCode;
  /** The name shown to people when it differs from the printed one. */
  display?: string;
  group?: string;
  aliases?: string[];
  salts?: string[];
  brands?: string[];
  note?: string;
}

/** An adendo (or another act) that changes the form for some preparations of a substance. */
export interface FormRule {
  id: string;
  citation: string;
  substances: string[];
  /** Absent for rules that only add a note (e.g. hospital-only use). */
  form?: PrescriptionForm;
  /** The rule applies only when one of these words appears next to the drug... */
  terms?: string[];
  /** ...or when the drug was named by one of these brands. */
  termBrands?: string[];
  /** The rule applies only up to this dose per dosage unit... */
  maxMgPerUnit?: number;
  /** ...or up to this concentration in liquids... */
  maxMgPerMl?: number;
  /** ...or when named by one of these brands (every presentation is within the limit). */
  doseBrands?: string[];
  explain?: string;
  note?: string;
}

export interface ListRecord {
  title: string;
  form: PrescriptionForm;
  count: number;
  note?: string;
  revokedBy?: string;
}

export interface AnnexData {
  schema: 1;
  title: string;
  version: string;
  source: {
    regulation: string;
    consolidatedThrough: { act: string; update: string };
    publisher: string;
    amendmentsOfNote: { act: string; date: string; what: string }[];
    howVerified: string;
  };
  howToUpdate: string[];
  lists: Record<ListCode, ListRecord>;
  saltWords: string[];
  rules: FormRule[];
  notControlled: { drugs: string[]; words: string[] };
  substances: SubstanceRecord[];
}

export type MatchKind = 'substance' | 'salt' | 'brand' | 'fuzzy';

/** What the table says about one medication text. */
export interface Classification {
  /** Display name of the substance, e.g. 'Clonazepam'. */
  substance: string;
  list: ListCode;
  form: PrescriptionForm;
  matchedBy: MatchKind;
  /** The words of the input that matched, as the clinician wrote them. */
  matchedText: string;
  /** The brand, when the drug was named by one. */
  brand?: string;
  /** The adendo that set the form, when the form is not the list's own. */
  rule?: { id: string; citation: string; explain: string };
  /** pt-BR remarks the clinician should read (restrictions, exceptions that may apply). */
  notes: string[];
}

/** Work done by one classification, for tests that bound it. */
export interface ClassifyStats {
  chars: number;
  tokens: number;
  exactProbes: number;
  /** Mentions found; each costs a constant amount of rule checking. */
  hits: number;
  fuzzyWords: number;
  fuzzyCells: number;
}
