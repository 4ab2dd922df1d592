import { NOT_INFORMED } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import { formatOffline, splitPatients } from '../../src/notes/index.js';
import {
  MULTI_PATIENT_INTERLEAVED,
  MULTI_PATIENT_NURSING,
  MULTI_PATIENT_ROUNDS,
} from './corpus.js';
import { section } from './helpers.js';

describe('multiple patients', () => {
  it('splits at the markers; the text before the first marker is shared context', () => {
    const split = splitPatients(MULTI_PATIENT_ROUNDS);
    expect(split.shared).toBe(
      'Visita da manhã na enfermaria de clínica médica, plantão do dia 12.',
    );
    expect(split.patients.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(split.patients[1]?.text.startsWith('Paciente Severino Lopes, oitenta e um anos.')).toBe(
      true,
    );
  });

  it('formats one note per patient, in marker order, with the shared context and a summary', () => {
    const result = formatOffline({
      text: MULTI_PATIENT_ROUNDS,
      professional: 'consulta_medica',
      multiplePatients: true,
    });
    expect(result.formatted).toBeUndefined();
    const patients = result.patients ?? [];
    expect(patients.map((p) => p.patientData.name)).toEqual([
      'Joana Prado',
      'Severino Lopes',
      'Otávio Reis',
    ]);
    expect(patients.map((p) => p.patientData.age)).toEqual(['72 anos', '81 anos', '45 anos']);
    const [first, second, third] = patients;
    if (!first || !second || !third) throw new Error('three patients expected');
    expect(section(first, 'physicalExam')).toBe('FR: 24 irpm\nSatO2: 91%');
    expect(section(first, 'plan')).toBe('- Furosemida 40 mg endovenosa de 12 em 12 horas');
    expect(section(second, 'physicalExam')).toBe('PA: 100x60 mmHg\nTax: 38,4 °C');
    expect(section(second, 'plan')).toBe('- Ceftriaxona 1 g endovenosa uma vez ao dia');
    expect(section(third, 'physicalExam')).toBe(NOT_INFORMED);
    // Nothing of one patient leaks into another.
    expect(section(third, 'diagnosticHypothesis')).toBe('Cólica renal.');
    for (const patient of patients) {
      expect(section(patient, 'observations')).toBe(
        'Contexto do atendimento: Visita da manhã na enfermaria de clínica médica, plantão do dia 12.',
      );
    }
    expect(result.summary).toBe(
      [
        '3 pacientes atendidos.',
        'Paciente 1: Joana Prado — Queixa principal: Falta de ar. — Hipótese diagnóstica: ' +
          'Insuficiência cardíaca descompensada.',
        'Paciente 2: Severino Lopes — Queixa principal: Confusão mental desde ontem. — Hipótese ' +
          'diagnóstica: Infecção do trato urinário com delirium.',
        'Paciente 3: Otávio Reis — Queixa principal: Dor abdominal em cólica. — Hipótese ' +
          'diagnóstica: Cólica renal.',
      ].join('\n'),
    );
    const text = result.text;
    expect(
      text.startsWith('PACIENTE 1\nConsulta Médica\nPaciente: Joana Prado | Idade: 72 anos'),
    ).toBe(true);
    expect(text.indexOf('PACIENTE 1')).toBeLessThan(text.indexOf('PACIENTE 2'));
    expect(text.indexOf('PACIENTE 2')).toBeLessThan(text.indexOf('PACIENTE 3'));
    expect(text.endsWith(`RESUMO DO ATENDIMENTO\n${result.summary}`)).toBe(true);
  });

  it('gathers a patient dictated in two parts and orders patients by their number', () => {
    const result = formatOffline({
      text: MULTI_PATIENT_INTERLEAVED,
      professional: 'consulta_medica',
      multiplePatients: true,
    });
    const patients = result.patients ?? [];
    expect(patients.map((p) => p.patientData.name)).toEqual(['Clara Neves', 'Bruno Dias']);
    expect(patients[1]?.chiefComplaint).toBe('Tosse seca.');
    expect(patients[1]?.diagnosticHypothesis).toBe('Resfriado comum.');
    expect(patients[0]?.diagnosticHypothesis).toBe(NOT_INFORMED);
    expect(result.summary?.split('\n')[0]).toBe('2 pacientes atendidos.');
  });

  it('works with the nursing notes', () => {
    const result = formatOffline({
      text: MULTI_PATIENT_NURSING,
      professional: 'tecnico_enfermagem',
      multiplePatients: true,
    });
    const [irene, osvaldo] = result.patients ?? [];
    if (!irene || !osvaldo) throw new Error('two patients expected');
    expect(section(irene, 'vitalSigns')).toBe('PA: 110x70 mmHg\nFC: 84 bpm');
    expect(section(irene, 'incidents')).toBe('Sem intercorrências.');
    expect(section(osvaldo, 'vitalSigns')).toBe(
      'PA: 150x95 mmHg\nFC: 102 bpm\nGlicemia capilar: 250 mg/dL',
    );
    expect(section(osvaldo, 'incidents')).toBe(
      'Apresentou agitação às 2 horas, comunicado ao médico plantonista.',
    );
    expect(section(osvaldo, 'observations')).toBe(
      'Contexto do atendimento: Passagem de plantão noturno, ala B.',
    );
  });

  it('without markers, returns a single patient in `patients`', () => {
    const result = formatOffline({
      text: 'Paciente Rui Barros, 50 anos. Queixa principal: tontura.',
      professional: 'consulta_medica',
      multiplePatients: true,
    });
    expect(result.patients).toHaveLength(1);
    expect(result.patients?.[0]?.patientData.name).toBe('Rui Barros');
    expect(result.summary).toBe(
      '1 paciente atendido.\nPaciente 1: Rui Barros — Queixa principal: Tontura. — Hipótese ' +
        'diagnóstica: Não informado',
    );
    expect(result.text.startsWith('PACIENTE 1\n')).toBe(true);
  });

  it('skips a marker with nothing dictated after it', () => {
    const result = formatOffline({
      text: '[Paciente 1] Queixa principal: febre. [Paciente 2]   ',
      professional: 'consulta_medica',
      multiplePatients: true,
    });
    expect(result.patients).toHaveLength(1);
    expect(result.patients?.[0]?.chiefComplaint).toBe('Febre.');
  });
});
