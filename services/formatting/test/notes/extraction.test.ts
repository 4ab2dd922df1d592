import { fold, parsePtNumber } from '@pv/pt-text';
import { describe, expect, it } from 'vitest';
import {
  extractPatientData,
  findMedications,
  findVitals,
  formatVitals,
} from '../../src/notes/index.js';
import { splitSentences } from '../../src/notes/reading/text.js';

const vitals = (text: string) => formatVitals(findVitals(fold(text)));
const medications = (text: string) => findMedications(text, fold(text)).map((m) => m.line);

describe('pt-BR numbers', () => {
  it.each([
    ['um', 1],
    ['dezesseis', 16],
    ['quarenta e cinco', 45],
    ['noventa e nove', 99],
    ['cem', 100],
    ['cento e dois', 102],
    ['cento e quinze', 115],
    ['cento e vinte', 120],
    ['duzentos e trinta e quatro', 234],
  ])('%s = %i', (words, value) => {
    expect(parsePtNumber(words)).toBe(value);
  });

  it('rejects words that do not form a number', () => {
    expect(parsePtNumber('cinco e quarenta')).toBeNull();
    expect(parsePtNumber('vinte e dez')).toBeNull();
    expect(parsePtNumber('quarenta e bolo')).toBeNull();
  });
});

describe('patient data', () => {
  it.each([
    ['Paciente João da Silva, 45 anos, sexo masculino.', 'João da Silva', '45 anos', 'Masculino'],
    [
      'nome: maria das dores lima, idade 67, feminino',
      'Maria das Dores Lima',
      '67 anos',
      'Feminino',
    ],
    [
      'A Sra. Maria Souza, setenta e dois anos, refere tontura.',
      'Maria Souza',
      '72 anos',
      'Feminino',
    ],
    ['Seu Antônio Lopes, cento e dois anos de idade.', 'Antônio Lopes', '102 anos', 'Masculino'],
    ['Lactente de 8 meses de idade, menina.', null, '8 meses', 'Feminino'],
    ['Criança de 2 anos e 3 meses, menino.', null, '2 anos e 3 meses', 'Masculino'],
    ['Mulher de quarenta anos com dor pélvica.', null, '40 anos', 'Feminino'],
    ['O paciente refere dor.', null, null, 'Masculino'],
    ['A paciente refere dor.', null, null, 'Feminino'],
    ['Refere dor.', null, null, null],
  ])('%s', (text, name, age, gender) => {
    expect(extractPatientData(text)).toEqual({ name, age, gender });
  });

  it('does not take a duration or a past age for the age', () => {
    expect(extractPatientData('Fuma há 20 anos, diabético desde os 30 anos.').age).toBeNull();
    expect(extractPatientData('Hipertenso há dez anos. Paciente de 58 anos.').age).toBe('58 anos');
    expect(extractPatientData('Trabalha há 12 anos na empresa, tem 39 anos.').age).toBe('39 anos');
    expect(extractPatientData('Dor lombar de 2 anos de evolução.').age).toBeNull();
  });

  it('does not take a verb for a name', () => {
    expect(extractPatientData('Paciente Refere dor. Paciente Ana Lima retorna.').name).toBe(
      'Ana Lima',
    );
    expect(extractPatientData('Paciente: joão pedro alves refere febre').name).toBe(
      'João Pedro Alves',
    );
  });
});

describe('vital signs', () => {
  it('normalises pressure said in cmHg or mmHg, with x, por or /', () => {
    expect(vitals('PA 12x8')).toEqual(['PA: 120x80 mmHg']);
    expect(vitals('pressão 13 por 9')).toEqual(['PA: 130x90 mmHg']);
    expect(vitals('P.A. 145/95 mmHg')).toEqual(['PA: 145x95 mmHg']);
  });

  it('lists repeated measurements on one line, in order', () => {
    expect(vitals('PA 150x100 às 8 horas, PA 130x85 às 10 horas, FC 90')).toEqual([
      'PA: 150x100 mmHg; 130x85 mmHg',
      'FC: 90 bpm',
    ]);
  });

  it('rejects implausible values', () => {
    expect(vitals('PA 8x12, FC 5, temperatura 25, saturação 120')).toEqual([]);
  });

  it('reads the oxygen saturation in room air and the blood glucose kinds', () => {
    expect(vitals('SpO2 93% em ar ambiente, glicemia de jejum 126, dextro 88')).toEqual([
      'SatO2: 93% em ar ambiente',
      'Glicemia capilar: 88 mg/dL',
      'Glicemia de jejum: 126 mg/dL',
    ]);
  });

  it('computes the IMC and replaces a dictated one', () => {
    expect(vitals('IMC 40, peso 70 kg, estatura 175 cm')).toEqual([
      'Peso: 70 kg',
      'Altura: 1,75 m',
      'IMC: 22,9 kg/m²',
    ]);
    expect(vitals('IMC de 31,5')).toEqual(['IMC: 31,5 kg/m²']);
  });
});

describe('medications', () => {
  it('takes the name, the dose and the regimen clauses, one item per medication', () => {
    expect(
      medications(
        'Prescrevo dipirona 500mg de 6 em 6 horas por 3 dias, omeprazol 20 miligramas em jejum e repouso.',
      ),
    ).toEqual(['Dipirona 500 mg de 6 em 6 horas por 3 dias', 'Omeprazol 20 mg em jejum']);
  });

  it('handles two-word names, a dose before the name and kept verbs', () => {
    expect(medications('amoxicilina com clavulanato 875 mg de 12/12h por 7 dias')).toEqual([
      'Amoxicilina com clavulanato 875 mg de 12/12h por 7 dias',
    ]);
    expect(medications('Feito 2 g de cefazolina endovenosa na indução.')).toEqual([
      '2 g de cefazolina endovenosa',
    ]);
    expect(
      medications('Manter losartana 50 mg 1 comprimido pela manhã, retornar em 30 dias'),
    ).toEqual(['Manter losartana 50 mg 1 comprimido pela manhã']);
  });

  it('finds nothing without a dose', () => {
    expect(medications('Oriento hidratação e repouso por 3 dias.')).toEqual([]);
  });
});

describe('sentences', () => {
  it('does not split at abbreviations or decimals', () => {
    const text = 'A Sra. Ana tem Tax 36.8 hoje. Dr. Luiz avaliou; sem alterações.\nNova linha';
    const spans = splitSentences(text, fold(text)).map((s) => text.slice(s.start, s.end));
    expect(spans).toEqual([
      'A Sra. Ana tem Tax 36.8 hoje.',
      'Dr. Luiz avaliou;',
      'sem alterações.',
      'Nova linha',
    ]);
  });
});
