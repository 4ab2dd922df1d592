import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Messages, STRONG_PASSWORD_PATTERN } from '@pv/contracts';
import { badRequest } from '@pv/service-kit/http';
import { passwordStrengthProblem } from './password-strength.js';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `Algorithm.Argon2id` is an ambient const
// enum (unusable under verbatimModuleSyntax); its value is 2.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows. Verifying against it when the email is unknown makes a failed
 * login take as long as a wrong password, so timing does not reveal which emails exist.
 */
export const makeDecoyHash = () => hashPassword(randomBytes(32).toString('hex'));

/** A temporary password that satisfies the strong policy (letters, digits and a symbol). */
export function temporaryPassword(): string {
  const letters = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const symbols = '!@#$%&*?';
  const pick = (set: string) => set[randomInt(set.length)];
  const body = Array.from({ length: 12 }, () => pick(letters + digits)).join('');
  return `${body}${pick(digits)}${pick(symbols)}${pick(letters)}`;
}

const STRONG_PASSWORD = new RegExp(STRONG_PASSWORD_PATTERN, 'u');

/**
 * Why a password is refused (pt-BR, for the person choosing it), or null when it is acceptable:
 * the one rule for sign-up, password changes, admin resets, accounts staff create and
 * ADMIN_PASSWORD. First the spec's pattern (its own message), then how guessable it is.
 * `personal`: the account's names and e-mail, which a password must not be built from.
 */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  if (!STRONG_PASSWORD.test(password)) return Messages.passwordPolicy;
  return passwordStrengthProblem(password, personal);
}

/** The account's own words a password is checked against: names and the e-mail's local part. */
export const personalWords = (who: {
  email?: string | null;
  names?: (string | null | undefined)[];
}) => [who.email?.split('@')[0], ...(who.names ?? [])].filter((word): word is string => !!word);

/** `passwordProblem` as the routes' 400 `WEAK_PASSWORD`. */
export function assertPasswordAcceptable(password: string, personal: string[] = []): void {
  const problem = passwordProblem(password, personal);
  if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
}
