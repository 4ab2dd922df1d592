import { NOT_INFORMED } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import {
  applySystemInstructions,
  CATCH_ALL_HEADING,
  formatOffline,
  parseTemplateHeadings,
  renderWithTemplate,
  shapeOfflineNote,
  shapeOfflineResult,
} from '../../src/notes/index.js';
import { MULTI_PATIENT_ROUNDS } from './corpus.js';
import { formatCorpus, section, single } from './helpers.js';

const headingsOf = (note: { sections: { heading: string }[] }) =>
  note.sections.map((s) => s.heading);

describe('parseTemplateHeadings', () => {
  it('reads labels, Markdown, bold, numbered and capitalised lines; skips prose', () => {
    const template = [
      'Modelo de evolução do Dr. Paulo. Escreva de forma objetiva e sem abreviaturas.',
      'Queixa:',
      '## História',
      '**Exame físico**',
      '3. Impressão diagnóstica',
      'CONDUTA',
      'Retorno: ___',
      'Observações: {{obs}}',
      'Queixa:',
    ].join('\n');
    expect(parseTemplateHeadings(template)).toEqual([
      'Queixa',
      'História',
      'Exame físico',
      'Impressão diagnóstica',
      'CONDUTA',
      'Retorno',
      'Observações',
    ]);
    expect(parseTemplateHeadings('Seja breve. Use linguagem técnica, sem abreviaturas.')).toEqual(
      [],
    );
  });
});

describe('renderWithTemplate (a custom template without a model)', () => {
  it('makes the template headings the sections, in order, each fact under the heading that fits', () => {
    const note = formatCorpus('consulta_medica');
    const shaped = renderWithTemplate(note, {
      name: 'SOAP do Dr. Paulo',
      content: 'Subjetivo:\nObjetivo:\nAvaliação:\nPlano:',
    });
    expect(headingsOf(shaped)).toEqual(['Subjetivo', 'Objetivo', 'Avaliação', 'Plano']);
    const subjective = section(shaped, 'subjetivo');
    expect(subjective).toContain(`Queixa Principal: ${section(note, 'chiefComplaint')}`);
    expect(subjective).toContain(
      `História da Doença Atual: ${section(note, 'historyOfPresentIllness')}`,
    );
    expect(subjective).toContain(section(note, 'pastHistory'));
    expect(section(shaped, 'objetivo')).toBe(section(note, 'physicalExam'));
    expect(section(shaped, 'avaliacao')).toBe('Enxaqueca sem aura.');
    expect(section(shaped, 'plano')).toBe(section(note, 'plan'));
    // The rendered text follows the template.
    const text = shaped.text;
    expect(text.indexOf('SUBJETIVO')).toBeLessThan(text.indexOf('OBJETIVO'));
    expect(text.indexOf('AVALIAÇÃO')).toBeLessThan(text.indexOf('PLANO'));
    expect(text).not.toContain('QUEIXA PRINCIPAL\n');
    // The common fields and the patient line do not change.
    expect(shaped.patientData).toEqual(note.patientData);
    expect(shaped.treatment).toBe(note.treatment);
  });

  it("writes 'Não informado' under a heading nothing fits and keeps what fits no heading at the end", () => {
    const note = formatCorpus('consulta_medica');
    const shaped = renderWithTemplate(note, 'Conduta:\nEscala de dor:');
    expect(headingsOf(shaped)).toEqual(['Conduta', 'Escala de dor', CATCH_ALL_HEADING]);
    expect(section(shaped, 'conduta')).toBe(section(note, 'plan'));
    expect(section(shaped, 'escalaDeDor')).toBe(NOT_INFORMED);
    const rest = section(shaped, 'outrasInformacoes');
    // Nothing is lost: every section with content is under a heading.
    for (const s of note.sections) {
      if (s.content === NOT_INFORMED || s.key === 'plan') continue;
      expect(rest).toContain(s.content);
    }
  });

  it('leaves the note as it is when the template has no heading', () => {
    const note = formatCorpus('medico_familia');
    expect(renderWithTemplate(note, 'Seja breve e objetivo.')).toBe(note);
  });
});

