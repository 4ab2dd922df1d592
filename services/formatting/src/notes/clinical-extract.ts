/**
 * Vital signs, body measurements and medication doses found in a dictated passage. All regexes
 * run on the folded (lower-case, accent-free, same-length) text; the indices they return slice
 * the original text.
 */
import {
  capitalizeFirst,
  collapseSpaces,
  NUMBER_SOURCE,
  parsePtNumber,
  ptDecimal,
} from './text.js';

// ---- vital signs --------------------------------------------------------------------------------

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

const SEP = '\\s*(?:de|:|=|e|foi|era|em)?\\s*';
/** The number is not a schedule ('de 6 em 6 horas', '4/4h'). */
const NOT_SCHEDULE = '(?!\\s*(?:em|\\/)\\s*\\d)';
const num = (s: string) => Number(s.replace(',', '.'));
const inRange = (v: number, min: number, max: number) => Number.isFinite(v) && v >= min && v <= max;

interface VitalRule {
  re: RegExp;
  build(m: RegExpExecArray): { label: VitalLabel; value: string; numeric: number } | null;
}

const VITAL_RULES: readonly VitalRule[] = [
  {
    re: new RegExp(
      `\\b(?:pa|p\\.a\\.|pressao arterial|pressao)(?:\\s+sistemica)?${SEP}(\\d{1,3})\\s*(?:x|por|\\/|sobre)\\s*(\\d{1,3})(?![\\d/])(?:\\s*(?:mm\\s*hg|milimetros de mercurio)\\b)?`,
      'g',
    ),
    build(m) {
      let sys = Number(m[1]);
      let dia = Number(m[2]);
      // '12 por 8' is said in cmHg.
      if (sys <= 30 && dia <= 20) {
        sys *= 10;
        dia *= 10;
      }
      if (!inRange(sys, 50, 300) || !inRange(dia, 20, 200) || dia >= sys) return null;
      return { label: 'PA', value: `${sys}x${dia} mmHg`, numeric: sys };
    },
  },
  {
    re: new RegExp(
      `\\b(?:fc|frequencia cardiaca|pulso|batimentos cardiacos)${SEP}(\\d{2,3})${NOT_SCHEDULE}(?:\\s*(?:bpm|batimentos por minuto|batimentos)\\b)?`,
      'g',
    ),
    build(m) {
      const v = Number(m[1]);
      return inRange(v, 20, 250) ? { label: 'FC', value: `${v} bpm`, numeric: v } : null;
    },
  },
  {
    re: new RegExp(
      `\\b(?:fr|frequencia respiratoria)${SEP}(\\d{1,2})${NOT_SCHEDULE}(?:\\s*(?:irpm|ipm|rpm|incursoes respiratorias por minuto|incursoes por minuto|incursoes respiratorias|incursoes)\\b)?`,
      'g',
    ),
    build(m) {
      const v = Number(m[1]);
      return inRange(v, 4, 80) ? { label: 'FR', value: `${v} irpm`, numeric: v } : null;
    },
  },
  {
    re: new RegExp(
      `\\b(?:tax|t\\s?ax|temperatura axilar|temperatura|temp)${SEP}(\\d{2})(?:\\s*(?:[.,]|e|virgula)\\s*(\\d))?${NOT_SCHEDULE}(?:\\s*(?:graus celsius|graus|°\\s*c|°|oc)\\b|\\s*°)?`,
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
      `\\b(?:sato2|sat\\s?o2|spo2|sp\\s?o2|saturacao(?:\\s+(?:periferica\\s+)?(?:de\\s+)?(?:o2|oxigenio))?|saturando|sat)${SEP}(\\d{2,3})\\s*(?:%|por cento)?(\\s*(?:em\\s+)?(?:ar ambiente|aa)\\b)?`,
      'g',
    ),
    build(m) {
      const v = Number(m[1]);
      if (!inRange(v, 50, 100)) return null;
      return {
        label: 'SatO2',
        value: `${v}%${m[2] ? ' em ar ambiente' : ''}`,
        numeric: v,
      };
    },
  },
  {
    re: new RegExp(
      `\\b(glicemia capilar|glicemia de jejum|glicemia|hgt|dextro|dx)${SEP}(\\d{2,3})${NOT_SCHEDULE}(?:\\s*(?:mg\\s*\\/\\s*dl|mg por decilitro|miligramas por decilitro)\\b)?`,
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
      `(?<!(?:perda|ganho|perdeu|ganhou|reducao|aumento|perda ponderal|variacao)\\s(?:de\\s)?)\\bpeso(?:\\s+atual)?${SEP}(\\d{1,3}(?:[.,]\\d{1,3})?)${NOT_SCHEDULE}(?:\\s*(?:kg|quilos|quilogramas|quilo)\\b)?`,
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
      `\\b(?:altura|estatura)${SEP}(?:(\\d)\\s*(?:metros?|m)\\s*e\\s*(\\d{1,2})(?:\\s*(?:centimetros|cm)\\b)?|(\\d(?:[.,]\\d{1,2})?)(?:\\s*(?:metros?|m)\\b|\\b)|(\\d{3})(?:\\s*(?:centimetros|cm)\\b|\\b))`,
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
      `\\bimc${SEP}(\\d{1,2}(?:[.,]\\d{1,2})?)(?:\\s*(?:kg\\s*\\/\\s*m2|kg\\/m²|kg por metro quadrado)\\b)?`,
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

/** Vital signs in a folded passage, in order, without overlaps. */
export function findVitals(folded: string): VitalMatch[] {
  if (!/\d/.test(folded)) return [];
  const found: VitalMatch[] = [];
  for (const rule of VITAL_RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(folded); m; m = rule.re.exec(folded)) {
      const built = rule.build(m);
      if (built) found.push({ start: m.index, end: m.index + m[0].length, ...built });
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

// ---- medications --------------------------------------------------------------------------------

export interface MedicationMatch {
  /** Offsets in the passage of the whole item (name, dose and regimen). */
  start: number;
  end: number;
  /** The item as one normalised line, e.g. 'Dipirona 500 mg de 6 em 6 horas por 3 dias'. */
  line: string;
}

const UNIT =
  'mg\\/ml|mg\\/kg|mg|mcg|µg|ug|g|ml|ui|unidades|gotas|gts|comprimidos?|cps?|capsulas?|miligramas?|microgramas?|gramas?|mililitros?|ampolas?|sache|jatos|puffs?';
const DOSE = new RegExp(`(\\d+(?:[.,]\\d+)?)\\s*(${UNIT})(?![a-z0-9])`, 'g');
/** Units and regimen words: a dose preceded by one of these continues the previous item. */
const NOT_NAME = new Set([
  'mg',
  'mcg',
  'ml',
  'ui',
  'g',
  'gotas',
  'comprimido',
  'comprimidos',
  'capsula',
  'capsulas',
  'dia',
  'dias',
  'hora',
  'horas',
  'vez',
  'vezes',
  'semana',
  'semanas',
  'mes',
  'meses',
  'noite',
  'manha',
  'tarde',
  'jejum',
  'via',
  'vo',
  'ev',
  'iv',
  'im',
  'sc',
  'sl',
  'oral',
  'dose',
  'doses',
  'total',
  'cada',
  'ate',
  'sos',
  'necessario',
  'continuo',
  'ampola',
  'ampolas',
  'frasco',
  'frascos',
  'caixa',
  'caixas',
  'soro',
]);
/** Words that end the backward scan for a name and are left out of the item. */
const STOP_BEFORE = new Set([
  'prescrevo',
  'prescrito',
  'prescrita',
  'prescrevi',
  'receito',
  'inicio',
  'iniciar',
  'iniciado',
  'iniciada',
  'iniciei',
  'introduzo',
  'introduzir',
  'associo',
  'associar',
  'associado',
  'uso',
  'usar',
  'tomar',
  'feito',
  'feita',
  'realizado',
  'realizada',
  'e',
  'de',
  'do',
  'da',
  'o',
  'a',
  'os',
  'as',
  'um',
  'uma',
  'mais',
  'conduta',
  'plano',
  'prescricao',
  'sendo',
  'com',
  'para',
  'por',
  'em',
  'no',
  'na',
  'ao',
  'medicado',
  'medicada',
  'oriento',
  'orientado',
  'orientada',
  'seguintes',
  'segue',
  'paciente',
]);
/** Verbs kept at the start of the item ('Manter losartana 50 mg'). */
const KEEP_VERBS = new Set([
  'administrado',
  'administrada',
  'administrados',
  'administradas',
  'administrei',
  'administro',
  'manter',
  'mantenho',
  'mantido',
  'mantida',
  'aumentar',
  'aumento',
  'aumentado',
  'reduzir',
  'reduzo',
  'reduzido',
  'ajustar',
  'ajusto',
  'ajustado',
  'trocar',
  'troco',
  'substituir',
  'substituo',
]);
/** A clause that continues a medication's regimen (route, frequency, duration, quantity...). */
const REGIMEN = new RegExp(
  `^(?:\\d|para\\s+(?:\\d|${NUMBER_SOURCE})|de\\s*\\d+\\s*(?:em|\\/)\\s*\\d+|\\d+\\s*\\/\\s*\\d+\\s*h|\\d+\\s*(?:x|vezes)\\b|` +
    `(?:${NUMBER_SOURCE})\\s+vez(?:es)?\\b|a cada|cada\\b|por\\s+(?:\\d|mais|${NUMBER_SOURCE})|durante|ate\\b|` +
    'uso continuo|continuo|se\\b|em caso|caso\\b|sos\\b|s\\/n|ao dia|por dia|diariamente|' +
    'pela manha|de manha|pela tarde|a noite|a tarde|de noite|ao deitar|antes\\b|apos\\b|depois\\b|' +
    'em jejum|jejum|junto|com (?:as |a |o )?(?:refeic|alimento|almoco|jantar|cafe)|' +
    'via\\b|vo\\b|ev\\b|iv\\b|im\\b|sc\\b|sl\\b|oral|endovenos|intravenos|intramuscular|subcutane|' +
    'sublingual|topic|inalat|nebuliz|retal|vaginal|oftalm|nasal|' +
    `\\d+\\s*(?:${UNIT})(?![a-z0-9])|(?:um|uma|meio|meia|dois|duas|tres)\\s+(?:comprimidos?|capsulas?|ampolas?|gotas|jatos|colher|colheres|medidas?|saches?)\\b|` +
    'diluid|diluir|em\\s+\\d+\\s*ml|correr em|infundir|infusao|dose\\b|conforme|tomar|aplicar|' +
    'dissolver|mastigar|pingar|inalar|usar|horario|as \\d|\\d+\\s*h\\b|dias?\\b|semanas?\\b|' +
    'meses\\b|quantidade|total|caixas?\\b|frascos?\\b|tubos?\\b|\\d+\\s*\\(|\\()',
);
const CLAUSE_SEPARATOR = /,|;|\s+e\s+|\s+-\s+/g;
/** The passage lists medications in use, not prescribed now: leave them in place. */
export const CURRENT_USE =
  /\b(?:faz uso|fazia uso|fez uso|em uso|usa|usava|usou|toma|tomava|tomou|uso previo|uso domiciliar|uso regular|uso cronico|suspend\w*|suspens\w*|retir\w*|interromp\w*|alergi\w*|alergic\w*)\b/;

/** Words a regimen is made of: a clause is kept up to its first word outside the regimen. */
const REGIMEN_WORDS = new Set(
  (
    'via oral vo ev iv im sc sl endovenosa endovenoso intravenosa intravenoso intramuscular ' +
    'subcutanea subcutaneo sublingual topica topico inalatoria de em por para dia dias hora horas h ' +
    'minutos semana semanas mes meses vez vezes x ao a as o os na no nas nos pela pelo manha ' +
    'tarde noite deitar jejum antes apos depois do da das dos cafe almoco jantar refeicao ' +
    'refeicoes sos necessario agora imediatamente dose unica ataque uso continuo ate durante ' +
    'tomar aplicar usar pingar inalar mastigar dissolver diluir diluido diluida diluicao soro ' +
    'fisiologico glicosado sf sg correr infundir bomba infusao bolus lento lentamente comprimido ' +
    'comprimidos capsula capsulas gota gotas ampola ampolas jato jatos puff puffs sache medida ' +
    'colher colheres meio meia conforme prescricao quantidade total caixa caixas frasco frascos ' +
    'tubo cada olho olhos ouvido ouvidos narina narinas local lesao lesoes area afetada pele ' +
    'camada fina mg mcg ug g ml ui unidades gts cp cps miligramas microgramas gramas mililitros'
  ).split(/\s+/),
);
/** Words after which a symptom follows ('se dor', 'caso febre'). */
const CONDITION_WORDS = new Set(['se', 'caso']);
/** Words that cannot end a regimen ('endovenosa na' + 'indução'). */
const DANGLING = new Set([
  'de',
  'do',
  'da',
  'dos',
  'das',
  'em',
  'na',
  'no',
  'nas',
  'nos',
  'a',
  'o',
  'as',
  'os',
  'ao',
  'para',
  'por',
  'pela',
  'pelo',
  'se',
  'caso',
  'com',
]);
const NUMBER_TOKEN = /^\d+(?:[.,/]\d+)*[a-z]*$/;
const COMPOUND_UNIT = /^(?:mg|mcg|ml|g|ui|kg|min|h|dia)(?:\/(?:mg|mcg|ml|g|ui|kg|min|h|dia))+$/;

/** Length of the leading part of a clause made of regimen words (and a symptom after 'se'). */
function regimenPrefix(clause: string): number {
  let end = 0;
  let free = 0;
  let lastWord = '';
  const word = /\S+/g;
  for (let m = word.exec(clause); m; m = word.exec(clause)) {
    const token = m[0].replace(/[.()]/g, '');
    const known =
      REGIMEN_WORDS.has(token) ||
      NUMBER_TOKEN.test(token) ||
      COMPOUND_UNIT.test(token) ||
      parsePtNumber(token) !== null;
    if (CONDITION_WORDS.has(token)) {
      free = 2;
    } else if (!known) {
      if (free === 0) break;
      free--;
    }
    end = m.index + m[0].length;
    lastWord = token;
  }
  // Drop a dangling function word left at the end.
  if (end > 0 && DANGLING.has(lastWord)) {
    const cut = clause.slice(0, end).replace(/\s+\S+$/, '');
    return cut.length;
  }
  return end;
}

interface Anchor {
  /** Start of the item (the name, or a kept verb). */
  start: number;
  /** End of the dose (or of a name written after the dose). */
  doseEnd: number;
}

const WORD_BEFORE = /([a-z][a-z-]*)\s*$/;

/** The start of the medication name before `doseStart`, or null if none. */
function nameStartBefore(folded: string, doseStart: number, floor: number): number | null {
  let pos = doseStart;
  let start: number | null = null;
  let words = 0;
  while (pos > floor && words < 4) {
    const before = folded.slice(Math.max(floor, pos - 40), pos);
    const match = WORD_BEFORE.exec(before);
    if (!match?.[1]) break;
    const word = match[1];
    const wordStart = pos - before.length + match.index;
    if (KEEP_VERBS.has(word)) {
      if (start === null) return null;
      return wordStart;
    }
    if (word === 'com' && start !== null && words < 3) {
      // 'amoxicilina com clavulanato': 'com' joins two names.
      const prev = WORD_BEFORE.exec(folded.slice(Math.max(floor, wordStart - 40), wordStart));
      const prevWord = prev?.[1];
      if (prevWord && !STOP_BEFORE.has(prevWord) && !NOT_NAME.has(prevWord)) {
        pos = wordStart;
        words++;
        continue;
      }
      break;
    }
    if (STOP_BEFORE.has(word)) break;
    if (NOT_NAME.has(word)) return start;
    if (word.length < 3 && start === null) return null;
    // WORD_BEFORE allows only spaces between the words of a name: punctuation ends it.
    start = wordStart;
    pos = wordStart;
    words++;
  }
  return start;
}

const CLAUSE_LEAD =
  /(?:^|[,;:]|\be|prescrevo|prescrito|prescrita|iniciar|inicio|administrad[oa]s?|administrei|feit[oa]s?)\s*$/;
const NAME_AFTER = /^\s+de\s+([a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,})?)/;

function normaliseMedicationLine(text: string): string {
  const line = collapseSpaces(text)
    .replace(/(\d)\s*(?:miligramas?|mg)(?![a-zà-ú])/gi, '$1 mg')
    .replace(/(\d)\s*(?:microgramas?|mcg)(?![a-zà-ú])/gi, '$1 mcg')
    .replace(/(\d)\s*(?:mililitros?|ml)(?![a-zà-ú])/gi, '$1 ml')
    .replace(/(\d)\s*(?:gramas?|g)(?![a-zà-ú])/gi, '$1 g')
    .replace(/(\d)\s*ui(?![a-zà-ú])/gi, '$1 UI')
    .replace(/\b(?:aas|nph|sf|sg)\b/gi, (acronym) => acronym.toUpperCase())
    .replace(/[\s,;:.]+$/, '');
  return capitalizeFirst(line);
}

/**
 * Medication items in a passage: a name followed by a dose ('dipirona 500 mg') or a dose followed
 * by 'de' and a name ('2 g de ceftriaxona'), extended over the clauses of its regimen (route,
 * frequency, duration, quantity). Returns the items in order, with their offsets in the passage.
 */
export function findMedications(text: string, folded: string): MedicationMatch[] {
  if (!/\d/.test(folded)) return [];
  const anchors: Anchor[] = [];
  let floor = 0;
  DOSE.lastIndex = 0;
  for (let m = DOSE.exec(folded); m; m = DOSE.exec(folded)) {
    const doseStart = m.index;
    const doseEnd = m.index + m[0].length;
    const nameStart = nameStartBefore(folded, doseStart, floor);
    if (nameStart !== null) {
      anchors.push({ start: nameStart, doseEnd });
      floor = doseEnd;
      continue;
    }
    const after = NAME_AFTER.exec(folded.slice(doseEnd, doseEnd + 60));
    const afterName = after?.[1];
    if (afterName && !NOT_NAME.has(afterName.split(/\s+/)[0] as string)) {
      // Only a dose at the start of a clause starts an item ('..., 2 g de ceftriaxona').
      if (CLAUSE_LEAD.test(folded.slice(floor, doseStart))) {
        const end = doseEnd + (after?.[0].length ?? 0);
        anchors.push({ start: doseStart, doseEnd: end });
        floor = end;
        DOSE.lastIndex = end;
      }
    }
  }
  const items: MedicationMatch[] = [];
  for (let i = 0; i < anchors.length; i++) {
    const anchor = anchors[i] as Anchor;
    const limit = (anchors[i + 1] as Anchor | undefined)?.start ?? folded.length;
    let end = anchor.doseEnd;
    // Walk the clauses after the dose while they continue the regimen.
    const tail = folded.slice(anchor.doseEnd, limit);
    let clauseStart = 0;
    CLAUSE_SEPARATOR.lastIndex = 0;
    for (;;) {
      const sep = CLAUSE_SEPARATOR.exec(tail);
      const clauseEnd = sep ? sep.index : tail.length;
      const clause = tail.slice(clauseStart, clauseEnd);
      const trimmed = clause.trim();
      if (trimmed !== '') {
        if (!REGIMEN.test(trimmed.replace(/^[.\s]+/, ''))) break;
        const prefix = regimenPrefix(clause);
        if (prefix === 0) break;
        end = anchor.doseEnd + clauseStart + prefix;
        // The clause goes on with something else: the regimen ends here.
        if (prefix < clause.trimEnd().length) break;
      }
      if (!sep) break;
      clauseStart = sep.index + sep[0].length;
    }
    items.push({
      start: anchor.start,
      end,
      line: normaliseMedicationLine(text.slice(anchor.start, end)),
    });
  }
  return items;
}
