import { numberToWords } from '@pv/pt-text';
import { describe, expect, it } from 'vitest';
import {
  CONTROLLED_DRUGS,
  findControlledDrug,
  notificationFor,
  rceRefusalMessage,
} from '../src/generation/controlled-drugs.js';
import { quantityInWords } from '../src/generation/number-words.js';

describe('controlled-drug detection (Portaria SVS/MS 344/98)', () => {
  it('holds every substance of lists A1-A3, B1, B2, C1, C2 and C5 of Annex I, each with its list', () => {
    // 476 substances in Annex I as consolidated by RDC 1.036/2026, less the 3 of list C3,
    // which the prescription contracts do not carry (see docs/controlled-drugs.md).
    expect(CONTROLLED_DRUGS.length).toBe(473);
    for (const drug of CONTROLLED_DRUGS) expect(drug.list).toMatch(/^(A1|A2|A3|B1|B2|C1|C2|C5)$/);
  });

  it.each([
    // generic names, any case, with accents or without, inside dose text
    ['Clonazepam 2 mg', 'clonazepam', 'B1'],
    ['CLONAZEPAM 0,5MG 1 cp à noite', 'clonazepam', 'B1'],
    ['diazepam 10mg', 'diazepam', 'B1'],
    ['Codeína 30 mg', 'codeína', 'A2'],
    ['codeina 30 mg', 'codeína', 'A2'],
    ['Cloridrato de tramadol 50 mg', 'tramadol', 'A2'],
    ['Morfina 10 mg/ml EV', 'morfina', 'A1'],
    ['Metilfenidato 10 mg', 'metilfenidato', 'A3'],
    ['Sertralina 50mg', 'sertralina', 'C1'],
    ['Fluoxetina 20 mg cápsula', 'fluoxetina', 'C1'],
    ['Quetiapina 25 mg', 'quetiapina', 'C1'],
    // Annex I lists the substance (lítio); the carbonate is its salt.
    ['Carbonato de lítio 300 mg', 'lítio', 'C1'],
    ['Ácido valproico 250 mg', 'ácido valproico', 'C1'],
    ['ACIDO VALPROICO 500MG', 'ácido valproico', 'C1'],
    ['Testosterona (cipionato) 200 mg IM', 'testosterona', 'C5'],
    ['Sibutramina 15 mg', 'sibutramina', 'B2'],
    // brands
    ['Rivotril 2 mg', 'clonazepam', 'B1'],
    ['Frontal 0,5 mg', 'alprazolam', 'B1'],
    ['Ritalina LA 20 mg', 'metilfenidato', 'A3'],
    ['Tramal 50', 'tramadol', 'A2'],
    ['Gardenal 100 mg', 'fenobarbital', 'B1'],
    ['Seroquel XR', 'quetiapina', 'C1'],
    // misspellings of generic names
    ['clonazepan 2 mg', 'clonazepam', 'B1'],
    ['sertralinna 50 mg', 'sertralina', 'C1'],
    ['amitriptilna 25 mg', 'amitriptilina', 'C1'],
    ['meperidina 50 mg', 'petidina', 'A1'],
  ])('%s -> %s (%s)', (text, name, list) => {
    const drug = findControlledDrug(text);
    expect(drug?.name).toBe(name);
    expect(drug?.list).toBe(list);
  });

  it.each([
    'Dipirona 500 mg',
    'Losartana 50 mg',
    'Clonidina 0,1 mg',
    'Fluconazol 150 mg',
    'Metformina 850 mg',
    'Domperidona 10 mg',
    'Omeprazol 20 mg',
    'Amoxicilina 500 mg',
    'Paracetamol 750 mg',
    'Sertaconazol creme',
  ])('%s is not controlled', (text) => {
    expect(findControlledDrug(text)).toBeUndefined();
  });

  it('lists A and B need a notification; C lists go on the RCE', () => {
    expect(notificationFor('A1')).toBe('Notificação de Receita A');
    expect(notificationFor('A3')).toBe('Notificação de Receita A');
    expect(notificationFor('B1')).toBe('Notificação de Receita B');
    expect(notificationFor('B2')).toBe('Notificação de Receita B2');
    expect(notificationFor('C1')).toBeUndefined();
    expect(notificationFor('C5')).toBeUndefined();
  });

  it('a benzodiazepine is refused from the RCE with the notification it needs', () => {
    expect(rceRefusalMessage('Diazepam 10 mg', findControlledDrug('diazepam')!)).toBe(
      'Diazepam 10 mg (lista B1 da Portaria SVS/MS 344/98) não pode ser prescrito no Receituário de Controle Especial: exige Notificação de Receita B.',
    );
  });
});

describe('quantities in words (pt-BR)', () => {
  it.each([
    [0, 'zero'],
    [1, 'um'],
    [11, 'onze'],
    [16, 'dezesseis'],
    [21, 'vinte e um'],
    [30, 'trinta'],
    [60, 'sessenta'],
    [100, 'cem'],
    [101, 'cento e um'],
    [120, 'cento e vinte'],
    [200, 'duzentos'],
    [345, 'trezentos e quarenta e cinco'],
    [1000, 'mil'],
    [1001, 'mil e um'],
    [1200, 'mil e duzentos'],
    [1234, 'mil duzentos e trinta e quatro'],
    [2000, 'dois mil'],
    [1_000_000, 'um milhão'],
    [2_500_000, 'dois milhões e quinhentos mil'],
  ])('%i -> %s', (n, words) => {
    expect(numberToWords(n)).toBe(words);
  });

  it('agrees with feminine units', () => {
    expect(numberToWords(2, 'feminine')).toBe('duas');
    expect(numberToWords(200, 'feminine')).toBe('duzentas');
    expect(quantityInWords('2', 'caixas')).toBe('2 (duas) caixas');
    expect(quantityInWords('30', 'comprimidos')).toBe('30 (trinta) comprimidos');
    expect(quantityInWords('21', 'cápsulas')).toBe('21 (vinte e uma) cápsulas');
  });
});
