/** Quantities of a prescription written out in pt-BR, as the Receituário de Controle Especial asks. */
import { type Gender, numberToWords } from '@pv/pt-text';

/** Nouns of drug quantities that are feminine in pt-BR. */
const FEMININE_UNITS =
  /^(c[aá]psulas?|caixas?|ampolas?|gotas?|drágeas?|drageas?|unidades?|seringas?|bisnagas?|cartelas?|pastilhas?|doses?|ampolas?)$/i;

export function genderOfUnit(unit: string): Gender {
  return FEMININE_UNITS.test(unit.trim().split(/\s+/)[0] ?? '') ? 'feminine' : 'masculine';
}

/**
 * "30 (trinta) comprimidos": the quantity in numerals and in words, as the RCE prints it. A
 * quantity that is not a whole number is returned as written.
 */
export function quantityInWords(quantity: string, unit: string): string {
  const digits = quantity.trim();
  if (!/^\d{1,9}$/.test(digits)) return [digits, unit].filter(Boolean).join(' ');
  const words = numberToWords(Number(digits), genderOfUnit(unit));
  return [`${Number(digits)} (${words})`, unit.trim()].filter(Boolean).join(' ');
}
