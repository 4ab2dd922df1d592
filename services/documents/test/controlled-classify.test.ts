import { describe, expect, it } from 'vitest';
import { classifyMedication, findControlledMatches } from '../src/generation/controlled-drugs.js';

type Row = [text: string, substance: string, list: string, matchedBy: string];

// How names arrive from a dictation or a typed prescription: any case, with or without accents,
// with doses and forms glued on, as salts, as brands, and as a speech engine misspells them.
const NAMES: Row[] = [
  // substances
  ['sertralina', 'Sertralina', 'C1', 'substance'],
  ['Sertralina 50mg', 'Sertralina', 'C1', 'substance'],
  ['SERTRALINA 100 MG 1 CP PELA MANHÃ', 'Sertralina', 'C1', 'substance'],
  ['fluoxetina 20mg cápsula', 'Fluoxetina', 'C1', 'substance'],
  ['Escitalopram 10 mg', 'Escitalopram', 'C1', 'substance'],
  ['paroxetina 20', 'Paroxetina', 'C1', 'substance'],
  ['Venlafaxina XR 75 mg', 'Venlafaxina', 'C1', 'substance'],
  ['desvenlafaxina 50mg', 'Desvenlafaxina', 'C1', 'substance'],
  ['Duloxetina 60 mg', 'Duloxetina', 'C1', 'substance'],
  ['mirtazapina 15 mg à noite', 'Mirtazapina', 'C1', 'substance'],
  ['trazodona 50mg', 'Trazodona', 'C1', 'substance'],
  ['Bupropiona XL 150', 'Bupropiona', 'C1', 'substance'],
  ['vortioxetina 10 mg', 'Vortioxetina', 'C1', 'substance'],
  ['agomelatina 25mg', 'Agomelatina', 'C1', 'substance'],
  ['amitriptilina 25 mg', 'Amitriptilina', 'C1', 'substance'],
  ['nortriptilina 25mg', 'Nortriptilina', 'C1', 'substance'],
  ['tranilcipromina 10 mg', 'Tranilcipromina', 'C1', 'substance'],
  ['Quetiapina 25 mg', 'Quetiapina', 'C1', 'substance'],
  ['risperidona 1 mg/ml solução', 'Risperidona', 'C1', 'substance'],
  ['olanzapina 5mg', 'Olanzapina', 'C1', 'substance'],
  ['Aripiprazol 10 mg', 'Aripiprazol', 'C1', 'substance'],
  ['haloperidol gotas 2mg/ml', 'Haloperidol', 'C1', 'substance'],
  ['clozapina 100 mg', 'Clozapina', 'C1', 'substance'],
  ['Lurasidona 40mg', 'Lurasidona', 'C1', 'substance'],
  ['carbamazepina 200 mg', 'Carbamazepina', 'C1', 'substance'],
  ['oxcarbazepina 300mg', 'Oxcarbazepina', 'C1', 'substance'],
  ['ácido valproico 250 mg', 'Ácido valproico', 'C1', 'substance'],
  ['Lamotrigina 50 mg', 'Lamotrigina', 'C1', 'substance'],
  ['topiramato 25mg', 'Topiramato', 'C1', 'substance'],
  ['levetiracetam 500 mg', 'Levetiracetam', 'C1', 'substance'],
  ['lacosamida 100mg', 'Lacosamida', 'C1', 'substance'],
  ['fenitoína 100 mg', 'Fenitoína', 'C1', 'substance'],
  ['gabapentina 300 mg', 'Gabapentina', 'C1', 'substance'],
  ['pregabalina 75mg', 'Pregabalina', 'C1', 'substance'],
  ['lítio 300mg', 'Lítio', 'C1', 'substance'],
  ['celecoxibe 200 mg', 'Celecoxibe', 'C1', 'substance'],
  ['clonazepam gotas', 'Clonazepam', 'B1', 'substance'],
  ['Alprazolam 0,5 mg', 'Alprazolam', 'B1', 'substance'],
  ['diazepam 10mg', 'Diazepam', 'B1', 'substance'],
  ['zolpidem 5mg', 'Zolpidem', 'B1', 'substance'],
  ['Zopiclona 7,5 mg', 'Zopiclona', 'B1', 'substance'],
  ['eszopiclona 3mg', 'Eszopiclona', 'B1', 'substance'],
  ['fenobarbital 100 mg', 'Fenobarbital', 'B1', 'substance'],
  ['modafinila 200 mg', 'Modafinila', 'B1', 'substance'],
  ['morfina 10 mg', 'Morfina', 'A1', 'substance'],
  ['oxicodona 10mg', 'Oxicodona', 'A1', 'substance'],
  ['fentanil adesivo 25 mcg/h', 'Fentanila', 'A1', 'substance'],
  ['metadona 10 mg', 'Metadona', 'A1', 'substance'],
  ['tapentadol 50 mg', 'Tapentadol', 'A1', 'substance'],
  ['codeína 30 mg', 'Codeína', 'A2', 'substance'],
  ['tramadol', 'Tramadol', 'A2', 'substance'],
  ['metilfenidato 10 mg', 'Metilfenidato', 'A3', 'substance'],
  ['lisdexanfetamina 30 mg', 'Lisdexanfetamina', 'A3', 'substance'],
  ['sibutramina 15 mg', 'Sibutramina', 'B2', 'substance'],
  ['anfepramona 75 mg', 'Anfepramona', 'B2', 'substance'],
  ['femproporex 25mg', 'Femproporex', 'B2', 'substance'],
  ['mazindol 1 mg', 'Mazindol', 'B2', 'substance'],
  ['isotretinoína', 'Isotretinoína', 'C2', 'substance'],
  ['ISOTRETINOINA 20MG', 'Isotretinoína', 'C2', 'substance'],
  ['acitretina 25 mg', 'Acitretina', 'C2', 'substance'],
  ['talidomida 100 mg', 'Talidomida', 'C3', 'substance'],
  ['oxandrolona 10 mg', 'Oxandrolona', 'C5', 'substance'],
  ['estanozolol 10mg', 'Estanozolol', 'C5', 'substance'],
  ['nandrolona 50 mg/ml', 'Nandrolona', 'C5', 'substance'],
  ['testosterona 1%', 'Testosterona', 'C5', 'substance'],
  // salts and esters, before or after the name
  ['cloridrato de fluoxetina 20 mg', 'Fluoxetina', 'C1', 'salt'],
  ['sertralina cloridrato 50mg', 'Sertralina', 'C1', 'salt'],
  ['Oxalato de escitalopram 15 mg', 'Escitalopram', 'C1', 'salt'],
  ['carbonato de lítio 450 mg CR', 'Lítio', 'C1', 'salt'],
  ['Divalproato de sódio 500 mg', 'Divalproato de sódio', 'C1', 'substance'],
  ['valproato de sódio 500mg', 'Valproato sódico', 'C1', 'substance'],
  ['hemitartarato de zolpidem 10 mg', 'Zolpidem', 'B1', 'salt'],
  ['cipionato de testosterona 200 mg/ml', 'Testosterona', 'C5', 'salt'],
  ['decanoato de nandrolona', 'Nandrolona', 'C5', 'salt'],
  ['dimesilato de lisdexanfetamina 50 mg', 'Lisdexanfetamina', 'A3', 'salt'],
  ['Cloridrato de metilfenidato 10mg', 'Metilfenidato', 'A3', 'salt'],
  ['fosfato de codeína 30mg', 'Codeína', 'A2', 'salt'],
  // brands
  ['RIVOTRIL', 'Clonazepam', 'B1', 'brand'],
  ['Rivotril 2 mg', 'Clonazepam', 'B1', 'brand'],
  ['Frontal 0,5 mg', 'Alprazolam', 'B1', 'brand'],
  ['Stilnox 10 mg', 'Zolpidem', 'B1', 'brand'],
  ['Lexotan 3mg', 'Bromazepam', 'B1', 'brand'],
  ['Gardenal 100 mg', 'Fenobarbital', 'B1', 'brand'],
  ['Ritalina LA 20 mg', 'Metilfenidato', 'A3', 'brand'],
  ['Concerta 36 mg', 'Metilfenidato', 'A3', 'brand'],
  ['Venvanse', 'Lisdexanfetamina', 'A3', 'brand'],
  ['Roacutan', 'Isotretinoína', 'C2', 'brand'],
  ['Lexapro 10 mg', 'Escitalopram', 'C1', 'brand'],
  ['Zoloft 50', 'Sertralina', 'C1', 'brand'],
  ['Depakote ER 500', 'Divalproato de sódio', 'C1', 'brand'],
  ['Tegretol CR 400', 'Carbamazepina', 'C1', 'brand'],
  ['Lyrica 75 mg', 'Pregabalina', 'C1', 'brand'],
  ['Seroquel XRO 50 mg', 'Quetiapina', 'C1', 'brand'],
  ['Cymbalta 30mg', 'Duloxetina', 'C1', 'brand'],
  ['Pristiq 50', 'Desvenlafaxina', 'C1', 'brand'],
  ['Tramal 50 mg', 'Tramadol', 'A2', 'brand'],
  ['Tylex 30 mg', 'Codeína', 'A2', 'brand'],
  ['Dimorf 10 mg', 'Morfina', 'A1', 'brand'],
  ['Durateston 250 mg/ml', 'Testosterona', 'C5', 'brand'],
  ['Reductil 10 mg', 'Sibutramina', 'B2', 'brand'],
  ['Carbolitium 300 mg', 'Lítio', 'C1', 'brand'],
  // misspellings a speech engine or a hurried typist makes
  ['clonazepan 2 mg', 'Clonazepam', 'B1', 'fuzzy'],
  ['sertralinna 50 mg', 'Sertralina', 'C1', 'fuzzy'],
  ['setralina 50mg', 'Sertralina', 'C1', 'fuzzy'],
  ['ketiapina 25 mg', 'Quetiapina', 'C1', 'fuzzy'],
  ['quetiapine 100mg', 'Quetiapina', 'C1', 'fuzzy'],
  ['risperidon 2mg', 'Risperidona', 'C1', 'fuzzy'],
  ['escitalopran 10mg', 'Escitalopram', 'C1', 'fuzzy'],
  ['fluoxetine 20 mg', 'Fluoxetina', 'C1', 'fuzzy'],
  ['venlafaxine 75', 'Venlafaxina', 'C1', 'fuzzy'],
  ['amitriptilna 25 mg', 'Amitriptilina', 'C1', 'fuzzy'],
  ['alprazolan 1mg', 'Alprazolam', 'B1', 'fuzzy'],
  ['zolpiden 10 mg', 'Zolpidem', 'B1', 'fuzzy'],
  ['metilfenidado 10mg', 'Metilfenidato', 'A3', 'fuzzy'],
  ['lamotrigine 100 mg', 'Lamotrigina', 'C1', 'fuzzy'],
  ['isotretinoin 20 mg', 'Isotretinoína', 'C2', 'fuzzy'],
];

