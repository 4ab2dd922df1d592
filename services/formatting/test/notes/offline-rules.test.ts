import { NOT_INFORMED } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import { formatOffline } from '../../src/notes/index.js';
import { bestCpuTime } from './adversarial.js';
import { section, single } from './helpers.js';

describe('offline formatter: rules', () => {
  const format = (text: string, extra: { additionalContext?: string } = {}) =>
    single(formatOffline({ text, professional: 'consulta_medica', ...extra }));

  it('writes Não informado for every missing field of an empty-ish dictation', () => {
    const note = format('Nada a declarar.');
    expect(note.patientData).toEqual({
      name: NOT_INFORMED,
      age: NOT_INFORMED,
      gender: NOT_INFORMED,
    });
    expect(section(note, 'historyOfPresentIllness')).toBe('Nada a declarar.');
    for (const field of [
      'chiefComplaint',
      'physicalExam',
      'diagnosticHypothesis',
      'treatment',
      'observations',
    ] as const) {
      expect(note[field]).toBe(NOT_INFORMED);
    }
  });

  it('puts the leading text in the history section until the first cue', () => {
    const note = format('Dor torácica há duas horas, em aperto. Conduta: eletrocardiograma.');
    expect(section(note, 'historyOfPresentIllness')).toBe('Dor torácica há duas horas, em aperto.');
    expect(section(note, 'plan')).toBe('Eletrocardiograma.');
  });

  it('matches cues regardless of case and accents, and the longest cue wins', () => {
    const note = format(
      'HIPOTESE DIAGNOSTICA: gastrite. historia familiar: mãe com diabetes. Historia: dor epigástrica.',
    );
    expect(section(note, 'diagnosticHypothesis')).toBe('Gastrite.');
    // 'história familiar' (antecedents) beats 'história' (present illness).
    expect(section(note, 'pastHistory')).toBe('Historia familiar: mãe com diabetes.');
    expect(section(note, 'historyOfPresentIllness')).toBe('Dor epigástrica.');
  });

  it('starts a section after a comma only for a phrase or a labelled cue', () => {
    // 'retorno' (a single word, no colon) does not start the plan; the labelled phrase does.
    const note = format(
      'Dor lombar há três dias, refere melhora, retorno ao trabalho previsto, hipótese ' +
        'diagnóstica: lombalgia mecânica.',
    );
    expect(section(note, 'historyOfPresentIllness')).toBe(
      'Dor lombar há três dias, refere melhora, retorno ao trabalho previsto.',
    );
    expect(section(note, 'plan')).toBe(NOT_INFORMED);
    expect(section(note, 'diagnosticHypothesis')).toBe('Lombalgia mecânica.');
  });

  it('normalises the ways vital signs are said', () => {
    const note = format(
      'Ao exame: pressão arterial de 12 por 8, frequência cardíaca de 72 batimentos por minuto, ' +
        'frequência respiratória 18, temperatura 37 e 5, saturação de oxigênio 96 por cento, ' +
        'HGT 98, peso 60,5 kg, altura 1 metro e 62.',
    );
    expect(section(note, 'physicalExam')).toBe(
      [
        'PA: 120x80 mmHg',
        'FC: 72 bpm',
        'FR: 18 irpm',
        'Tax: 37,5 °C',
        'SatO2: 96%',
        'Glicemia capilar: 98 mg/dL',
        'Peso: 60,5 kg',
        'Altura: 1,62 m',
        'IMC: 23,1 kg/m²',
      ].join('\n'),
    );
  });

  it('does not read schedules, thresholds or weight loss as measurements', () => {
    const note = format(
      'História: perda de peso de 5 kg em dois meses. Conduta: glicemia capilar de 12 em 12 horas, ' +
        'aferir PA de 4/4 horas.',
    );
    expect(section(note, 'physicalExam')).toBe(NOT_INFORMED);
    expect(section(note, 'historyOfPresentIllness')).toBe('Perda de peso de 5 kg em dois meses.');
    expect(section(note, 'plan')).toBe(
      'Glicemia capilar de 12 em 12 horas, aferir PA de 4/4 horas.',
    );
  });

  it('moves doses dictated outside the plan to the plan, one per line', () => {
    const note = format(
      'Paciente com amigdalite. Prescrevo amoxicilina 500 mg via oral de 8 em 8 horas por 10 dias ' +
        'e dipirona 500 mg se febre.',
    );
    expect(section(note, 'plan')).toBe(
      '- Amoxicilina 500 mg via oral de 8 em 8 horas por 10 dias\n- Dipirona 500 mg se febre',
    );
    expect(section(note, 'historyOfPresentIllness')).toBe('Paciente com amigdalite.');
  });

  it('leaves suspended medications and allergies in their sentence', () => {
    const note = format('Conduta: suspendo metformina 850 mg. Alergia a dipirona 500 mg.');
    expect(section(note, 'plan')).toBe('Suspendo metformina 850 mg.');
    expect(section(note, 'pastHistory')).toBe('Alergia a dipirona 500 mg.');
  });

  it('adds the additional context to the observations and uses it for missing patient data', () => {
    const note = format('Queixa principal: tosse.', {
      additionalContext: 'Paciente Helena Duarte, 33 anos, retorno.',
    });
    expect(section(note, 'observations')).toBe(
      'Contexto adicional: Paciente Helena Duarte, 33 anos, retorno.',
    );
    expect(note.observations).toBe('Contexto adicional: Paciente Helena Duarte, 33 anos, retorno.');
    expect(note.patientData.name).toBe('Helena Duarte');
    expect(note.patientData.age).toBe('33 anos');
  });

  it('turns dictated punctuation into punctuation', () => {
    const note = format(
      'queixa principal dois pontos febre vírgula tosse ponto final hipótese diagnóstica dois pontos ' +
        'gripe nova linha temperatura 38 vírgula 2',
    );
    expect(section(note, 'chiefComplaint')).toBe('Febre, tosse.');
    expect(section(note, 'diagnosticHypothesis')).toBe('Gripe.');
    expect(section(note, 'physicalExam')).toBe('Tax: 38,2 °C');
  });

  it('drops a sentence that only identifies the patient (it is on the patient line)', () => {
    const note = format('Paciente Lúcia Gomes, 30 anos, sexo feminino. Cefaleia há um dia.');
    expect(section(note, 'historyOfPresentIllness')).toBe('Cefaleia há um dia.');
    expect(note.text.split('\n')[1]).toBe(
      'Paciente: Lúcia Gomes | Idade: 30 anos | Sexo: Feminino',
    );
  });

  it('structures a dictation without any punctuation (browser speech recognition)', () => {
    const note = format(
      'paciente de 52 anos sexo feminino queixa principal dor no peito há duas horas em aperto ' +
        'com irradiação para o braço esquerdo associada a sudorese nega febre história ' +
        'hipertensa e diabética em uso de metformina 850 mg duas vezes ao dia ao exame pa 160 ' +
        'por 100 fc 104 saturação 95 por cento ausculta cardíaca sem sopros hipótese diagnóstica ' +
        'síndrome coronariana aguda conduta aas 300 mg via oral agora e clopidogrel 300 mg via ' +
        'oral agora eletrocardiograma e troponina',
    );
    expect(note.patientData).toEqual({ name: NOT_INFORMED, age: '52 anos', gender: 'Feminino' });
    // The chief complaint ends after its duration; the history goes on; 'hipertensa e
    // diabética' is past history (issue 13: facts in their fields), 'história' being its label.
    expect(section(note, 'chiefComplaint')).toBe('Dor no peito há duas horas.');
    expect(section(note, 'historyOfPresentIllness')).toBe(
      'Em aperto com irradiação para o braço esquerdo associada a sudorese nega febre.',
    );
    expect(section(note, 'pastHistory')).toBe('Hipertensa e diabética.');
    // The drug in use goes under its own heading (issue 28).
    expect(section(note, 'medicationsInUse')).toBe('- Metformina 850 mg duas vezes ao dia');
    expect(section(note, 'physicalExam')).toBe(
      'PA: 160x100 mmHg\nFC: 104 bpm\nSatO2: 95%\nAusculta cardíaca sem sopros.',
    );
    expect(section(note, 'diagnosticHypothesis')).toBe('Síndrome coronariana aguda.');
    expect(section(note, 'plan')).toBe(
      '- AAS 300 mg via oral agora\n- Clopidogrel 300 mg via oral agora\nEletrocardiograma e troponina.',
    );
  });

  it('ignores markers when multiple patients is off', () => {
    const note = format(
      '[Paciente 1] Queixa principal: tosse. [Paciente 2] Hipótese diagnóstica: asma.',
    );
    expect(section(note, 'chiefComplaint')).toBe('Tosse.');
    expect(section(note, 'diagnosticHypothesis')).toBe('Asma.');
    expect(note.text).not.toContain('[Paciente');
  });

  it('formats an 8-hour dictation with work proportional to its length', () => {
    const base =
      'Queixa principal: dor de cabeça há três dias. Ao exame: PA 14 por 9, FC 88 bpm. ' +
      'Conduta: prescrevo dipirona 1 g de 6 em 6 horas se dor por 3 dias. Refere melhora parcial, ' +
      'nega febre, sem vômitos, mantém acompanhamento com cardiologista e nutricionista. ';
    const words = base.split(/\s+/).length;
    const text = base.repeat(Math.ceil(80_000 / words));
    const halfHour = base.repeat(Math.ceil(80_000 / words / 16));
    const format = (t: string) => formatOffline({ text: t, professional: 'consulta_medica' });
    format(halfHour);
    // CPU time of the 8-hour dictation against 16 dictations of 30 minutes (see linear-time.test.ts
    // for why): a quadratic regression gives 16 here; no wall-clock bound.
    const whole = bestCpuTime(() => format(text), 2);
    const parts = bestCpuTime(() => {
      const kept: unknown[] = [];
      for (let i = 0; i < 16; i++) kept.push(format(halfHour));
      return kept;
    }, 2);
    expect(whole / parts).toBeLessThan(8);
    const result = single(format(text));
    expect(section(result, 'physicalExam').startsWith('PA: 140x90 mmHg\nFC: 88 bpm')).toBe(true);
  });
});
