import { describe, expect, it } from 'vitest';
import annexJson from '../data/portaria-344-annex-i.json' with { type: 'json' };
import {
  ANNEX,
  FUZZY_BY_LENGTH,
  KNOWN_NOT_CONTROLLED,
  SUBSTANCES,
  validateAnnex,
} from '../src/generation/controlled/annex.js';
import { allowedEdits, boundedDistance } from '../src/generation/controlled/fuzzy.js';
import { phraseWords } from '../src/generation/controlled/text.js';
import { classifyMedication } from '../src/generation/controlled-drugs.js';

const copy = () => structuredClone(annexJson) as unknown as typeof ANNEX;

describe('Annex I data file', () => {
  it('records its source, the last amending RDC, its version and how to update it', () => {
    expect(ANNEX.source.regulation).toMatch(/Portaria SVS\/MS nº 344, de 12 de maio de 1998/);
    expect(ANNEX.source.consolidatedThrough.act).toBe('RDC nº 1.036, de 9 de julho de 2026');
    expect(ANNEX.source.amendmentsOfNote.map((a) => a.act)).toContain('RDC nº 871/2024');
    expect(ANNEX.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ANNEX.howToUpdate.length).toBeGreaterThanOrEqual(3);
  });

  it('has the number of substances per list of the consolidated Annex I', () => {
    const counts: Record<string, number> = {};
    for (const s of SUBSTANCES) counts[s.list] = (counts[s.list] ?? 0) + 1;
    expect(counts).toEqual({
      A1: 94,
      A2: 13,
      A3: 14,
      B1: 95,
      B2: 8,
      C1: 213,
      C2: 5,
      C3: 3,
      C5: 31,
    });
    // RDC 103/2016 took the antiretrovirals out: list C4 is empty.
    expect(ANNEX.lists.C4).toMatchObject({ count: 0, revokedBy: 'RDC nº 103/2016' });
  });

  it('gives each list the form the Portaria asks for', () => {
    const forms = Object.fromEntries(Object.entries(ANNEX.lists).map(([k, v]) => [k, v.form]));
    expect(forms).toEqual({
      A1: 'NOTIFICACAO_A',
      A2: 'NOTIFICACAO_A',
      A3: 'NOTIFICACAO_A',
      B1: 'NOTIFICACAO_B',
      B2: 'NOTIFICACAO_B2',
      C1: 'RCE',
      C2: 'NOTIFICACAO_ESPECIAL_RETINOIDES',
      C3: 'TALIDOMIDA',
      C4: 'PROGRAMA_C4',
      C5: 'RCE',
    });
  });

  it('puts the drugs a clinic prescribes on the list the consolidated text gives them', () => {
    const listOf = (name: string) => SUBSTANCES.find((s) => s.record.name === name)?.list;
    expect(listOf('Tramadol')).toBe('A2');
    expect(listOf('Fenobarbital')).toBe('B1');
    expect(listOf('Modafinila')).toBe('B1');
    expect(listOf('Triexifenidil')).toBe('B1');
    expect(listOf('Cetamina')).toBe('B1');
    expect(listOf('Lítio')).toBe('C1');
    expect(listOf('Celecoxibe')).toBe('C1');
    expect(listOf('Isotretinoína')).toBe('C2');
    expect(listOf('Ftalimidoglutarimida (talidomida)')).toBe('C3');
    expect(listOf('Somatropina (hormônio do crescimento humano)')).toBe('C5');
  });

  it('names every substance once and every brand for one substance only', () => {
    const names = SUBSTANCES.map((s) => s.record.name);
    expect(new Set(names).size).toBe(names.length);
    const brands = SUBSTANCES.flatMap((s) => s.record.brands ?? []).map((b) => b.toLowerCase());
    expect(new Set(brands).size).toBe(brands.length);
    expect(brands.length).toBeGreaterThanOrEqual(200);
  });

  it('keeps the words it knows to be uncontrolled apart from every controlled name', () => {
    for (const word of KNOWN_NOT_CONTROLLED) expect(classifyMedication(word)).toBeNull();
    for (const drug of ANNEX.notControlled.drugs) expect(classifyMedication(drug)).toBeNull();
  });

  it('has no uncontrolled drug within the fuzzy allowance of a controlled name', () => {
    const entries = [...FUZZY_BY_LENGTH.values()].flat();
    const controlled = entries.filter((e) => e.target);
    const known = entries.filter((e) => !e.target && e.folded.length >= 6);
    const budget = { cells: 0 };
    const collisions = known.flatMap((k) =>
      controlled
        .filter((c) => {
          const limit = allowedEdits(Math.min(k.folded.length, c.folded.length));
          return boundedDistance(k.folded, c.folded, limit, budget) <= limit;
        })
        .map((c) => `${k.folded}~${c.folded}`),
    );
    // Real near pairs (folded spellings). Each is resolved by the nearest-word rule: the known
    // word and its slips stay uncontrolled. A new pair here needs a look before it is accepted.
    expect(collisions.sort()).toEqual(
      [
        'alopurinol~aloperidol',
        'esetimiba~esetamina',
        'idrokinona~idrokodona',
        'idroxisina~idroxidiona',
        'klobetasol~klometiasol',
        'pioglitasona~troglitasona',
        'prometasina~proeptasina',
        'prometasina~promasina',
      ].sort(),
    );
  });

  it.each([
    ['Prometasina 25 mg', null],
    ['alopurinoll 300 mg', null],
    ['hidroxisina 25 mg', null],
    ['clobetazol creme', null],
    ['pioglitazone 30 mg', null],
    ['ezetimibe 10 mg', null],
    ['aloperidol 5 mg', 'Haloperidol'],
    ['promazina 25 mg', 'Promazina'],
  ])('%s stays what it is (%s)', (text, substance) => {
    expect(classifyMedication(text)?.substance ?? null).toBe(substance);
  });
});

