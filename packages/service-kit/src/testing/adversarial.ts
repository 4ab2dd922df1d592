/**
 * Hostile texts for linear-time checks of every text entry point (issue 15): long runs of each
 * character class, nested separators, one long word, and a realistic dictation for comparison.
 * `build(size)` repeats a unit up to `size` characters. The services' own unit-level checks add
 * domain units (dose patterns, e-mail-like tokens) of their own.
 */
export interface AdversarialText {
  name: string;
  build(size: number): string;
}

const repeat = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const UNITS: readonly [string, string][] = [
  ['letters', 'a'],
  ['accented letters', 'ã'],
  ['digits', '1'],
  ['spaces', ' '],
  ['newlines', '\n'],
  ['tabs and no-break spaces', '\t\u00a0'],
  ['periods', '.'],
  ['at signs and dots', '@a.'],
  ['hyphens and dashes', '-–—'],
  ['nested separators', '(, [. {; :-} .] ,) '],
  ['digit, separator', '1.-/ '],
  ['e-mail-like token', 'a.b-c_d+'],
  ['dose', 'dipirona 500 mg de 6/6h '],
  ['label words', 'queixa principal: conduta: '],
];

export const ADVERSARIAL_TEXTS: readonly AdversarialText[] = [
  ...UNITS.map(([name, unit]) => ({ name, build: (size: number) => repeat(unit, size) })),
  { name: 'one long word', build: (size) => repeat('abcdefghij', size) },
  {
    name: 'realistic dictation',
    build: (size) =>
      repeat(
        'Paciente refere dor de cabeça há três dias. Ao exame: PA 14 por 9, FC 88 bpm. ' +
          'Conduta: dipirona 1 g de 6 em 6 horas se dor. ',
        size,
      ),
  },
];

/** CPU time (user + system, ms) of `fn`, the best of `runs`: other processes do not count. */
export async function bestCpuMs(fn: () => Promise<unknown>, runs = 2): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/**
 * Work per character at two sizes: the CPU time of one call on `large` characters over that of
 * `large / small` calls on `small` characters (the same number of characters). Linear work gives
 * about 1 (less when each call has a fixed cost, e.g. HTTP); quadratic work gives `large / small`.
 */
export async function workRatio(
  call: (text: string) => Promise<unknown>,
  input: AdversarialText,
  sizes: { small: number; large: number },
): Promise<{ ratio: number; smallMs: number; largeMs: number }> {
  const small = input.build(sizes.small);
  const large = input.build(sizes.large);
  const repeats = Math.round(sizes.large / sizes.small);
  await call(small); // warm-up
  const smallMs = await bestCpuMs(async () => {
    for (let i = 0; i < repeats; i++) await call(small);
  });
  const largeMs = await bestCpuMs(() => call(large));
  return { ratio: largeMs / smallMs, smallMs, largeMs };
}
