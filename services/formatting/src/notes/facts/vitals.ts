/**
 * Vital signs and body measurements in a dictated passage, said with digits or words ('PA 120
 * por 80', 'pressão doze por oito', 'frequência oitenta e dois', 'temperatura trinta e oito e
 * meio'). The patterns run on the numeric view of the folded passage (spoken numbers as digits,
 * see numbers.ts); the offsets they return slice the passage itself. Every quantifier is bounded,
 * so each pattern is linear on any input.
 */
import { numericView, toSource } from '../reading/numbers.js';
import { ptDecimal } from '../reading/text.js';

export type VitalLabel =
  | 'PA'
  | 'FC'
  | 'FR'
  | 'Tax'
  | 'SatO2'
  | 'Glicemia capilar'
  | 'Glicemia de jejum'
  | 'Glicemia'
  | 'Peso'
  | 'Altura'
  | 'IMC';

/** Display order of the normalised lines. */
export const VITAL_ORDER: readonly VitalLabel[] = [
  'PA',
  'FC',
  'FR',
  'Tax',
  'SatO2',
  'Glicemia capilar',
  'Glicemia de jejum',
  'Glicemia',
  'Peso',
  'Altura',
  'IMC',
];

export interface VitalMatch {
  /** Offsets in the passage. */
  start: number;
  end: number;
  label: VitalLabel;
  /** Normalised value with its unit, e.g. '120x80 mmHg'. */
  value: string;
  /** Numeric value for computations (kg for weight, m for height). */
  numeric: number;
}

const SEP = '\\s{0,3}(?:(?:de|:|=|e|foi|era|em)\\s{0,3})?';
/** The number is not a schedule ('de 6 em 6 horas', '4/4h'). */
const NOT_SCHEDULE = '(?!\\s{0,3}(?:em|\\/)\\s{0,3}\\d)';
const num = (s: string) => Number(s.replace(',', '.'));
const inRange = (v: number, min: number, max: number) => Number.isFinite(v) && v >= min && v <= max;

interface VitalRule {
  re: RegExp;
  build(m: RegExpExecArray): { label: VitalLabel; value: string; numeric: number } | null;
}

function pressure(sysText: string, diaText: string) {
  let sys = Number(sysText);
  let dia = Number(diaText);
  // '12 por 8' is said in cmHg.
  if (sys <= 30 && dia <= 20) {
    sys *= 10;
    dia *= 10;
  }
  if (!inRange(sys, 50, 300) || !inRange(dia, 20, 200) || dia >= sys) return null;
  return { label: 'PA' as const, value: `${sys}x${dia} mmHg`, numeric: sys };
}

const PRESSURE_VALUE =
  '(\\d{1,3})\\s{0,3}(?:x|por|\\/|sobre)\\s{0,3}(\\d{1,3})(?![\\d/])(?:\\s{0,3}(?:mm\\s{0,2}hg|milimetros de mercurio)\\b)?';

