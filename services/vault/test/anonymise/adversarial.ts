/**
 * Inputs built to make a backtracking scrubber slow: long runs of each character class, e-mail-
 * like tokens, digit runs with and without separators, nested separators, and the words that
 * start a detector (titles, kinship, labels, street words, number words, month names) repeated.
 * Each is a function of the wanted length.
 */
const fill = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

export const ADVERSARIAL: Record<string, (length: number) => string> = {
  letters: (n) => fill('a', n),
  capitals: (n) => fill('A', n),
  accented: (n) => fill('é', n),
  digits: (n) => fill('1', n),
  spaces: (n) => `a${fill(' ', n - 2)}b`,
  newlines: (n) => fill('\n', n),
  dots: (n) => fill('.', n),
  hyphens: (n) => fill('-', n),
  'at signs': (n) => fill('@', n),
  emoji: (n) => fill('😀', n),
  'long e-mail local part': (n) => `${fill('a', n - 10)}@gmail.com`,
  'e-mail without a dot': (n) => `${fill('a.', n / 2)}@${fill('b', n / 2 - 1)}`,
  'at and dot': (n) => fill('a@b.', n),
  'at every other char': (n) => fill('a@', n),
  'digit dot': (n) => fill('1.', n),
  'digit hyphen': (n) => fill('1-', n),
  'digit groups': (n) => fill('123 ', n),
  'phone-like': (n) => fill('(11) 9', n),
  'plus digits': (n) => fill('+5', n),
  'nested separators': (n) => fill('1.-/ (', n),
  'separators only': (n) => fill('.-/ ()+,', n),
  titles: (n) => fill('dr. ', n),
  'dona repeated': (n) => fill('dona ', n),
  'kinship words': (n) => fill('mãe filho dele o ', n),
  labels: (n) => fill('Paciente: Nome: ', n),
  'naming verbs': (n) => fill('se chama ', n),
  'given names': (n) => fill('maria ', n),
  'name with particles': (n) => fill('maria da ', n),
  'capitalised words': (n) => fill('Roberto Figueira ', n),
  'street words': (n) => fill('rua das ', n),
  'street and number': (n) => fill('rua 7 de ', n),
  'number words': (n) => fill('cinco ', n),
  'compound numbers': (n) => fill('cento e ', n),
  thousands: (n) => fill('mil ', n),
  'spoken e-mail': (n) => fill('a arroba b ponto ', n),
  eponym: (n) => fill('doença de ', n),
  'cpf cue': (n) => fill('cpf ', n),
  months: (n) => fill('doze de março de ', n),
  'bairro words': (n) => fill('bairro ', n),
  complements: (n) => fill('apto 1 ', n),
  'dates without end': (n) => fill('12/', n),
  'subject verbs': (n) => fill('rosa refere ', n),
};
