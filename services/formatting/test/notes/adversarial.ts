/**
 * Hostile dictations for the linear-time checks (issue 15): long runs of each character class,
 * nested separators, repeated cue words and markers. Each builder repeats a unit up to `size`
 * characters. Used by linear-time.test.ts and bench/offline-formatter-scaling.ts.
 */

export interface AdversarialInput {
  name: string;
  build(size: number): string;
}

const repeat = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const UNITS: readonly [string, string][] = [
  ['letters', 'a'],
  ['accented letters', 'ã'],
  ['capitals', 'A'],
  ['digits', '1'],
  ['spaces', ' '],
  ['tabs and no-break spaces', '\t\u00a0'],
  ['newlines', '\n'],
  ['periods', '.'],
  ['commas', ','],
  ['colons', ':'],
  ['hyphens and dashes', '-–—'],
  ['slashes', '/'],
  ['quotes and brackets', '“"([{'],
  ['mixed separators', '., ;:-/ '],
  ['nested separators', '(, [. {; :-} .] ,) '],
  ['letters and digits', 'a1'],
  ['digit, space', '1 '],
  ['digit, comma', '1,'],
  ['decimal points', '1.1.'],
  ['unit slashes', 'mg/'],
  ['number words', 'um e '],
  ['spoken pressure', 'cento e vinte por oitenta '],
  ['vital signs', 'pa 12 por 8 fc 80 '],
  ['doses', 'dipirona 500 mg '],
  ['bare doses', '5 mg '],
  ['label words', 'queixa principal: '],
  ['exam cue', 'ao exame '],
  ['complaint verb', 'refere '],
  ['duration', 'há 3 dias e '],
  ['person nouns', 'paciente dona '],
  ['patient markers', '[Paciente 1]'],
  ['unclosed markers', '[Paciente 1'],
  ['speaker labels', 'Falante 1: '],
  ['spoken punctuation', 'vírgula ponto final '],
  ['spoken decimal', 'trinta e seis vírgula oito '],
  ['medication in use', 'toma losartana 50 mg de 12 em 12 horas '],
  ['name and age', 'Dona Lúcia, 71 anos, '],
];

/** One long word (no space) of each kind is also hostile for word-based scanners. */
const LONG_WORD: AdversarialInput = {
  name: 'one long word',
  build: (size) => repeat('abcdefghij', size),
};

/** A realistic dictation sentence repeated: the ordinary case, for comparison. */
const REALISTIC: AdversarialInput = {
  name: 'realistic dictation',
  build: (size) =>
    repeat(
      'Paciente refere dor de cabeça há três dias. Ao exame: PA 14 por 9, FC 88 bpm. ' +
        'Conduta: dipirona 1 g de 6 em 6 horas se dor. ',
      size,
    ),
};

export const ADVERSARIAL_INPUTS: readonly AdversarialInput[] = [
  ...UNITS.map(([name, unit]) => ({ name, build: (size: number) => repeat(unit, size) })),
  LONG_WORD,
  REALISTIC,
];

/** CPU time (user + system, ms) of one call: less disturbed by other processes than wall time. */
export function cpuTime(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The smallest of `runs` CPU times (the least disturbed run). */
export function bestCpuTime(fn: () => unknown, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) best = Math.min(best, cpuTime(fn));
  return best;
}