const VITAL_RULES: readonly VitalRule[] = [
  {
    re: new RegExp(
      `\\b(?:pa|p\\.a\\.|pressao arterial|pressao)(?:\\s{1,3}sistemica)?${SEP}${PRESSURE_VALUE}`,
      'g',
    ),
    build: (m) => pressure(m[1] ?? '', m[2] ?? ''),
  },
  {
    re: new RegExp(
      `\\b(?:fc|frequencia cardiaca|pulso|batimentos cardiacos|frequencia(?!\\s{1,3}respiratoria))${SEP}(\\d{2,3})${NOT_SCHEDULE}(?:\\s{0,3}(?:bpm|batimentos por minuto|batimentos)\\b)?`,
      'g',
    ),
    build(m) {
      const v = Number(m[1]);
      return inRange(v, 20, 250) ? { label: 'FC', value: `${v} bpm`, numeric: v } : null;
    },
  },
  {
    re: new RegExp(
      `\\b(?:fr|frequencia respiratoria|respiratoria|respiracao)${SEP}(\\d{1,2})${NOT_SCHEDULE}(?:\\s{0,3}(?:irpm|ipm|rpm|incursoes respiratorias por minuto|incursoes por minuto|incursoes respiratorias|incursoes)\\b)?`,
      'g',
    ),
    build(m) {
      const v = Number(m[1]);
      return inRange(v, 4, 80) ? { label: 'FR', value: `${v} irpm`, numeric: v } : null;
    },
  },
  {
    re: new RegExp(
      `\\b(?:tax|t\\s?ax|temperatura axilar|temperatura|temp)${SEP}(\\d{2})(?:\\s{0,3}(?:[.,]|e|virgula)\\s{0,3}(\\d))?${NOT_SCHEDULE}(?:\\s{0,3}(?:graus celsius|graus|°\\s{0,2}c|°|oc)\\b|\\s{0,3}°)?`,
      'g',
    ),
    build(m) {
      const v = Number(`${m[1]}.${m[2] ?? '0'}`);
      return inRange(v, 30, 45)
        ? { label: 'Tax', value: `${ptDecimal(v, 1)} °C`, numeric: v }
        : null;
    },
  },
  {
    re: new RegExp(
      `\\b(?:sato2|sat\\s?o2|spo2|sp\\s?o2|saturacao(?:\\s{1,3}(?:periferica\\s{1,3})?(?:de\\s{1,3})?(?:o2|oxigenio))?|saturando|sat)${SEP}(\\d{2,3})\\s{0,3}(?:%|por cento)?(\\s{0,3}(?:em\\s{1,3})?(?:ar ambiente|aa)\\b)?`,
      'g',
    ),
    build(m) {
      const v = Number(m[1]);
      if (!inRange(v, 50, 100)) return null;
      return { label: 'SatO2', value: `${v}%${m[2] ? ' em ar ambiente' : ''}`, numeric: v };
    },
  },
  {
    re: new RegExp(
      `\\b(glicemia capilar|glicemia de jejum|glicemia|hgt|dextro|dx)${SEP}(\\d{2,3})${NOT_SCHEDULE}(?:\\s{0,3}(?:mg\\s{0,2}\\/\\s{0,2}dl|mg por decilitro|miligramas por decilitro)\\b)?`,
      'g',
    ),
    build(m) {
      const v = Number(m[2]);
      if (!inRange(v, 10, 1500)) return null;
      const kind = m[1] ?? '';
      const label: VitalLabel =
        kind === 'glicemia de jejum'
          ? 'Glicemia de jejum'
          : kind === 'glicemia'
            ? 'Glicemia'
            : 'Glicemia capilar';
      return { label, value: `${v} mg/dL`, numeric: v };
    },
  },
  {
    re: new RegExp(
      `(?<!(?:perda|ganho|perdeu|ganhou|reducao|aumento|perda ponderal|variacao)\\s(?:de\\s)?)\\bpeso(?:\\s{1,3}atual)?${SEP}(\\d{1,3}(?:[.,]\\d{1,3})?)${NOT_SCHEDULE}(?:\\s{0,3}(?:kg|quilos|quilogramas|quilo)\\b)?`,
      'g',
    ),
    build(m) {
      const v = num(m[1] ?? '');
      return inRange(v, 0.5, 400)
        ? { label: 'Peso', value: `${ptDecimal(v, 1)} kg`, numeric: v }
        : null;
    },
  },
  {
    re: new RegExp(
      `\\b(?:altura|estatura)${SEP}(?:(\\d)\\s{0,3}(?:metros?|m)\\s{0,3}e\\s{0,3}(\\d{1,2})(?:\\s{0,3}(?:centimetros|cm)\\b)?|(\\d(?:[.,]\\d{1,2})?)(?:\\s{0,3}(?:metros?|m)\\b|\\b)|(\\d{3})(?:\\s{0,3}(?:centimetros|cm)\\b|\\b))`,
      'g',
    ),
    build(m) {
      let meters: number;
      if (m[1] !== undefined && m[2] !== undefined) {
        meters = Number(m[1]) + Number(m[2].padEnd(2, '0')) / 100;
      } else if (m[3] !== undefined) {
        meters = num(m[3]);
      } else {
        meters = Number(m[4]) / 100;
      }
      return inRange(meters, 0.4, 2.5)
        ? { label: 'Altura', value: `${ptDecimal(meters, 2)} m`, numeric: meters }
        : null;
    },
  },
  {
    re: new RegExp(
      `\\bimc${SEP}(\\d{1,2}(?:[.,]\\d{1,2})?)(?:\\s{0,3}(?:kg\\s{0,2}\\/\\s{0,2}m2|kg\\/m²|kg por metro quadrado)\\b)?`,
      'g',
    ),
    build(m) {
      const v = num(m[1] ?? '');
      return inRange(v, 8, 90)
        ? { label: 'IMC', value: `${ptDecimal(v, 1)} kg/m²`, numeric: v }
        : null;
    },
  },
];

