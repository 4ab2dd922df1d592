import { describe, expect, it } from 'vitest';
import { MAX_PHRASE_BUCKET } from '../src/generation/controlled/annex.js';
import { newStats } from '../src/generation/controlled/classify.js';
import { FUZZY_CELL_BUDGET, FUZZY_WORD_LIMIT } from '../src/generation/controlled/fuzzy.js';
import {
  type ClassifyStats,
  classifyMedication,
  decidePrescriptionForms,
  effectiveControl,
} from '../src/generation/controlled-drugs.js';

describe('effective control: the table OR the clinician, never less than either', () => {
  it('keeps what the table knows even when the clinician left the flag off', () => {
    expect(effectiveControl({ medication: 'Rivotril 2 mg', clinicianFlag: false })).toMatchObject({
      controlled: true,
      list: 'B1',
      form: 'NOTIFICACAO_B',
      reason: 'table',
    });
    expect(effectiveControl({ medication: 'Sertralina 50 mg' })).toMatchObject({
      controlled: true,
      list: 'C1',
      form: 'RCE',
      reason: 'table',
    });
  });

  it('treats a flagged drug the table does not know as list C1 and says why', () => {
    expect(
      effectiveControl({ medication: 'Cariprazina 1,5 mg', clinicianFlag: true }),
    ).toMatchObject({
      controlled: true,
      list: 'C1',
      form: 'RCE',
      reason: 'clinician-flag',
      classification: null,
    });
  });

  it('keeps the table form when both agree, and never downgrades a flagged notification drug', () => {
    expect(effectiveControl({ medication: 'Venvanse 30 mg', clinicianFlag: true })).toMatchObject({
      controlled: true,
      list: 'A3',
      form: 'NOTIFICACAO_A',
      reason: 'table-and-flag',
    });
  });

  it('lets an exempt preparation go on the simple prescription unless the clinician flagged it', () => {
    expect(effectiveControl({ medication: 'Imosec 2 mg' })).toMatchObject({
      controlled: false,
      reason: 'exempt',
    });
    expect(effectiveControl({ medication: 'Imosec 2 mg', clinicianFlag: true })).toMatchObject({
      controlled: true,
      list: 'C1',
      form: 'RCE',
      reason: 'clinician-flag',
    });
  });

  it('leaves an ordinary drug alone', () => {
    expect(effectiveControl({ medication: 'Dipirona 1 g', clinicianFlag: false })).toEqual({
      controlled: false,
      reason: 'not-controlled',
      classification: null,
    });
  });
});

describe('which rows go where, and what the clinician is told', () => {
  const decision = decidePrescriptionForms([
    { medication: 'Clonazepam 2 mg' },
    { medication: 'Amoxicilina 500 mg', clinicianFlag: false },
    { medication: 'Sertralina 50 mg', clinicianFlag: false },
    { medication: 'Rivotril 0,5 mg' },
    { medication: 'Cariprazina 1,5 mg', clinicianFlag: true },
    { medication: 'tramadol 50 mg' },
    { medication: 'Roacutan 20 mg' },
    { medication: '   ' },
    { medication: 'Imosec 2 mg' },
    { medication: 'Venvanse 50 mg', clinicianFlag: false },
    { medication: 'clonazepan 2 mg' },
  ]);

  it('splits the rows into simple, RCE, notification and empty', () => {
    expect(decision.simple).toEqual([1, 8]);
    expect(decision.rce).toEqual([2, 4, 5]);
    expect(decision.notification).toEqual([0, 3, 6, 9, 10]);
    expect(decision.empty).toEqual([7]);
  });

  it('names the drug and the form it needs in each message', () => {
    expect(decision.rows.map((r) => r.message)).toEqual([
      'Clonazepam (lista B1) exige Notificação de Receita B.',
      'Amoxicilina 500 mg pode ir na receita simples.',
      'Sertralina (lista C1) exige Receituário de Controle Especial em duas vias.',
      'Rivotril (clonazepam, lista B1) exige Notificação de Receita B.',
      'Cariprazina 1,5 mg foi marcado como controlado pelo profissional e não consta da Portaria SVS/MS 344/98: tratado como lista C1, exige Receituário de Controle Especial em duas vias.',
      'Tramadol (lista A2) exige Receituário de Controle Especial em duas vias: preparações com até 100 mg de tramadol por unidade posológica (lista A2, adendo 3).',
      'Roacutan (isotretinoína, lista C2) exige Notificação de Receita Especial para retinoides.',
      'A linha 8 não tem medicamento.',
      'Imosec (loperamida, lista C1) pode ir na receita simples: medicamentos com loperamida não têm retenção de receita (lista C1, adendo 2).',
      'Venvanse (lisdexanfetamina, lista A3) exige Notificação de Receita A.',
      'Clonazepam (escrito "clonazepan", lista B1) exige Notificação de Receita B.',
    ]);
  });

  it('carries the list, form, substance and reason of each row', () => {
    expect(decision.rows[4]).toMatchObject({
      destination: 'RCE',
      form: 'RCE',
      list: 'C1',
      substance: null,
      reason: 'clinician-flag',
    });
    expect(decision.rows[6]).toMatchObject({
      destination: 'NOTIFICACAO',
      form: 'NOTIFICACAO_ESPECIAL_RETINOIDES',
      list: 'C2',
      substance: 'Isotretinoína',
      reason: 'table',
    });
    expect(decision.rows[6]!.notes[0]).toBe(
      'Acompanhada do Termo de Consentimento Pós-Informação assinado pelo paciente.',
    );
  });
});

