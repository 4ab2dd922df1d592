import { PROFESSIONALS } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { describe, expect, it } from 'vitest';
import { COMMON_FIELDS, SPECIALTY_PROFILES } from '../../src/notes/index.js';

describe('specialty profiles', () => {
  it('has a profile for each of the 16 professional values, under its own value', () => {
    expect(Object.keys(SPECIALTY_PROFILES).sort()).toEqual([...PROFESSIONALS].sort());
    expect(PROFESSIONALS).toHaveLength(16);
    for (const professional of PROFESSIONALS) {
      expect(SPECIALTY_PROFILES[professional].professional).toBe(professional);
    }
  });

  it.each(PROFESSIONALS)('%s: sections, cues, common mapping and routing are consistent', (p) => {
    const profile = SPECIALTY_PROFILES[p];
    const keys = profile.sections.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('observations');
    expect(profile.title.trim()).not.toBe('');
    expect(profile.role.trim()).not.toBe('');
    expect(profile.basePrompt.length).toBeGreaterThan(150);
    // A cue belongs to one section only (folded, so 'história' and 'historia' are the same cue).
    const owner = new Map<string, string>();
    for (const s of profile.sections) {
      expect(s.heading.trim()).not.toBe('');
      expect(s.guidance.length).toBeGreaterThan(20);
      expect(s.cues.length).toBeGreaterThan(0);
      for (const cue of s.cues) {
        expect(cue).toBe(cue.toLocaleLowerCase('pt-BR'));
        const key = fold(cue).replace(/[\s-]+/g, '');
        const previous = owner.get(key);
        if (previous !== undefined && previous !== s.key) {
          throw new Error(`${p}: cue '${cue}' in both ${previous} and ${s.key}`);
        }
        owner.set(key, s.key);
      }
    }
    for (const field of COMMON_FIELDS) {
      for (const key of profile.common[field]) expect(keys).toContain(key);
    }
    const { routing } = profile;
    for (const key of [
      routing.default,
      routing.vitals,
      routing.medications,
      routing.observations,
    ]) {
      if (key !== null) expect(keys).toContain(key);
    }
    if (routing.identification !== null) expect(keys).toContain(routing.identification);
    for (const key of routing.keepMedications) expect(keys).toContain(key);
  });

  it('gives each field its own clinical structure', () => {
    const headings = (p: keyof typeof SPECIALTY_PROFILES) =>
      SPECIALTY_PROFILES[p].sections.map((s) => s.heading);

    expect(SPECIALTY_PROFILES.medico_trabalho.title).toBe(
      'Atestado de Saúde Ocupacional — Avaliação Clínica',
    );
    expect(headings('medico_trabalho')).toEqual([
      'Dados do Trabalhador',
      'Tipo de Exame',
      'Função e Setor',
      'História Ocupacional',
      'Exposição a Riscos Ocupacionais',
      'Anamnese Clínica',
      'Medicações em Uso',
      'Exame Clínico',
      'Exames Complementares',
      'Conclusão de Aptidão (NR-7)',
      'Recomendações e Conduta',
      'Observações',
    ]);
    // The five stages of the Nursing Process (COFEN 736/2024).
    expect(headings('enfermeira').slice(0, 5)).toEqual([
      'Avaliação de Enfermagem (Histórico e Coleta de Dados)',
      'Diagnósticos de Enfermagem',
      'Planejamento de Enfermagem',
      'Implementação de Enfermagem (Intervenções)',
      'Evolução de Enfermagem (Avaliação dos Resultados)',
    ]);
    expect(SPECIALTY_PROFILES.psicoterapia.title).toBe('Laudo Psicológico Pericial');
    // CFP 06/2019: identification, demand, procedure, analysis, conclusion.
    expect(headings('psicoterapia')).toEqual([
      'Identificação',
      'Descrição da Demanda e Quesitos',
      'Procedimentos',
      'Histórico e Dados Relevantes',
      'Análise',
      'Conclusão',
      'Observações',
    ]);
    expect(SPECIALTY_PROFILES.psicoterapia.common.chiefComplaint).toEqual(['demand']);
    expect(headings('medico_familia').slice(1, 6)).toEqual([
      'Subjetivo (S)',
      'Medicações em Uso',
      'Objetivo (O)',
      'Avaliação (A)',
      'Plano (P)',
    ]);
    expect(headings('psiquiatria_personalizado')).toContain(
      'Avaliação de Risco (Suicídio e Heteroagressividade)',
    );
    expect(headings('psiquiatria')).not.toContain(
      'Avaliação de Risco (Suicídio e Heteroagressividade)',
    );
    expect(
      SPECIALTY_PROFILES.psiquiatria.sections.find((s) => s.key === 'mentalStatusExam')?.guidance,
    ).toContain('sensopercepção');
    expect(headings('tecnico_enfermagem')).toContain('Intercorrências');
    expect(headings('nutricionista')).toContain('Anamnese Alimentar e Recordatório de 24 Horas');
    expect(headings('assistente_social')).toContain('Composição Familiar');
    expect(headings('medico_visitador')).toContain('Condições do Domicílio');
    expect(SPECIALTY_PROFILES.prescricao_controlada.basePrompt).toContain('344/1998');
  });

  it("gives every note of a professional who prescribes a 'Medicações em Uso' heading (issue 28)", () => {
    const prescribers = [
      'consulta_medica',
      'medico_familia',
      'medico_familia_personalizado',
      'medico_ambulatorio',
      'medico_trabalho',
      'medico_visitador',
      'psiquiatria',
      'psiquiatria_personalizado',
    ] as const;
    for (const p of prescribers) {
      const headings = SPECIALTY_PROFILES[p].sections.map((s) => s.heading);
      expect(headings, p).toContain('Medicações em Uso');
    }
  });
});
