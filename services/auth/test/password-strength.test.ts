import { describe, expect, it } from 'vitest';
import { passwordStrengthProblem } from '../src/users/password-strength.js';
import { passwordProblem } from '../src/users/passwords.js';

const RULE =
  'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos, sem palavras, nomes ou sequências comuns.';

describe('password strength (zxcvbn-ts pt-BR and the shipped common list)', () => {
  it.each([
    ['Senha@123'],
    ['Flamengo@2024'],
    ['#Corinthians1'],
    ['Mudar@123'],
    ['Qwerty!2024'],
    ['Médico@2025'],
  ])('refuses %s as one of the most used passwords', (password) => {
    expect(passwordStrengthProblem(password)).toBe(
      `Senha fácil de adivinhar: está entre as senhas mais usadas. ${RULE}`,
    );
  });

  it('names why zxcvbn finds a password guessable', () => {
    // A l33t spelling of a common word with a year: past the list, caught by the dictionary.
    expect(passwordStrengthProblem('S3nh@2024!')).toBe(
      `Senha fácil de adivinhar: é formada por palavras ou nomes comuns. ${RULE}`,
    );
    expect(passwordStrengthProblem('aaaaaaaa1!')).toBe(
      `Senha fácil de adivinhar: repete caracteres ou trechos. ${RULE}`,
    );
  });

  it('refuses a password built from the account’s own name', () => {
    expect(passwordStrengthProblem('Souza!2024', ['Ana', 'Souza'])).toBe(
      `Senha fácil de adivinhar: contém seu nome ou seu e-mail. ${RULE}`,
    );
  });

  it('accepts passwords that are hard to guess', () => {
    for (const password of [
      'Segredo-forte-1',
      'Nova!senha9',
      'Xk9#mP2qLw',
      'tres palavras 7 soltas!',
    ]) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });

  it('keeps the spec’s message for a password off the pattern', () => {
    expect(passwordProblem('abcdefgh')).toBe(
      'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
    );
  });

  it('bounds the cost of a hostile 10 kB password (zxcvbn sees its first 48 characters)', () => {
    passwordProblem('aquecimento-1!');
    for (const unit of ['a1!', 'x9#Lq', 'Xk9#mP2qLw7$', '1!']) {
      const hostile = unit.repeat(Math.ceil(10_000 / unit.length)).slice(0, 10_000);
      const started = performance.now();
      passwordProblem(hostile);
      // ~0.1 s on a loaded machine; unbounded, 10 kB of these takes minutes.
      expect(performance.now() - started, unit).toBeLessThan(3_000);
    }
  });
});
