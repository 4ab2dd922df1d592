import { NOT_INFORMED } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildNote,
  type NoteWithoutText,
  renderMultiPatient,
  renderNote,
  SPECIALTY_PROFILES,
} from '../../src/notes/index.js';

const note: NoteWithoutText = {
  title: 'Evolução de Enfermagem',
  professional: 'enfermeira',
  patientData: { name: 'Ana Souza', age: '61 anos', gender: '' },
  chiefComplaint: NOT_INFORMED,
  historyOfPresentIllness: NOT_INFORMED,
  physicalExam: NOT_INFORMED,
  diagnosticHypothesis: NOT_INFORMED,
  treatment: NOT_INFORMED,
  observations: NOT_INFORMED,
  sections: [
    { key: 'assessment', heading: 'Avaliação de Enfermagem', content: 'PA: 120x80 mmHg\nLúcida.' },
    { key: 'evaluation', heading: 'Evolução', content: '  ' },
  ],
};

describe('render', () => {
  it('renders the title, the patient line and each section under its upper-case heading', () => {
    expect(renderNote(note)).toBe(
      [
        'Evolução de Enfermagem',
        'Paciente: Ana Souza | Idade: 61 anos | Sexo: Não informado',
        '',
        'AVALIAÇÃO DE ENFERMAGEM',
        'PA: 120x80 mmHg',
        'Lúcida.',
        '',
        'EVOLUÇÃO',
        'Não informado',
      ].join('\n'),
    );
  });

  it('renders several patients in blocks followed by the summary', () => {
    const other = {
      ...note,
      patientData: { name: 'Rui Lima', age: '70 anos', gender: 'Masculino' },
    };
    const text = renderMultiPatient([note, other], '2 pacientes atendidos.');
    expect(text).toBe(
      [
        'PACIENTE 1',
        renderNote(note),
        '',
        'PACIENTE 2',
        renderNote(other),
        '',
        'RESUMO DO ATENDIMENTO',
        '2 pacientes atendidos.',
      ].join('\n'),
    );
  });

  it('builds a note from section contents: headings from the profile, common fields mapped', () => {
    const built = buildNote(
      SPECIALTY_PROFILES.psicoterapia,
      { name: 'Marta Reis', age: null },
      new Map([
        ['demand', 'Avaliar capacidade parental.'],
        ['procedures', 'Duas entrevistas.'],
        ['analysis', 'Vínculo preservado.'],
        ['unknown', 'ignorado'],
      ]),
    );
    expect(built.patientData).toEqual({
      name: 'Marta Reis',
      age: NOT_INFORMED,
      gender: NOT_INFORMED,
    });
    expect(built.chiefComplaint).toBe('Avaliar capacidade parental.');
    expect(built.physicalExam).toBe(
      'Procedimentos: Duas entrevistas.\nAnálise: Vínculo preservado.',
    );
    expect(built.diagnosticHypothesis).toBe(NOT_INFORMED);
    expect(built.sections.map((s) => s.content)).toEqual([
      NOT_INFORMED,
      'Avaliar capacidade parental.',
      'Duas entrevistas.',
      NOT_INFORMED,
      'Vínculo preservado.',
      NOT_INFORMED,
      NOT_INFORMED,
    ]);
    expect(built.text).toBe(renderNote(built));
    expect(built.text).not.toContain('ignorado');
  });
});