describe('system instructions and the admin specialty template, offline', () => {
  it('renames, orders and adds mandatory sections as the instructions say', () => {
    const note = formatCorpus('consulta_medica');
    const { note: shaped, applied } = applySystemInstructions(note, [
      { title: 'Nomes', content: "Renomear 'Conduta' para 'Plano terapêutico'." },
      {
        title: 'Ordem',
        content: 'Ordem das seções: Hipótese diagnóstica, Plano terapêutico, Queixa principal.',
      },
      {
        title: 'Obrigatórias',
        content:
          'Sempre incluir a seção Alergias.\nSeções obrigatórias: Exame físico, Escore de risco',
      },
      { title: 'Estilo', content: 'Não use abreviaturas.' },
    ]);
    expect(headingsOf(shaped).slice(0, 3)).toEqual([
      'Hipótese Diagnóstica',
      'Plano terapêutico',
      'Queixa Principal',
    ]);
    expect(headingsOf(shaped).slice(-2)).toEqual(['Alergias', 'Escore de risco']);
    expect(shaped.sections.at(-1)?.content).toBe(NOT_INFORMED);
    expect(shaped.text).toContain('PLANO TERAPÊUTICO\n- Dipirona 1 g');
    expect(applied.map((a) => a.kind)).toEqual(['rename', 'order', 'mandatory', 'mandatory']);
  });

  it('uses a custom template before the specialty template; a prose specialty prompt changes nothing', () => {
    const note = formatCorpus('medico_familia');
    const prose = shapeOfflineNote(note, {
      specialtyTemplate: 'Você é médico de família. Seja breve.',
    });
    expect(prose.note).toBe(note);
    expect(prose.applied).toEqual([]);
    const admin = shapeOfflineNote(note, { specialtyTemplate: 'Motivo:\nS:\nO:\nA:\nP:' });
    expect(headingsOf(admin.note)).toEqual(['Motivo', 'S', 'O', 'A', 'P']);
    expect(admin.applied).toEqual([{ kind: 'template', source: 'specialty', headings: 5 }]);
    const custom = shapeOfflineNote(note, {
      specialtyTemplate: 'Motivo:\nS:\nO:\nA:\nP:',
      customTemplate: { name: 'Meu', content: 'Queixa:\nConduta:' },
    });
    expect(headingsOf(custom.note).slice(0, 2)).toEqual(['Queixa', 'Conduta']);
    expect(section(custom.note, 'queixa')).toBe(section(note, 'reasonForEncounter'));
    expect(section(custom.note, 'conduta')).toBe(section(note, 'plan'));
  });

  it('shapes every patient of a multi-patient result and rebuilds the text', () => {
    const result = formatOffline({
      text: MULTI_PATIENT_ROUNDS,
      professional: 'consulta_medica',
      multiplePatients: true,
    });
    const shaped = shapeOfflineResult(result, {
      customTemplate: { name: 'x', content: 'Avaliação:\nPlano:' },
    });
    for (const p of shaped.patients ?? [])
      expect(headingsOf(p).slice(0, 2)).toEqual(['Avaliação', 'Plano']);
    expect(shaped.text).toContain('PACIENTE 3\n');
    expect(shaped.text.endsWith(shaped.summary ?? '')).toBe(true);
    const one = single(
      formatOffline({ text: 'Conduta: repouso.', professional: 'consulta_medica' }),
    );
    const shapedOne = shapeOfflineResult(
      { formatted: one, text: one.text },
      { customTemplate: { name: 'x', content: 'Plano:' } },
    );
    expect(shapedOne.text).toBe(shapedOne.formatted?.text);
    expect(section(shapedOne.formatted as never, 'plano')).toBe('Repouso.');
  });
});
