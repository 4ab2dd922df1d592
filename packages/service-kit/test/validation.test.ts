import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compileValidator, describeValidationErrors } from '../src/validation.js';

const Schema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 5 }),
  age: Type.Optional(Type.Integer({ minimum: 0 })),
  kind: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
  email: Type.Optional(Type.String({ format: 'email' })),
  secret: Type.Optional(Type.String({ minLength: 8, errorMessage: 'Senha fraca.' })),
  nested: Type.Optional(Type.Object({ code: Type.String({ pattern: '^[0-9]+$' }) })),
});

function messagesFor(value: unknown, part = 'body') {
  const validate = compileValidator(Schema, part);
  validate(value);
  return describeValidationErrors(validate.errors ?? [], part).map((d) => d.message);
}

describe('pt-BR validation messages', () => {
  it.each([
    [{}, 'O campo "name" é obrigatório.'],
    [{ name: '' }, 'O campo "name" não pode ficar vazio.'],
    [{ name: 'abcdef' }, 'O campo "name" deve ter no máximo 5 caracteres.'],
    [{ name: 'a', age: -1 }, 'O campo "age" deve ser maior ou igual a 0.'],
    [{ name: 'a', age: '3' }, 'O campo "age" deve ser um número inteiro.'],
    [{ name: 'a', kind: 'c' }, 'O campo "kind" deve ser um destes valores: a, b.'],
    [{ name: 'a', email: 'x@' }, 'O campo "email" deve ser um email válido.'],
    [{ name: 'a', secret: 'curta' }, 'Senha fraca.'],
    [{ name: 'a', nested: { code: 'x1' } }, 'O campo "nested.code" está em um formato inválido.'],
  ])('%j -> %s', (value, message) => {
    expect(messagesFor(value)).toContain(message);
  });

  it('does not coerce bodies but does coerce query strings', () => {
    expect(messagesFor({ name: 'a', age: '3' }, 'body')).toHaveLength(1);
    expect(messagesFor({ name: 'a', age: '3' }, 'querystring')).toHaveLength(0);
  });

  it('calls query and path fields parameters', () => {
    expect(messagesFor({ name: 'a', age: 'x' }, 'querystring')).toContain(
      'O parâmetro "age" deve ser um número inteiro.',
    );
  });
});