/** A second pressure said right after the first ('PA 160x100 e 152 por 96 na segunda medida'). */
const PRESSURE_AGAIN = new RegExp(
  `^\\s{0,3}(?:e|;|,)\\s{0,3}(?:(?:na|a|em)\\s{1,3}[a-z]{1,12}\\s{1,3}(?:medida|afericao)\\s{1,3})?${PRESSURE_VALUE}`,
);
const PRESSURE_AGAIN_WINDOW = 60;

/** Vital signs in a folded passage, in order, without overlaps. */
export function findVitals(folded: string): VitalMatch[] {
  const view = numericView(folded);
  const text = view.text;
  if (!/\d/.test(text)) return [];
  const found: VitalMatch[] = [];
  const push = (start: number, end: number, built: ReturnType<VitalRule['build']>) => {
    if (built) found.push({ ...toSource(view, start, end), ...built });
  };
  for (const rule of VITAL_RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      const built = rule.build(m);
      const end = m.index + m[0].length;
      push(m.index, end, built);
      if (built?.label !== 'PA') continue;
      // Words between the two measurements ('na primeira medida') stay with the first.
      const tail = text.slice(end, end + PRESSURE_AGAIN_WINDOW);
      const skip = /^\s{0,3}(?:na|a|em)\s{1,3}[a-z]{1,12}\s{1,3}(?:medida|afericao)/.exec(tail);
      const offset = skip ? skip[0].length : 0;
      const again = PRESSURE_AGAIN.exec(tail.slice(offset));
      if (again) {
        const start = end + offset;
        push(start, start + again[0].length, pressure(again[1] ?? '', again[2] ?? ''));
      }
    }
  }
  found.sort((a, b) => a.start - b.start);
  const result: VitalMatch[] = [];
  let lastEnd = -1;
  for (const match of found) {
    if (match.start < lastEnd) continue;
    result.push(match);
    lastEnd = match.end;
  }
  return result;
}

/**
 * Normalised lines, one per measurement ('PA: 120x80 mmHg'); repeated measurements of the same
 * kind are listed in order on the same line. The IMC is computed when weight and height were
 * both dictated.
 */
export function formatVitals(matches: readonly VitalMatch[]): string[] {
  const byLabel = new Map<VitalLabel, string[]>();
  let weight: number | null = null;
  let height: number | null = null;
  for (const match of matches) {
    const values = byLabel.get(match.label) ?? [];
    if (!values.includes(match.value)) values.push(match.value);
    byLabel.set(match.label, values);
    if (match.label === 'Peso' && weight === null) weight = match.numeric;
    if (match.label === 'Altura' && height === null) height = match.numeric;
  }
  if (weight !== null && height !== null) {
    const bmi = weight / (height * height);
    byLabel.set('IMC', [`${ptDecimal(bmi, 1)} kg/m²`]);
  }
  const lines: string[] = [];
  for (const label of VITAL_ORDER) {
    const values = byLabel.get(label);
    if (values && values.length > 0) lines.push(`${label}: ${values.join('; ')}`);
  }
  return lines;
}

/** The measurements as one inline phrase ('Tax: 37,3 °C, SatO2: 94%'), in dictated order. */
export function inlineVitals(matches: readonly VitalMatch[]): string {
  return matches.map((m) => `${m.label}: ${m.value}`).join(', ');
}
