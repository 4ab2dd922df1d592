/** Cardinal numbers written out in pt-BR words (the Receituário de Controle Especial prints quantities so). */

const UNITS_M = ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];
const UNITS_F = ['zero', 'uma', 'duas', ...UNITS_M.slice(3)];
const TEENS = [
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
];
const TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'cento',
  'duzent',
  'trezent',
  'quatrocent',
  'quinhent',
  'seiscent',
  'setecent',
  'oitocent',
  'novecent',
];

export type Gender = 'masculine' | 'feminine';

/** 0..999 */
function belowThousand(n: number, gender: Gender): string {
  if (n === 100) return 'cem';
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h > 0) parts.push(h === 1 ? 'cento' : `${HUNDREDS[h]}${gender === 'feminine' ? 'as' : 'os'}`);
  if (rest > 0) {
    const units = gender === 'feminine' ? UNITS_F : UNITS_M;
    if (rest < 10) parts.push(units[rest]!);
    else if (rest < 20) parts.push(TEENS[rest - 10]!);
    else {
      const t = Math.floor(rest / 10);
      const u = rest % 10;
      parts.push(u === 0 ? TENS[t]! : `${TENS[t]} e ${units[u]}`);
    }
  }
  return parts.join(' e ');
}

/**
 * Writes a whole number from 0 to 999,999,999 in pt-BR words; `feminine` agrees with nouns such
 * as "cápsulas" or "caixas" (duas cápsulas, duzentas gotas).
 * @example numberToWords(21) === 'vinte e um'; numberToWords(2, 'feminine') === 'duas'
 */
export function numberToWords(value: number, gender: Gender = 'masculine'): string {
  if (!Number.isInteger(value) || value < 0 || value > 999_999_999) {
    throw new RangeError(`numberToWords: ${value} is out of range`);
  }
  if (value === 0) return 'zero';
  const millions = Math.floor(value / 1_000_000);
  const thousands = Math.floor((value % 1_000_000) / 1000);
  const rest = value % 1000;
  const groups: { words: string; value: number }[] = [];
  if (millions > 0)
    groups.push({
      words: millions === 1 ? 'um milhão' : `${belowThousand(millions, 'masculine')} milhões`,
      value: millions,
    });
  if (thousands > 0)
    groups.push({
      words: thousands === 1 ? 'mil' : `${belowThousand(thousands, gender)} mil`,
      value: thousands,
    });
  if (rest > 0) groups.push({ words: belowThousand(rest, gender), value: rest });
  // "mil e duzentos", "dois milhões e quinhentos mil", but "mil duzentos e trinta": the last
  // group takes "e" when it is below one hundred or a round hundred.
  const last = groups.at(-1)!;
  if (groups.length > 1 && (last.value < 100 || last.value % 100 === 0)) {
    return `${groups
      .slice(0, -1)
      .map((g) => g.words)
      .join(' ')} e ${last.words}`;
  }
  return groups.map((g) => g.words).join(' ');
}
