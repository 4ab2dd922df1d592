import { type PasswordStrengthReason, passwordGuessableMessage } from '@pv/contracts';
import { type MatchExtended, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as ptBrDictionary, translations } from '@zxcvbn-ts/language-pt-br';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * zxcvbn's matching grows faster than linearly with length (all substrings against every
 * dictionary); it sees at most this many characters, so a hostile 10 kB password costs what a
 * 48-character one does (~0.1 s at most, docs/BENCHMARKS.md). A longer password is at least
 * as hard to guess as its first 48 characters.
 */
export const STRENGTH_CHECKED_LENGTH = 48;

/** zxcvbn's 0-4 score; 3 is "safely unguessable" (about 10^8 guesses or more). */
const MIN_SCORE = 3;

const commonSet = new Set(COMMON_PASSWORDS);

let factory: ZxcvbnFactory | undefined;
/** Built on first use: loading the dictionaries takes ~70 ms the start-up need not pay. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...ptBrDictionary, 'common-pt-br': [...COMMON_PASSWORDS] },
    maxLength: STRENGTH_CHECKED_LENGTH,
    l33tMaxSubstitutions: 8,
  });
  return factory;
}

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The password without accents, capitals and the digits and symbols around it ("Senha@123" -> "senha"). */
function core(password: string): string {
  return plain(password)
    .replace(/^[^a-z]+/, '')
    .replace(/[^a-z]+$/, '');
}

function isCommon(password: string): boolean {
  return commonSet.has(plain(password)) || commonSet.has(core(password));
}

/** The pattern that weighs most in zxcvbn's best guess, named for a person. */
function reasonOf(matches: MatchExtended[]): PasswordStrengthReason {
  if (matches.some((m) => 'dictionaryName' in m && m.dictionaryName === 'userInputs')) {
    return 'personal';
  }
  const longest = [...matches].sort((a, b) => b.token.length - a.token.length)[0];
  switch (longest?.pattern) {
    case 'dictionary':
      return 'words';
    case 'sequence':
      return 'sequence';
    case 'repeat':
      return 'repeat';
    case 'spatial':
      return 'keyboard';
    case 'date':
      return 'date';
    default:
      return 'short';
  }
}

/**
 * Why a password that already passes the pattern is too easy to guess (pt-BR message), or null.
 * `personal` are the account's own words (names, the e-mail's local part): a password built from
 * them is refused too. Cost: one Set lookup over the whole text, zxcvbn over its first 48 characters.
 */
export function passwordStrengthProblem(password: string, personal: string[] = []): string | null {
  if (isCommon(password)) return passwordGuessableMessage('common');
  const inputs = personal
    .map((word) => plain(word).slice(0, STRENGTH_CHECKED_LENGTH))
    .filter(Boolean);
  const result = estimator().check(password.slice(0, STRENGTH_CHECKED_LENGTH), inputs);
  if (result.score >= MIN_SCORE) return null;
  return passwordGuessableMessage(reasonOf(result.sequence));
}
