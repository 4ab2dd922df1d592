/**
 * The pt-BR text engine shared by formatting, the vault and documents: folding that keeps offsets,
 * words of a folded text, reading spoken numbers and writing numbers in words. Every function is
 * linear in its input (test/adversarial.test.ts).
 */
export { fold, foldForComparison, foldUnit, isCombiningMark, matchKey } from './fold.js';
export { type Gender, numberToWords } from './number-words.js';
export {
  isNumberWord,
  NUMBER_WORDS,
  type NumberRead,
  type NumberReading,
  numberText,
  parsePtNumber,
  readNumberWords,
  type WordSequence,
  wordListSequence,
} from './numbers.js';
export { scanTokens, Token, type TokenVisitor, tokenize } from './tokens.js';
export { scanWords, spacesBetween, type Word, words } from './words.js';
