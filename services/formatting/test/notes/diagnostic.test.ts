import { describe, expect, it } from 'vitest';
import {
  analyseOffline,
  buildDiagnosticMessages,
  DIAGNOSTIC_DISCLAIMER,
  DISORDERS,
  NO_HYPOTHESIS_TEXT,
  parseDiagnosticOutput,
} from '../../src/notes/index.js';
import { DEPRESSION_DICTATION, UNRELATED_DICTATION } from './corpus.js';

describe('offline diagnostic analysis', () => {
  it('covers the required disorders with their ICD-10 codes', () => {
    expect(DISORDERS.map((d) => d.code)).toEqual([
      'F32',
      'F41.1',
      'F41.0',
      'F31',
      'F43.1',
      'F42',
      'F20',
      'F90',
      'F10.2',
      'F51.0',
    ]);
  });

  it('puts a depressive episode first, with the criteria met and missing', () => {
    const { hypotheses, analysis } = analyseOffline(DEPRESSION_DICTATION);
    const first = hypotheses[0];
    expect(first?.code).toBe('F32');
    expect(first?.name).toBe('Episódio depressivo');
    expect(first?.likelihood).toBe('alta');
    expect(first?.criteriaMet).toEqual([
      'Humor deprimido na maior parte do dia',
      'Perda de interesse ou prazer (anedonia)',
      'Fadiga ou perda de energia',
      'Alteração do sono (insônia ou hipersonia)',
      'Alteração do apetite ou do peso',
      'Sentimentos de culpa ou de inutilidade, baixa autoestima',
      'Duração de pelo menos duas semanas',
    ]);
    // 'Nega ideação suicida' is negated, so the criterion is missing.
    expect(first?.criteriaMissing).toEqual([
      'Dificuldade de concentração ou indecisão',
      'Pensamentos de morte ou ideação suicida',
    ]);
    // Denied alcohol use and hallucinations suggest nothing.
    expect(hypotheses.map((h) => h.code)).not.toContain('F10.2');
    expect(hypotheses.map((h) => h.code)).not.toContain('F20');
    expect(hypotheses.map((h) => h.code)).toEqual(['F32', 'F51.0']);
    expect(hypotheses[1]?.likelihood).toBe('moderada');
    expect(
      analysis.startsWith(
        'ANÁLISE DIAGNÓSTICA (CID-10)\n\n1. Episódio depressivo (F32) — probabilidade alta (7 de 9 critérios)',
      ),
    ).toBe(true);
    expect(analysis).toContain('- Humor deprimido na maior parte do dia (“tristeza”)');
    expect(analysis.endsWith(DIAGNOSTIC_DISCLAIMER)).toBe(true);
  });

  it('suggests nothing for an unrelated text, and says so', () => {
    const { hypotheses, analysis } = analyseOffline(UNRELATED_DICTATION);
    expect(hypotheses).toEqual([]);
    expect(analysis).toBe(
      `ANÁLISE DIAGNÓSTICA (CID-10)\n\n${NO_HYPOTHESIS_TEXT}\n\n${DIAGNOSTIC_DISCLAIMER}`,
    );
  });

  it('reads the additional context too and sorts by likelihood', () => {
    const { hypotheses } = analyseOffline(
      'Refere crises de pânico do nada, com taquicardia, sudorese e medo de morrer.',
      'Evita sair de casa com medo de ter outra crise. Também relata ansiedade.',
    );
    expect(hypotheses[0]?.code).toBe('F41.0');
    expect(hypotheses[0]?.criteriaMissing).toEqual([]);
    expect(hypotheses[0]?.likelihood).toBe('alta');
  });

  it('needs a key criterion: a duration alone suggests nothing', () => {
    expect(analyseOffline('Dor no joelho há três meses. Nega insônia.').hypotheses).toEqual([]);
    expect(analyseOffline('Dor no joelho há três meses. Dorme mal.').hypotheses[0]?.code).toBe(
      'F51.0',
    );
  });
});

describe('diagnostic prompt and parsing', () => {
  it('builds a system message with the rules and the JSON shape, and the user message', () => {
    const messages = buildDiagnosticMessages('Paciente triste.', 'Em uso de sertralina.');
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content).toContain('CID-10');
    expect(messages[0]?.content).toContain('"likelihood": "alta | moderada | baixa"');
    expect(messages[1]?.content).toBe(
      'Transcrição do atendimento:\n<transcricao>\nPaciente triste.\n</transcricao>\n\n' +
        'Informações adicionais do profissional:\n<contexto>\nEm uso de sertralina.\n</contexto>',
    );
  });

  it('validates, sorts by likelihood and renders with the disclaimer', () => {
    const result = parseDiagnosticOutput({
      hypotheses: [
        { name: 'Insônia', code: 'f51.0', criteriaMet: ['Insônia'], likelihood: 'Baixa' },
        {
          name: 'Episódio depressivo moderado',
          code: 'F32.1',
          criteriaMet: ['Humor deprimido', 'Anedonia'],
          criteriaMissing: ['Ideação suicida'],
          likelihood: 'alta',
          extra: true,
        },
      ],
    });
    if ('error' in result) throw new Error(result.error);
    expect(result.hypotheses.map((h) => [h.code, h.likelihood])).toEqual([
      ['F32.1', 'alta'],
      ['F51.0', 'baixa'],
    ]);
    expect(result.analysis).toContain(
      '1. Episódio depressivo moderado (F32.1) — probabilidade alta (2 de 3 critérios)',
    );
    expect(result.analysis.endsWith(DIAGNOSTIC_DISCLAIMER)).toBe(true);
    expect(parseDiagnosticOutput('{"hypotheses": []}')).toEqual({
      hypotheses: [],
      analysis: `ANÁLISE DIAGNÓSTICA (CID-10)\n\n${NO_HYPOTHESIS_TEXT}\n\n${DIAGNOSTIC_DISCLAIMER}`,
    });
  });

  it.each([
    [{ hypotheses: {} }, 'hypotheses must be an array'],
    [{ hypotheses: [{ code: 'F32' }] }, 'hypotheses[0].name must be a non-empty string'],
    [
      { hypotheses: [{ name: 'X', code: 'F32', criteriaMet: 'humor', likelihood: 'alta' }] },
      'hypotheses[0].criteriaMet must be an array of strings',
    ],
    [
      { hypotheses: [{ name: 'X', code: 'F32', likelihood: 'certa' }] },
      "hypotheses[0].likelihood must be 'alta', 'moderada' or 'baixa'",
    ],
  ])('rejects %j', (json, error) => {
    expect(parseDiagnosticOutput(json)).toEqual({ error });
  });
});
