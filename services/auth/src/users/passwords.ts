import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Messages, STRONG_PASSWORD_PATTERN } from '@pv/contracts';

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
 * the one rule for sign-up, password changes, admin resets and ADMIN_PASSWORD.
 */
export function passwordProblem(password: string): string | null {
  if (!STRONG_PASSWORD.test(password)) return Messages.passwordPolicy;
  return null;
}
