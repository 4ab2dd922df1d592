import { fold } from '@pv/pt-text';
import { describe, expect, it } from 'vitest';
import { teaserOf, yearMonthOf } from '../src/anonymise/anonymise.js';
import { KeyedHasher } from '../src/anonymise/hashing.js';
import { regionFromTexts, ufOfCep } from '../src/anonymise/region.js';
import {
  findPatientNames,
  isValidCpf,
  scrubConsultTexts,
  scrubText,
} from '../src/anonymise/scrubber.js';
import { csvField, csvLine } from '../src/records/csv.js';
import { CORPUS } from './corpus.js';

const folded = (text: string) => fold(text);

describe('the pt-BR corpus', () => {
  it.each(CORPUS.map((c) => [c.title, c] as const))('%s', (_title, c) => {
    const out = scrubConsultTexts({ raw: c.raw, formatted: c.formatted, edited: c.edited ?? null });
    const all = [out.raw, out.formatted, out.edited].join('\n');
    for (const identifier of c.identifiers)
      expect(folded(all), `"${identifier}" survived`).not.toContain(folded(identifier));
    for (const tag of c.tags) expect(all).toContain(tag);
    for (const text of c.kept) expect(all).toContain(text);
  });
});

describe('each kind of identifier', () => {
  it.each([
    ['CPF com pontuação 529.982.247-25.', '[CPF]'],
    ['CPF 52998224725 informado.', '[CPF]'],
    ['documento 111.444.777-35', '[CPF]'],
    ['o cpf é 390 533 447 05', '[CPF]'],
    ['RG 12.345.678-9', '[RG]'],
    ['RG: MG-14.325.876', '[RG]'],
    ['identidade nº 4.567.890', '[RG]'],
    ['RG 23456789X', '[RG]'],
    ['CNS 898001234567890', '[CNS]'],
    ['cartão SUS 898 0012 3456 7890', '[CNS]'],
    ['telefone (11) 98765-4321', '[TELEFONE]'],
    ['celular 11987654321', '[TELEFONE]'],
    ['whatsapp +55 (21) 99876-5432', '[TELEFONE]'],
    ['fixo 3333-4444', '[TELEFONE]'],
    ['tel 987654321', '[TELEFONE]'],
    ['+5511987654321', '[TELEFONE]'],
    ['email ana.lima@clinica.com.br', '[EMAIL]'],
    ['e-mail ANA_LIMA+saude@Hotmail.COM', '[EMAIL]'],
    ['email ana lima arroba gmail ponto com', '[EMAIL]'],
    ['mora na Rua Augusta, 1500, apto 12', '[ENDERECO]'],
    ['Av. Paulista 1000', '[ENDERECO]'],
    ['avenida brasil nº 500 bloco 3', '[ENDERECO]'],
    ['Alameda Santos, 200', '[ENDERECO]'],
    ['Estrada do Campo Limpo, 77', '[ENDERECO]'],
    ['Travessa Sete de Setembro s/n', '[ENDERECO]'],
    ['Rodovia BR-116 km 30', '[ENDERECO]'],
    ['Praça da Liberdade, 10', '[ENDERECO]'],
    ['CEP 01310-100', '[CEP]'],
    ['cep 01310100', '[CEP]'],
    ['CEP 01.310-100', '[CEP]'],
    ['nascido em 03/04/1979', '[DATA_NASCIMENTO]'],
    ['DN: 3/4/79', '[DATA_NASCIMENTO]'],
    ['data de nascimento 1979-04-03', '[DATA_NASCIMENTO]'],
    ['nasceu em 12 de março de 1980', '[DATA_NASCIMENTO]'],
    ['nasc. 1972', '[DATA_NASCIMENTO]'],
    ['consulta anterior em 15/08/2024', '[DATA]'],
    ['prontuário 445566', '[DOCUMENTO]'],
    ['CNH 04512345678', '[DOCUMENTO]'],
  ])('%s -> %s', (text, tag) => {
    const scrubbed = scrubText(text);
    expect(scrubbed).toContain(tag);
    // No run of 4+ digits of the identifier is left.
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 8) expect(scrubbed.replace(/\D/g, '')).not.toContain(digits.slice(-4));
  });

  it('leaves clinical numbers alone: vitals, doses, durations, scores, ages', () => {
    const text =
      'PA 130x85 mmHg, FC 88 bpm, FR 18 irpm, SpO2 97%, Tax 36,8 °C, glicemia 145 mg/dL, ' +
      'HbA1c 7,2%, peso 82,5 kg, altura 1,75 m. Losartana 50 mg 12/12h, metformina 850 mg 2x ao dia. ' +
      'Dor 7/10 há 3 dias, 45 anos, G2P1A0, Glasgow 15, creatinina 1,1. Retorno em 30 dias.';
    expect(scrubText(text)).toBe(text);
  });

  it('does not take a street mention without a number for an address', () => {
    const text = 'Caiu na rua há 2 dias; anda na rua de casa sem dor.';
    expect(scrubText(text)).toBe(text);
  });
});