describe('loading the data file', () => {
  it('accepts the file as shipped', () => {
    expect(validateAnnex(copy()).substances.length).toBe(476);
  });

  it('refuses a count that does not match the substances listed', () => {
    const data = copy();
    data.lists.B1.count = 94;
    expect(() => validateAnnex(data)).toThrow(/list B1 has 95 substances/);
  });

  it('refuses an unknown list or a repeated substance', () => {
    const badList = copy();
    (badList.substances[0] as { list: string }).list = 'Z9';
    expect(() => validateAnnex(badList)).toThrow(/bad substance/);
    const repeated = copy();
    repeated.substances.push({ ...repeated.substances[0]! });
    expect(() => validateAnnex(repeated)).toThrow(/duplicate substance/);
  });

  it('refuses a brand given to two substances and a rule about an unknown substance', () => {
    const brand = copy();
    brand.substances.find((s) => s.name === 'Diazepam')!.brands!.push('Rivotril');
    expect(() => validateAnnex(brand)).toThrow(/brand Rivotril/);
    const rule = copy();
    rule.rules[0]!.substances.push('Substância inexistente');
    expect(() => validateAnnex(rule)).toThrow(/unknown Substância inexistente/);
  });

  it('refuses a rule that names a form that does not exist', () => {
    const data = copy();
    (data.rules.find((r) => r.form)! as { form: string }).form = 'RECEITA_AZUL';
    expect(() => validateAnnex(data)).toThrow(/form/);
  });
});

describe('reading names', () => {
  it('drops accents and case and splits numbers glued to units', () => {
    expect(phraseWords('Cloridrato de SERTRALINA 50mg')).toEqual([
      'cloridrato',
      'de',
      'sertralina',
      '50',
      'mg',
    ]);
    expect(phraseWords('Clonazepam 0,5 mg')).toEqual(['clonazepam', '0.5', 'mg']);
    expect(phraseWords('Isotretinoína')).toEqual(['isotretinoina']);
  });
});
