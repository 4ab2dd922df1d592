import { NOT_INFORMED } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkPatientIsolation,
  formatOffline,
  normalisePatientMarkers,
  splitPatients,
} from '../../src/notes/index.js';
import {
  MULTI_PATIENT_FIRST_UNMARKED,
  MULTI_PATIENT_INTERLEAVED,
  MULTI_PATIENT_NURSING,
  MULTI_PATIENT_ROUNDS,
} from './corpus.js';
import { section } from './helpers.js';

const multi = (
  text: string,
  professional: 'consulta_medica' | 'tecnico_enfermagem' = 'consulta_medica',
) => formatOffline({ text, professional, multiplePatients: true });

describe('splitting patients at the markers', () => {
  it('keeps the markers numbers when nothing was said before the first marker', () => {
    const split = splitPatients(MULTI_PATIENT_ROUNDS);
    expect(split.patients.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(split.patients[1]?.text.startsWith('Paciente Severino Lopes, oitenta e um anos.')).toBe(
      true,
    );
  });

  it("makes the text before the first marker patient 1 and shifts a workspace '[Paciente 1]' to 2", () => {
    const split = splitPatients(MULTI_PATIENT_FIRST_UNMARKED);
    expect(split.patients.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(split.patients[0]?.text.startsWith('Dona Lúcia Prado, 71 anos')).toBe(true);
    expect(split.patients[1]?.text.startsWith('Paciente Roberto Almeida')).toBe(true);
    expect(split.patients[2]?.text.startsWith('Paciente Carla Mendes')).toBe(true);
  });

  it('keeps markers that already count the first patient (starting at 2)', () => {
    const split = splitPatients(
      'Paciente Ana. [Paciente 2] Paciente Bia. [Paciente 3] Paciente Caio.',
    );
    expect(split.patients.map((p) => [p.number, p.text])).toEqual([
      [1, 'Paciente Ana.'],
      [2, 'Paciente Bia.'],
      [3, 'Paciente Caio.'],
    ]);
  });

  it('gives a model one marker per patient, renumbered by the same rule', () => {
    const { text, patients } = normalisePatientMarkers(MULTI_PATIENT_FIRST_UNMARKED);
    expect(patients).toBe(3);
    expect(text.startsWith('[Paciente 1]\nDona Lúcia Prado')).toBe(true);
    expect(text).toContain('[Paciente 2]\nPaciente Roberto Almeida');
    expect(text).toContain('[Paciente 3]\nPaciente Carla Mendes');
    expect(normalisePatientMarkers('Sem marcadores.')).toEqual({
      text: 'Sem marcadores.',
      patients: 0,
    });
  });
});

describe('one note per patient, nothing shared', () => {
  it('formats the patient dictated before the first marker as patient 1, isolated from the others', () => {
    const result = multi(MULTI_PATIENT_FIRST_UNMARKED);
    const patients = result.patients ?? [];
    expect(patients.map((p) => p.patientData.name)).toEqual([
      'Lúcia Prado',
      'Roberto Almeida',
      'Carla Mendes',
    ]);
    const own = [
      ['betaistina', 'nistagmo', 'vertigem posicional'],
      ['AAS 100 mg', 'sopro sistólico', 'angina estável', '150x90'],
      ['fosfomicina', 'suprapúbica', 'cistite aguda'],
    ];
    patients.forEach((note, i) => {
      const text = note.text.toLowerCase();
      for (const [j, facts] of own.entries()) {
        for (const fact of facts) {
          if (j === i) expect(text).toContain(fact.toLowerCase());
          else expect(text).not.toContain(fact.toLowerCase());
        }
      }
    });
    expect(section(patients[0] as never, 'plan')).toBe('- Betaistina 16 mg de 8 em 8 horas');
    expect(section(patients[1] as never, 'chiefComplaint')).toBe(
      'Dor precordial aos esforços há duas semanas.',
    );
    // The summary lists every patient by name, in order.
    const lines = (result.summary ?? '').split('\n');
    expect(lines[0]).toBe('3 pacientes atendidos.');
    expect(
      lines[1]?.startsWith(
        'Paciente 1: Lúcia Prado — Queixa principal: Tontura rotatória há três dias',
      ),
    ).toBe(true);
    expect(lines[2]?.startsWith('Paciente 2: Roberto Almeida')).toBe(true);
    expect(lines[3]?.startsWith('Paciente 3: Carla Mendes')).toBe(true);
    // The offline result passes the check a model's answer must pass.
    const split = splitPatients(MULTI_PATIENT_FIRST_UNMARKED).patients;
    expect(checkPatientIsolation(result, split)).toEqual({
      ok: true,
      expectedPatients: 3,
      actualPatients: 3,
      leaks: [],
    });
  });

  it('formats one note per patient, in marker order, with a summary', () => {
    const result = multi(MULTI_PATIENT_ROUNDS);
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
    expect(section(third, 'diagnosticHypothesis')).toBe('Cólica renal.');
    for (const patient of patients) expect(section(patient, 'observations')).toBe(NOT_INFORMED);
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
    const patients = multi(MULTI_PATIENT_INTERLEAVED).patients ?? [];
    expect(patients.map((p) => p.patientData.name)).toEqual(['Clara Neves', 'Bruno Dias']);
    expect(patients[1]?.chiefComplaint).toBe('Tosse seca.');
    expect(patients[1]?.diagnosticHypothesis).toBe('Resfriado comum.');
    expect(patients[0]?.diagnosticHypothesis).toBe(NOT_INFORMED);
  });

  it('works with the nursing notes', () => {
    const [irene, osvaldo] = multi(MULTI_PATIENT_NURSING, 'tecnico_enfermagem').patients ?? [];
    if (!irene || !osvaldo) throw new Error('two patients expected');
    expect(section(irene, 'vitalSigns')).toBe('PA: 110x70 mmHg\nFC: 84 bpm');
    expect(section(irene, 'incidents')).toBe('Sem intercorrências.');
    expect(section(osvaldo, 'vitalSigns')).toBe(
      'PA: 150x95 mmHg\nFC: 102 bpm\nGlicemia capilar: 250 mg/dL',
    );
    expect(section(osvaldo, 'incidents')).toBe(
      'Apresentou agitação às 2 horas, comunicado ao médico plantonista.',
    );
  });

  it('does not give the additional context as everyone’s name when there are several patients', () => {
    const result = formatOffline({
      text: 'Queixa principal: febre. [Paciente 2] Queixa principal: tosse.',
      professional: 'consulta_medica',
      multiplePatients: true,
      additionalContext: 'Paciente Helena Duarte, 33 anos.',
    });
    expect(result.patients?.map((p) => p.patientData.name)).toEqual([NOT_INFORMED, NOT_INFORMED]);
    for (const p of result.patients ?? []) {
      expect(p.observations).toBe('Contexto adicional: Paciente Helena Duarte, 33 anos.');
    }
  });

  it('without markers, returns a single patient in `patients`', () => {
    const result = multi('Paciente Rui Barros, 50 anos. Queixa principal: tontura.');
    expect(result.patients).toHaveLength(1);
    expect(result.patients?.[0]?.patientData.name).toBe('Rui Barros');
    expect(result.summary).toBe(
      '1 paciente atendido.\nPaciente 1: Rui Barros — Queixa principal: Tontura. — Hipótese ' +
        'diagnóstica: Não informado',
    );
    expect(result.text.startsWith('PACIENTE 1\n')).toBe(true);
  });

  it('skips a marker with nothing dictated after it', () => {
    const result = multi('[Paciente 1] Queixa principal: febre. [Paciente 2]   ');
    expect(result.patients).toHaveLength(1);
    expect(result.patients?.[0]?.chiefComplaint).toBe('Febre.');
  });
});

describe('checkPatientIsolation (a model’s multi-patient answer)', () => {
  const segments = splitPatients(MULTI_PATIENT_FIRST_UNMARKED).patients;
  const good = multi(MULTI_PATIENT_FIRST_UNMARKED);

  it('reports a patient whose facts were copied into another note', () => {
    const [a, b, c] = good.patients ?? [];
    if (!a || !b || !c) throw new Error('three patients expected');
    const leaked = {
      ...b,
      sections: b.sections.map((s) =>
        s.key === 'plan'
          ? { ...s, content: `${s.content}\n- Betaistina 16 mg de 8 em 8 horas` }
          : s,
      ),
    };
    const report = checkPatientIsolation({ patients: [a, leaked, c] }, segments);
    expect(report.ok).toBe(false);
    expect(report.leaks).toHaveLength(1);
    expect(report.leaks[0]).toMatchObject({ from: 1, into: 2 });
    expect(report.leaks[0]?.evidence).toContain('betaistina 16 mg');
  });

  it('reports a wrong number of notes (a patient dropped or merged)', () => {
    const [a, b] = good.patients ?? [];
    if (!a || !b) throw new Error('patients expected');
    const report = checkPatientIsolation({ patients: [a, b] }, segments);
    expect(report).toMatchObject({ ok: false, expectedPatients: 3, actualPatients: 2, leaks: [] });
  });
});