describe('patient names', () => {
  it("come from the note's patient line and labels, not from placeholders", () => {
    expect(findPatientNames('Paciente: Não informado | Idade: 30 anos')).toEqual([]);
    expect(findPatientNames('Nome: Ana Lima, idade 30 anos.')).toEqual(['Ana Lima']);
    expect(findPatientNames('Paciente refere dor. Paciente Apresenta febre.')).toEqual([]);
    expect(findPatientNames('Pessoa avaliada: Carlos Eduardo Nunes | Idade: 40')).toEqual([
      'Carlos Eduardo Nunes',
    ]);
    expect(findPatientNames('a paciente se chama Rita Cássia, 60 anos')).toEqual(['Rita Cássia']);
  });

  it('are replaced wherever they occur, whatever the accents and case', () => {
    const note = 'Paciente: José Antônio Araújo | Idade: 70 anos';
    const raw =
      'JOSE ANTONIO ARAUJO chegou com o filho. Seu Araujo refere tontura. josé dormiu mal.';
    const out = scrubConsultTexts({ note, raw });
    expect(out.raw).toBe(
      '[NOME] chegou com o filho. Seu [NOME] refere tontura. [NOME] dormiu mal.',
    );
    expect(out.note).toBe('Paciente: [NOME] | Idade: 70 anos');
  });

  it('does not touch words that merely contain a name', () => {
    const out = scrubText('Ana relata anamnese sem banana.', { names: ['Ana Souza'] });
    expect(out).toBe('[NOME] relata anamnese sem banana.');
  });
});

describe('CPF check digits', () => {
  it('accept real CPFs and refuse others', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });
});

describe('geo_region', () => {
  it('is the UF of a CEP, of a City/UF, of an "estado de" — or null', () => {
    expect(ufOfCep('01310-100')).toBe('SP');
    expect(ufOfCep('22021-001')).toBe('RJ');
    expect(ufOfCep('30140-071')).toBe('MG');
    expect(ufOfCep('70040-010')).toBe('DF');
    expect(ufOfCep('69900-000')).toBe('AC');
    expect(regionFromTexts('Reside em Campinas/SP.')).toBe('SP');
    expect(regionFromTexts('Recife - PE, bairro Boa Viagem')).toBe('PE');
    expect(regionFromTexts('mora no estado do Paraná')).toBe('PR');
    expect(regionFromTexts('cep 88015-200')).toBe('SC');
    expect(regionFromTexts('Dor torácica - PA 140x90 mmHg')).toBeNull();
    expect(regionFromTexts('Sem dados de localização.')).toBeNull();
  });
});

describe('teaser, month and hashes', () => {
  it('teaser: the scrubbed note on one line, at most ~200 characters, never a broken tag', () => {
    const long = `Consulta Médica\nPaciente: [NOME]\n\n${'Cefaleia intensa e persistente. '.repeat(5)}[NOME] relata [CPF] ${'x'.repeat(50)}`;
    const teaser = teaserOf(long);
    expect(teaser.length).toBeLessThanOrEqual(201);
    expect(teaser.endsWith('…')).toBe(true);
    expect(teaser).not.toContain('\n');
    expect(teaser).not.toMatch(/\[[A-Z_]*…$/);
    expect(teaserOf('Nota curta.')).toBe('Nota curta.');
  });

  it('month: YYYY-MM in America/Sao_Paulo', () => {
    expect(yearMonthOf(new Date('2026-11-01T02:59:59Z'))).toBe('2026-10');
    expect(yearMonthOf(new Date('2026-11-01T03:00:00Z'))).toBe('2026-11');
  });

  it('hashes: keyed, deterministic, per kind, never the value', () => {
    const hasher = new KeyedHasher('s'.repeat(32));
    const other = new KeyedHasher('t'.repeat(32));
    expect(hasher.patient('José da Silva')).toBe(hasher.patient('  JOSE DA   SILVA '));
    expect(hasher.patient('José da Silva')).not.toBe(other.patient('José da Silva'));
    expect(hasher.patient('Não')).not.toBe(hasher.ip('Não'));
    expect(hasher.ip('::ffff:10.0.0.1')).toBe(hasher.ip('10.0.0.1'));
    expect(hasher.patient(null)).toBeNull();
    expect(hasher.professional(null)).toBeNull();
    expect(hasher.ip('10.0.0.1')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('CSV fields (RFC 4180)', () => {
  it('quotes commas, quotes and line breaks, doubles quotes, ends lines in CRLF', () => {
    expect(csvField('simples')).toBe('simples');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('ele disse "não"')).toBe('"ele disse ""não"""');
    expect(csvField('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvLine(['a', null, 'b'])).toBe('a,,b\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+55')).toBe("'+55");
  });
});
