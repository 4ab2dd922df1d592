/**
 * The offline formatter on dictation as clinicians speak it (issue 13): unlabelled cues, lower
 * case without punctuation, numbers as words, and the failures the issue names.
 */
import { NOT_INFORMED } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import { formatOffline } from '../../src/notes/index.js';
import { section, single } from './helpers.js';

const format = (
  text: string,
  professional: 'consulta_medica' | 'psiquiatria' = 'consulta_medica',
) => single(formatOffline({ text, professional }));

describe('the failures issue 13 names', () => {
  it("reads the patient from 'Paciente Roberto Almeida, 58 anos' (not 'Não informado')", () => {
    const note = format('Paciente Roberto Almeida, 58 anos, refere dor lombar há uma semana.');
    expect(note.patientData.name).toBe('Roberto Almeida');
    expect(note.patientData.age).toBe('58 anos');
  });

  it("takes the chief complaint from 'refere insônia há três meses'", () => {
    const note = format(
      'Paciente de 40 anos refere insônia há três meses, acorda várias vezes à noite. Nega uso de medicações.',
    );
    expect(note.chiefComplaint).toBe('Insônia há três meses.');
    expect(section(note, 'historyOfPresentIllness')).toBe('Acorda várias vezes à noite.');
    expect(section(note, 'pastHistory')).toBe('Nega uso de medicações.');
  });

  it('puts exam findings said without a label in the exam, not in the history', () => {
    const note = format(
      'Refere tosse há cinco dias. Nega febre. Bom estado geral, corado, hidratado. ' +
        'Ausculta pulmonar com sibilos esparsos. PA 120 por 80.',
    );
    expect(section(note, 'historyOfPresentIllness')).toBe('Nega febre.');
    expect(section(note, 'physicalExam')).toBe(
      'PA: 120x80 mmHg\nBom estado geral, corado, hidratado. Ausculta pulmonar com sibilos esparsos.',
    );
  });
});

describe('spoken forms', () => {
  it("reads 'dona lúcia setenta e um anos' and 'seu antônio' said in lower case", () => {
    expect(format('dona lúcia setenta e um anos com tontura').patientData).toEqual({
      name: 'Lúcia',
      age: '71 anos',
      gender: 'Feminino',
    });
    expect(format('seu antônio carlos de souza oitenta anos veio por tosse').patientData).toEqual({
      name: 'Antônio Carlos de Souza',
      age: '80 anos',
      gender: 'Masculino',
    });
  });

  it("reads a name said first with the age, and the sex from 'trazido pela mãe'", () => {
    const note = format(
      'pedro henrique seis anos trazido pela mãe com febre há dois dias e dor de garganta',
    );
    expect(note.patientData).toEqual({
      name: 'Pedro Henrique',
      age: '6 anos',
      gender: 'Masculino',
    });
    expect(note.chiefComplaint).toBe('Febre há dois dias e dor de garganta.');
  });

  it("'veio porque', 'penso em', 'vou prescrever' and 'vou pedir' start their sections unpunctuated", () => {
    const note = format(
      'paciente de trinta anos veio porque está com dor de garganta há três dias nega tosse ao exame ' +
        'orofaringe hiperemiada penso em faringite viral vou prescrever dipirona quinhentos miligramas ' +
        'de seis em seis horas se dor vou pedir hemograma',
    );
    expect(note.chiefComplaint).toBe('Está com dor de garganta há três dias.');
    expect(section(note, 'historyOfPresentIllness')).toBe('Nega tosse.');
    expect(section(note, 'physicalExam')).toBe('Orofaringe hiperemiada.');
    expect(section(note, 'diagnosticHypothesis')).toBe('Faringite viral.');
    expect(section(note, 'plan')).toBe(
      '- Dipirona 500 mg de seis em seis horas se dor\nHemograma.',
    );
  });

  it('reads vital signs said as words: pressão doze por oito, frequência oitenta e dois', () => {
    const note = format(
      'ao exame pressão doze por oito frequência oitenta e dois temperatura trinta e sete e meio ' +
        'saturação noventa e oito por cento peso setenta quilos',
    );
    expect(section(note, 'physicalExam')).toBe(
      'PA: 120x80 mmHg\nFC: 82 bpm\nTax: 37,5 °C\nSatO2: 98%\nPeso: 70 kg',
    );
  });

  it('reads a decimal said as words (trinta e seis vírgula oito)', () => {
    const note = format('Ao exame: temperatura trinta e seis vírgula oito.');
    expect(section(note, 'physicalExam')).toBe('Tax: 36,8 °C');
  });

  it('puts a diagnosis said after the exam in the hypothesis, without a label', () => {
    const note = format(
      'Ao exame: sinovite em punhos. Artrite reumatoide em atividade. Conduta: prednisona 5 mg ao dia.',
    );
    expect(section(note, 'physicalExam')).toBe('Sinovite em punhos.');
    expect(section(note, 'diagnosticHypothesis')).toBe('Artrite reumatoide em atividade.');
  });

  it('keeps a complaint the clinician labelled as subjective (S:) in the subjective', () => {
    const note = single(
      formatOffline({
        text: 'S: refere ardência ao urinar há 2 dias. A: cistite. P: fosfomicina 3 g dose única.',
        professional: 'medico_familia',
      }),
    );
    expect(section(note, 'reasonForEncounter')).toBe(NOT_INFORMED);
    expect(section(note, 'subjective')).toBe('Refere ardência ao urinar há 2 dias.');
  });

  it('drops the note title said first and the speaker labels of the realtime engine', () => {
    const note = single(
      formatOffline({
        text: 'Falante 1:\nanotação de enfermagem paciente calmo no leito\nFalante 2:\nsinais vitais pressão doze por oito',
        professional: 'tecnico_enfermagem',
      }),
    );
    expect(note.text).not.toContain('Falante');
    expect(section(note, 'generalState')).toBe('Paciente calmo no leito.');
    expect(section(note, 'vitalSigns')).toBe('PA: 120x80 mmHg');
  });
});
