import { describe, expect, it } from 'vitest';
import { parseConsultation } from '../src/generation/consultation.js';
import { headingName, isNoteHeading } from '../src/note-text/headings.js';

describe('one rule for a heading of a formatted note', () => {
  it.each([
    ['QUEIXA PRINCIPAL', true],
    ['  CONDUTA:  ', true],
    ['HIPÓTESE DIAGNÓSTICA', true],
    ['PA: 120X80 MMHG', false],
    ['- DIPIRONA 500 MG', false],
    ['1. ORIENTAÇÕES', false],
    ['Conduta', false],
    ['OK', false],
    [`${'A'.repeat(81)}`, false],
  ])('%j is a heading: %s', (line, heading) => {
    expect(isNoteHeading(line)).toBe(heading);
  });

  it('names a section without the colon that ends its heading', () => {
    expect(headingName(' CONDUTA: ')).toBe('CONDUTA');
    const note =
      'Consulta Médica\nPaciente: Ana | Idade: 40 anos\nCONDUTA:\nRepouso.\nPA: 120X80 MMHG';
    const { sections, plan } = parseConsultation(note, () => false);
    expect(sections.map((s) => s.heading)).toEqual(['CONDUTA']);
    expect(plan).toBe('Repouso.\nPA: 120X80 MMHG');
  });
});