describe('classifyMedication: names as they arrive', () => {
  it('covers at least sixty ways of naming a controlled drug', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(NAMES)('%s -> %s (%s, by %s)', (text, substance, list, matchedBy) => {
    const c = classifyMedication(text);
    expect(c).toMatchObject({ substance, list, matchedBy });
  });

  it.each([
    'dipirona',
    'Dipirona 500 mg',
    'amoxicilina',
    'Amoxicilina 500 mg 8/8h',
    'losartana',
    'Losartana potássica 50 mg',
    'paracetamol',
    'Paracetamol 750 mg',
    'Ibuprofeno 600mg',
    'Omeprazol 20 mg em jejum',
    'Clonidina 0,1 mg',
    'Prometazina 25 mg',
    'Hidroxizina 25 mg',
    'Ciclobenzaprina 10 mg',
    'Melatonina 3 mg',
    'Propranolol 40 mg',
    'Sertaconazol creme',
    'Domperidona 10 mg',
    'Vitamina D 50.000 UI',
    'tomar 1 comprimido de 8 em 8 horas se dor',
    'aplicar na pele duas vezes ao dia',
    '',
  ])('%s is not controlled', (text) => {
    expect(classifyMedication(text)).toBeNull();
  });

  it('quotes the words that matched as the clinician wrote them', () => {
    expect(classifyMedication('Tomar RIVOTRIL 2 MG à noite')?.matchedText).toBe('RIVOTRIL');
    expect(classifyMedication('Cloridrato de Sertralina 50 mg')?.matchedText).toBe(
      'Cloridrato de Sertralina',
    );
    expect(classifyMedication('Isotretinoína 20 mg')?.matchedText).toBe('Isotretinoína');
  });

  it('reports the stricter drug when a row names two', () => {
    const c = classifyMedication('amitriptilina 12,5 mg + clordiazepóxido 5 mg');
    expect(c).toMatchObject({ substance: 'Clordiazepóxido', list: 'B1', form: 'NOTIFICACAO_B' });
    expect(findControlledMatches('amitriptilina 12,5 mg + clordiazepóxido 5 mg')).toHaveLength(2);
  });
});

describe('forms, including the adendos that move a preparation to another form', () => {
  it.each([
    // zolpidem: Notificação B whatever the dose since RDC 871/2024; zopiclone alike
    ['zolpidem 5mg', 'NOTIFICACAO_B'],
    ['Zolpidem 6,25 mg', 'NOTIFICACAO_B'],
    ['Stilnox CR 12,5 mg', 'NOTIFICACAO_B'],
    ['Patz SL 5 mg', 'NOTIFICACAO_B'],
    ['zopiclona 7,5mg', 'NOTIFICACAO_B'],
    ['Rivotril 0,5 mg', 'NOTIFICACAO_B'],
    ['Sertralina 50 mg', 'RCE'],
    ['Venvanse 50 mg', 'NOTIFICACAO_A'],
    ['morfina 10 mg', 'NOTIFICACAO_A'],
    ['sibutramina 15 mg', 'NOTIFICACAO_B2'],
    ['Roacutan 20 mg', 'NOTIFICACAO_ESPECIAL_RETINOIDES'],
    ['talidomida 100 mg', 'TALIDOMIDA'],
    ['oxandrolona 10 mg', 'RCE'],
    // A2, adendos 2 and 3: up to 100 mg per dosage unit (codeine also up to 2,5%) go on the RCE
    ['tramadol 50 mg', 'RCE'],
    ['cloridrato de tramadol 100mg', 'RCE'],
    ['Tramal', 'RCE'],
    ['tramadol 200 mg', 'NOTIFICACAO_A'],
    ['tramadol', 'NOTIFICACAO_A'],
    ['codeína 30 mg', 'RCE'],
    ['paracetamol 500 mg + codeína 30 mg', 'RCE'],
    ['codeína 3 mg/ml xarope', 'RCE'],
    ['codeína 120 mg', 'NOTIFICACAO_A'],
    ['Tylex 7,5 mg', 'RCE'],
    ['Nubain 10 mg/ml', 'RCE'],
    // A1, adendo 5: controlled-release oxycodone up to 40 mg
    ['OxyContin 20 mg', 'RCE'],
    ['oxicodona 10 mg liberação controlada', 'RCE'],
    ['oxicodona 10 mg', 'NOTIFICACAO_A'],
    ['OxyContin 80 mg', 'NOTIFICACAO_A'],
    // B1, adendos 2, 9 and 16
    ['Gardenal 100 mg', 'RCE'],
    ['fenobarbital gotas 40 mg/ml', 'RCE'],
    ['perampanel 4 mg', 'RCE'],
    ['Torsilax', 'SIMPLES'],
    // C1 adendos and the Cannabis products rule
    ['Imosec 2 mg', 'SIMPLES'],
    ['Flogoral spray', 'SIMPLES'],
    ['tetracaína colírio', 'RCE'],
    ['canabidiol 200 mg/ml', 'NOTIFICACAO_B'],
    // C2 and C5, adendo 2: topical preparations carry no retention
    ['isotretinoína gel 0,05%', 'SIMPLES'],
    ['Vitacid 0,025% creme', 'SIMPLES'],
    ['gel de adapaleno 0,1%', 'SIMPLES'],
    ['tretinoína 10 mg cápsula', 'NOTIFICACAO_ESPECIAL_RETINOIDES'],
    ['Trofodermin creme', 'SIMPLES'],
    ['Androgel 1%', 'RCE'],
  ])('%s -> %s', (text, form) => {
    expect(classifyMedication(text)?.form).toBe(form);
  });

  it('cites the adendo that set the form', () => {
    expect(classifyMedication('tramadol 50 mg')?.rule).toEqual({
      id: 'A2-3',
      citation: 'lista A2, adendo 3',
      explain: 'preparações com até 100 mg de tramadol por unidade posológica',
    });
  });

  it("reads a dose exception from the drug's own line only, never from a neighbouring medicine", () => {
    // Each line of a prescription is one medicine: the dipyrone's 500 mg / 50 mg are not tramadol's.
    const forms = (text: string) => findControlledMatches(text).map((m) => m.form);
    expect(forms('Tramadol gotas\nDipirona 50 mg, 20 gotas')).toEqual(['NOTIFICACAO_A']);
    expect(forms('Dipirona 50 mg\nTramadol')).toEqual(['NOTIFICACAO_A']);
    expect(forms('Codeína xarope\nParacetamol 20 mg/ml')).toEqual(['NOTIFICACAO_A']);
    // Its own line still counts, in a text of many lines.
    expect(forms('Dipirona 500 mg\nTramadol 50 mg\nCodeína 30 mg')).toEqual(['RCE', 'RCE']);
    expect(forms('Dipirona 500 mg\nTramadol 200 mg\nIbuprofeno 50 mg')).toEqual(['NOTIFICACAO_A']);
  });

  it('says which exception could apply when the text does not show it', () => {
    expect(classifyMedication('tramadol')?.notes).toEqual([
      'Exceção (lista A2, adendo 3): preparações com até 100 mg de tramadol por unidade posológica vão no Receituário de Controle Especial em duas vias.',
    ]);
    expect(classifyMedication('misoprostol 200 mcg')?.notes).toEqual([
      'Compra e uso só em estabelecimentos hospitalares cadastrados na autoridade sanitária (lista C1, adendo 4).',
    ]);
  });
});
