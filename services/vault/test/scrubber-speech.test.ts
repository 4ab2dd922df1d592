import { describe, expect, it } from 'vitest';
import { findPatientNames, scrubConsultTexts, scrubText } from '../src/anonymise/scrubber.js';

describe('identifiers as a speech engine writes them (the security read of issue 15)', () => {
  it('removes a lower-case patient name with no label, a titled doctor, a spoken CPF and phone', () => {
    const raw =
      'joana aparecida ferreira quarenta e dois anos refere dor lombar encaminhada pelo dr. ' +
      'roberto figueira cpf cinco dois nove nove oito dois dois quatro sete dois cinco telefone ' +
      'onze nove oito sete seis cinco quatro três dois um';
    const out = scrubText(raw);
    expect(out).toBe(
      '[NOME] quarenta e dois anos refere dor lombar encaminhada pelo dr. [NOME] cpf [CPF] ' +
        'telefone [TELEFONE]',
    );
  });

  it.each([
    ['Dr. Roberto Figueira', 'Dr. [NOME]'],
    ['Dra. Patrícia Lemos', 'Dra. [NOME]'],
    ['doutor roberto figueira', 'doutor [NOME]'],
    ['doutora sílvia', 'doutora [NOME]'],
    ['Sr. Nelson', 'Sr. [NOME]'],
    ['Sra. Beatriz Monteiro', 'Sra. [NOME]'],
    ['dona zulmira', 'dona [NOME]'],
    ['seu zé', 'seu [NOME]'],
    ['a mãe Joana', 'a mãe [NOME]'],
    ['filho dele o pedro', 'filho dele o [NOME]'],
    ['esposa maria', 'esposa [NOME]'],
    ['a irmã conceição', 'a irmã [NOME]'],
    ['mãe edileuza relata', 'mãe [NOME] relata'],
  ])('titles and kinship: %s -> %s', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it.each([
    ['cpf três nove zero ponto cinco três três ponto quatro quatro sete traço zero cinco', '[CPF]'],
    ['o celular é noventa e oito sete seis cinco quarenta e três vinte e um', '[TELEFONE]'],
    [
      'cartão do sus sete zero zero cinco zero nove um oito três seis dois quatro cinco três oito',
      '[CNS]',
    ],
    ['rg um dois três quatro cinco seis sete oito nove', '[RG]'],
    ['cep zero um três um zero um zero zero', '[CEP]'],
    ['nascida em doze de março de mil novecentos e oitenta', '[DATA_NASCIMENTO]'],
    ['data de nascimento vinte e cinco do doze de cinquenta e dois', '[DATA_NASCIMENTO]'],
    ['nasceu em mil novecentos e setenta e dois', '[DATA_NASCIMENTO]'],
    ['consulta em quinze de agosto de dois mil e vinte e quatro', '[DATA]'],
    ['mora na rua das flores número cento e vinte', '[ENDERECO]'],
    ['avenida brasil mil e quinhentos apartamento trinta e dois', '[ENDERECO]'],
    ['o email é carlos ponto menezes arroba gmail ponto com', '[EMAIL]'],
    ['prontuário quatro cinco seis sete oito nove', '[DOCUMENTO]'],
  ])('numbers and addresses said aloud: %s', (text, tag) => {
    const out = scrubText(text);
    expect(out).toContain(tag);
    // Nothing of the number words that carried the identifier is left.
    expect(out).not.toMatch(/\b(?:zero|cinco|nove|oito|sete|quinhentos|cento|vinte|mil|doze)\b/);
  });

  it('keeps eponyms, drugs, anatomy and ordinary words that are also names', () => {
    const text =
      'doença de parkinson, doença de wilson, síndrome de down, doença de chagas, tireoidite de ' +
      'hashimoto, doença de crohn, alzheimer, sinal de murphy, escala de glasgow, uso de yasmin, ' +
      'diane 35, pronto socorro, dores nas costas, lesão rosa, fotofobia à luz, urina clara, ' +
      'pneumonia em lobo inferior, sangramento franco, leite materno, há três dias, cidade de São Paulo';
    expect(scrubText(text)).toBe(text);
  });

  it('takes ordinary-word names when context marks a person', () => {
    expect(scrubText('a mãe rosa refere')).toBe('a mãe [NOME] refere');
    expect(scrubText('glória refere tontura')).toBe('[NOME] refere tontura');
    expect(scrubText('a filha maria das dores relata que a mãe tem dores')).toBe(
      'a filha [NOME] relata que a mãe tem dores',
    );
    expect(scrubText('O Sr. Chagas tem doença de Chagas')).toBe(
      'O Sr. [NOME] tem doença de Chagas',
    );
  });

  it('finds a name said once with context wherever else it is said in the consultation', () => {
    const out = scrubConsultTexts({
      raw: 'a cuidadora rosa informa quedas. rosa também diz que ele não dorme',
      formatted: 'Paciente: Otacílio Ramos | Idade: 84 anos\nCuidadora (Rosa) relata quedas.',
    });
    expect(out.raw).toBe('a cuidadora [NOME] informa quedas. [NOME] também diz que ele não dorme');
    expect(out.formatted).toBe(
      'Paciente: [NOME] | Idade: 84 anos\nCuidadora ([NOME]) relata quedas.',
    );
    expect(out.names).toEqual(['Otacílio Ramos']);
  });

  it('the patient names come from labels and introductions, spoken ones included', () => {
    expect(findPatientNames('paciente joana silva quarenta anos')).toEqual(['joana silva']);
    expect(findPatientNames('nome do paciente é joão pedro albuquerque, cpf')).toEqual([
      'joão pedro albuquerque',
    ]);
    expect(findPatientNames('a mãe Joana informa')).toEqual([]);
  });
});
