/**
 * geo_region: the consultation's federative unit (UF), or null. Derived in memory from what the
 * texts or the workspace say, never from an IP and never stored as anything finer than the UF.
 */
import { BRAZILIAN_UFS, type BrazilianUf } from '@pv/contracts';
import { fold } from '@pv/pt-text';

const UF_SET = new Set<string>(BRAZILIAN_UFS);

/** Correios' CEP ranges by the first five digits, [from, to, UF]. */
const CEP_RANGES: readonly [number, number, BrazilianUf][] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The UF a CEP belongs to, or null. */
export function ufOfCep(cep: string): BrazilianUf | null {
  const digits = cep.replace(/\D/g, '');
  if (digits.length !== 8) return null;
  const prefix = Number(digits.slice(0, 5));
  return CEP_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

const STATE_NAMES: Record<string, BrazilianUf> = {
  acre: 'AC',
  alagoas: 'AL',
  amapa: 'AP',
  amazonas: 'AM',
  bahia: 'BA',
  ceara: 'CE',
  'distrito federal': 'DF',
  'espirito santo': 'ES',
  goias: 'GO',
  maranhao: 'MA',
  'mato grosso do sul': 'MS',
  'mato grosso': 'MT',
  'minas gerais': 'MG',
  para: 'PA',
  paraiba: 'PB',
  parana: 'PR',
  pernambuco: 'PE',
  piaui: 'PI',
  'rio de janeiro': 'RJ',
  'rio grande do norte': 'RN',
  'rio grande do sul': 'RS',
  rondonia: 'RO',
  roraima: 'RR',
  'santa catarina': 'SC',
  'sao paulo': 'SP',
  sergipe: 'SE',
  tocantins: 'TO',
};

const CEP = /(?<![\d.])(?:\d{5}-?\d{3}|\d{2}\.\d{3}-\d{3})(?!\d)/g;
/** 'Campinas/SP', 'Belo Horizonte - MG', 'Recife – PE' (a UF after a place name). */
const CITY_UF = /\p{L}[ \t]*(?:\/|[ \t][-–][ \t])[ \t]*([A-Z]{2})(?![\p{L}\d])(?![ \t]*\d)/gu;
/** 'estado de São Paulo', 'no estado do Paraná'. */
const STATE_NAME = new RegExp(
  `\\bestado (?:de|do|da) (${Object.keys(STATE_NAMES)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b`,
);

/**
 * The first UF the texts give: a CEP (cue 'CEP' or its shape), then 'City/UF', then 'estado de
 * <name>'. Null when none does.
 */
export function regionFromTexts(...texts: (string | null | undefined)[]): BrazilianUf | null {
  for (const text of texts) {
    if (!text) continue;
    const folded = fold(text);
    for (const m of text.matchAll(CEP)) {
      const nearCue = /c\.?e\.?p\.?[^0-9]{0,8}$/.test(
        folded.slice(Math.max(0, (m.index ?? 0) - 14), m.index),
      );
      if (nearCue || m[0].includes('-')) {
        const uf = ufOfCep(m[0]);
        if (uf) return uf;
      }
    }
    for (const m of text.matchAll(CITY_UF))
      if (UF_SET.has(m[1] as string)) return m[1] as BrazilianUf;
    const state = STATE_NAME.exec(folded);
    if (state?.[1]) return STATE_NAMES[state[1]] ?? null;
  }
  return null;
}