describe('hostile input: work bounded by the length of the text', () => {
  const N = 200_000;
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const randomWords = (n: number) => {
    let out = '';
    while (out.length < n) {
      const len = 6 + Math.floor(random() * 10);
      for (let i = 0; i < len; i++) out += String.fromCharCode(97 + Math.floor(random() * 26));
      out += ' ';
    }
    return out.slice(0, n);
  };
  const repeat = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  const shapes: Record<string, (n: number) => string> = {
    'one long word': (n) => 'a'.repeat(n),
    'random words of 6 to 15 letters': randomWords,
    'near misses of a controlled name': (n) => repeat('sertralinx ', n),
    'distinct near misses': (n) => {
      let out = '';
      for (let i = 0; out.length < n; i++) out += `sertra${i.toString(36)}lina `;
      return out.slice(0, n);
    },
    'controlled names over and over': (n) => repeat('clonazepam 2 mg ', n),
    'salt words over and over': (n) => repeat('cloridrato de ', n),
    'numbers and separators': (n) => repeat('1,1.1/1% ', n),
    'accents and combining marks': (n) => repeat('é\u0301\u0301çã ', n),
    'rule terms around a drug': (n) => repeat('tramadol gel 50 mg/ml creme ', n),
  };

  const work = (text: string) => {
    const stats = newStats();
    classifyMedication(text, { stats });
    return stats;
  };

  it.each(Object.keys(shapes))(
    '%s: linear exact pass, fuzzy pass within a fixed budget',
    (shape) => {
      const text = shapes[shape]!(N);
      const stats = work(text);
      expect(stats.chars).toBe(N);
      expect(stats.tokens).toBeLessThanOrEqual(N);
      expect(stats.exactProbes).toBeLessThanOrEqual(MAX_PHRASE_BUCKET * stats.tokens);
      expect(stats.hits).toBeLessThanOrEqual(stats.tokens);
      expect(stats.fuzzyWords).toBeLessThanOrEqual(FUZZY_WORD_LIMIT);
      // The budget is checked before each comparison; one comparison adds at most 50 × 5 cells.
      expect(stats.fuzzyCells).toBeLessThanOrEqual(FUZZY_CELL_BUDGET + 250);
      // Doubling the text at most doubles the counted work, beyond the fixed fuzzy budget.
      const half = work(shapes[shape]!(N / 2));
      const linear = (s: ClassifyStats) => s.tokens + s.exactProbes + s.hits;
      expect(linear(stats)).toBeLessThanOrEqual(2 * linear(half) + 64);
    },
  );

  it('still finds a drug at the end of 200 000 characters of noise', () => {
    const text = `${randomWords(N - 20)} Rivotril 2 mg`;
    expect(classifyMedication(text)).toMatchObject({ substance: 'Clonazepam', matchedBy: 'brand' });
  });
});
