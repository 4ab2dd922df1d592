import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPdf, type DocumentsUnderTest, PROFILE, startDocuments } from './harness.js';

// Issue 12: the Annex I table wired into the routes. Effective control = table OR the
// clinician's flag, never dropped; a simple prescription never carries a controlled drug; the
// RCE refuses drugs that need a notification; every RCE edit reaches both copies.

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

/**
 * [what the clinician (or the speech engine) wrote, the list expected, or null]. Substances,
 * salts, brands, doses glued to the name, upper case and misspellings.
 */
const TABLE: [string, string | null][] = [
  // C1: antidepressants
  ['sertralina', 'C1'],
  ['Sertralina 50mg', 'C1'],
  ['cloridrato de sertralina 50 mg', 'C1'],
  ['SERTRALINA', 'C1'],
  ['fluoxetina 20 mg', 'C1'],
  ['Prozac', 'C1'],
  ['paroxetina', 'C1'],
  ['escitalopram 10mg', 'C1'],
  ['Lexapro', 'C1'],
  ['citalopram', 'C1'],
  ['venlafaxina 75 mg', 'C1'],
  ['desvenlafaxina', 'C1'],
  ['duloxetina 60 mg', 'C1'],
  ['mirtazapina 15 mg', 'C1'],
  ['bupropiona 150 mg', 'C1'],
  ['trazodona', 'C1'],
  ['amitriptilina 25 mg', 'C1'],
  ['nortriptilina', 'C1'],
  ['clomipramina', 'C1'],
  ['vortioxetina', 'C1'],
  // C1: antipsychotics
  ['quetiapina 25mg', 'C1'],
  ['Seroquel', 'C1'],
  ['risperidona 2 mg', 'C1'],
  ['olanzapina', 'C1'],
  ['aripiprazol', 'C1'],
  ['haloperidol 5 mg', 'C1'],
  ['clozapina', 'C1'],
  ['ziprasidona', 'C1'],
  // C1: anticonvulsants, gabapentinoids, lithium
  ['carbamazepina 200 mg', 'C1'],
  ['Tegretol', 'C1'],
  ['oxcarbazepina', 'C1'],
  ['lamotrigina', 'C1'],
  ['ácido valproico', 'C1'],
  ['Depakote', 'C1'],
  ['topiramato', 'C1'],
  ['gabapentina 300 mg', 'C1'],
  ['pregabalina 75 mg', 'C1'],
  ['carbonato de lítio 300 mg', 'C1'],
  ['biperideno', 'C1'],
  // B1: benzodiazepines and hypnotics
  ['clonazepam 2 mg', 'B1'],
  ['RIVOTRIL', 'B1'],
  ['Rivotril 2mg', 'B1'],
  ['clonazepan', 'B1'],
  ['alprazolam 0,5 mg', 'B1'],
  ['Frontal', 'B1'],
  ['diazepam 10 mg', 'B1'],
  ['lorazepam', 'B1'],
  ['bromazepam', 'B1'],
  ['midazolam', 'B1'],
  ['zolpidem 10 mg', 'B1'],
  ['zolpidem 5 mg', 'B1'],
  ['Stilnox', 'B1'],
  ['zopiclona', 'B1'],
  ['eszopiclona', 'B1'],
  ['fenobarbital 100 mg', 'B1'],
  ['clobazam', 'B1'],
  // A1, A2: opioids; A3: stimulants
  ['morfina 10 mg', 'A1'],
  ['oxicodona', 'A1'],
  ['fentanil', 'A1'],
  ['metadona', 'A1'],
  ['codeína', 'A2'],
  ['tramadol', 'A2'],
  ['metilfenidato 10 mg', 'A3'],
  ['Ritalina', 'A3'],
  ['lisdexanfetamina', 'A3'],
  // B2: anorectics
  ['sibutramina 15 mg', 'B2'],
  ['anfepramona', 'B2'],
  // C2 retinoids, C3 thalidomide, C5 anabolics
  ['isotretinoína 20 mg', 'C2'],
  ['Roacutan', 'C2'],
  ['acitretina', 'C2'],
  ['talidomida', 'C3'],
  ['testosterona', 'C5'],
  ['oxandrolona', 'C5'],
  ['nandrolona', 'C5'],
  // not controlled
  ['dipirona 500 mg', null],
  ['paracetamol 750 mg', null],
  ['losartana 50 mg', null],
  ['amoxicilina 500 mg', null],
  ['omeprazol 20 mg', null],
  ['metformina 850 mg', null],
  ['sinvastatina 20 mg', null],
  ['clonidina 0,1 mg', null],
  ['prometazina 25 mg', null],
  ['ciclobenzaprina 5 mg', null],
];

/** The notification each list needs (the RCE for C1/C5 and for adendo preparations). */
const FORM_OF_LIST: Record<string, string> = {
  A1: 'Notificação de Receita A',
  A2: 'Notificação de Receita A',
  A3: 'Notificação de Receita A',
  B1: 'Notificação de Receita B',
  B2: 'Notificação de Receita B2',
  C1: 'Receituário de Controle Especial em duas vias',
  C2: 'Notificação de Receita Especial para retinoides',
  C3: 'Notificação de Receita Especial de talidomida e análogos',
  C5: 'Receituário de Controle Especial em duas vias',
};
/** Preparations an adendo sends to the RCE although their list needs a notification. */
const ADENDO_TO_RCE = new Set(['fenobarbital 100 mg']);

const ambulatory = (
  medications: { medication: string; dosage?: string; isControlled?: boolean }[],
  patient = 'Paula Nogueira',
) => ({
  patientData: { name: patient, birthDate: '', cpf: '', rg: '', address: '', phone: '' },
  prescriptionDate: '22/11/2026',
  medications: medications.map((m) => ({
    medication: m.medication,
    dosage: m.dosage ?? '',
    instructions: '',
    isControlled: m.isControlled ?? false,
  })),
  generalInstructions: '',
  returnDate: '',
  prescribingPhysician: { name: '', crm: '', date: '22/11/2026' },
  hasControlledMedications: false,
});

type Row = { medication: string; isControlled: boolean; list: string | null };
type Decision = { row: number; list: string; formLabel: string; reason: string; message: string };

describe(`the Annex I table through the route (${TABLE.length} names)`, () => {
  it('every name gets its list, its form, and the simple prescription refuses it', async () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
    const res = await (await svc.as('free')).post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      prescription: ambulatory(TABLE.map(([medication]) => ({ medication }))),
    });
    expect(res.status).toBe(200);
    const rows = (res.body.prescription as { medications: Row[] }).medications;
    const decisions = res.body.controlled as Decision[];
    const got = rows.map((r) => [r.medication, r.list]);
    expect(got).toEqual(TABLE);
    for (const [i, r] of rows.entries())
      expect(r.isControlled, r.medication).toBe(TABLE[i]![1] !== null);
    const byRow = new Map(decisions.map((d) => [d.row, d]));
    for (const [i, [name, list]] of TABLE.entries()) {
      const decision = byRow.get(i);
      if (list === null) {
        expect(decision, name).toBeUndefined();
        continue;
      }
      expect(decision?.list, name).toBe(list);
      expect(decision?.reason, name).toBe('table');
      const form = ADENDO_TO_RCE.has(name)
        ? 'Receituário de Controle Especial em duas vias'
        : FORM_OF_LIST[list];
      expect(decision?.formLabel, name).toBe(form);
      expect(decision?.message, name).toContain(`exige ${form}`);
    }
    const sizes = new Map<string, number>();
    for (const [, list] of TABLE) sizes.set(list ?? '-', (sizes.get(list ?? '-') ?? 0) + 1);
    // Printed so the closing report can quote the table's size per list.
    console.info('classification table per list', Object.fromEntries(sizes));
  });

  it('names the speech engine mangles: the message shows what was written', async () => {
    const res = await (await svc.as('anonymous')).post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      prescription: ambulatory([{ medication: 'clonazepan', dosage: '2 mg' }]),
    });
    expect(res.body.controlled).toEqual([
      expect.objectContaining({
        list: 'B1',
        message: 'Clonazepam (escrito "clonazepan", lista B1) exige Notificação de Receita B.',
      }),
    ]);
  });
});

describe("the clinician's flag is never dropped", () => {
  it('a flagged drug the table lacks is handled as C1 and the response says so', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      prescription: ambulatory([
        { medication: 'Cariprazina', dosage: '1,5 mg', isControlled: true },
        { medication: 'Losartana', dosage: '50 mg', isControlled: false },
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.prescription).toMatchObject({
      medications: [
        { medication: 'Cariprazina', isControlled: true, list: 'C1' },
        { medication: 'Losartana', isControlled: false, list: null },
      ],
      hasControlledMedications: true,
    });
    expect(res.body.controlled).toEqual([
      {
        row: 0,
        medication: 'Cariprazina 1,5 mg',
        list: 'C1',
        form: 'RCE',
        formLabel: 'Receituário de Controle Especial em duas vias',
        reason: 'clinician-flag',
        message:
          'Cariprazina 1,5 mg foi marcado como controlado pelo profissional e não consta da Portaria SVS/MS 344/98: tratado como lista C1, exige Receituário de Controle Especial em duas vias.',
      },
    ]);
  });

  it('the table is never downgraded by a flag set to false', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      prescription: ambulatory([{ medication: 'Rivotril', dosage: '2 mg', isControlled: false }]),
    });
    expect(res.body.prescription).toMatchObject({
      medications: [{ isControlled: true, list: 'B1' }],
      hasControlledMedications: true,
    });
  });

  it('the flag survives the simple-prescription PDF: 422, the drug named, nothing printed', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/ambulatory/pdf', {
      prescription: ambulatory([
        { medication: 'Cariprazina', dosage: '1,5 mg', isControlled: true },
        { medication: 'Dipirona', dosage: '500 mg' },
      ]),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CONTROLLED_DRUG_IN_SIMPLE_PRESCRIPTION');
    expect(res.body.message).toContain(
      'Cariprazina 1,5 mg foi marcado como controlado pelo profissional e não consta da Portaria SVS/MS 344/98: tratado como lista C1',
    );
  });

  it('on the RCE every row counts as flagged: an unknown drug is printed as C1', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/reprocess', {
      kind: 'controlled',
      prescription: {
        patientData: { name: 'Paula', address: 'Rua B, 2' },
        medications: [
          { medication: 'Cariprazina 1,5 mg', quantity: '30', unit: 'cápsulas', posology: '' },
        ],
        text: '',
        date: '22/11/2026',
      },
    });
    expect(res.body.prescription).toMatchObject({ medications: [{ list: 'C1' }] });
    expect(res.body.controlled).toEqual([
      expect.objectContaining({ list: 'C1', reason: 'clinician-flag', form: 'RCE' }),
    ]);
    expect(res.body.requiredNotifications).toEqual([]);
  });
});

describe('the simple prescription never carries a controlled drug', () => {
  it('422 names each drug and the form it needs; lists A and B get their notification', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/ambulatory/pdf', {
      prescription: ambulatory([
        { medication: 'Sertralina', dosage: '50 mg' },
        { medication: 'Rivotril', dosage: '2 mg' },
        { medication: 'Ritalina', dosage: '10 mg' },
        { medication: 'Roacutan', dosage: '20 mg' },
        { medication: 'Dipirona', dosage: '500 mg' },
      ]),
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'A receita simples não pode levar medicamento controlado (Portaria SVS/MS 344/98). Retire-o desta receita: ' +
        'Sertralina (lista C1) exige Receituário de Controle Especial em duas vias. ' +
        'Rivotril (clonazepam, lista B1) exige Notificação de Receita B. ' +
        'Ritalina (metilfenidato, lista A3) exige Notificação de Receita A. ' +
        'Roacutan (isotretinoína, lista C2) exige Notificação de Receita Especial para retinoides. ' +
        'Para os de Receituário de Controle Especial, gere o documento "Receituário Controlado".',
    );
  });
});

const RCE = {
  patientData: { name: 'Célia Magalhães', address: 'Rua São João, 45' },
  medications: [
    { medication: 'Sertralina 50 mg', quantity: '30', unit: 'comprimidos', posology: '1 ao dia' },
  ],
  text: '',
  date: '22/11/2026',
};

const rcePdf = async (prescription: unknown) =>
  svc.file(await svc.as('free'), '/api/prescriptions/controlled/pdf', {
    prescription,
    profile: PROFILE,
  });

describe('the RCE: notifications refused, every edit on both copies', () => {
  it.each([
    ['Ritalina 10 mg', 'Ritalina (metilfenidato, lista A3) exige Notificação de Receita A.'],
    ['sibutramina 15 mg', 'Sibutramina (lista B2) exige Notificação de Receita B2.'],
    [
      'isotretinoína 20 mg',
      'Isotretinoína (lista C2) exige Notificação de Receita Especial para retinoides.',
    ],
    ['zolpidem 5 mg', 'Zolpidem (lista B1) exige Notificação de Receita B.'],
  ])('%s is refused with the notification it needs', async (medication, message) => {
    const res = await (await svc.as('free')).post('/api/prescriptions/controlled/pdf', {
      prescription: {
        ...RCE,
        medications: [{ medication, quantity: '30', unit: 'comprimidos', posology: '' }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOTIFICATION_REQUIRED');
    expect(res.body.message).toBe(
      `Este receituário não pode ser impresso: há medicamento que exige notificação de receita, que não é impressa por aqui. ${message}`,
    );
  });

  it('patient name, address, CPF, date, free text and rows edited: both copies carry them', async () => {
    // The generated text, as the workspace shows it, then edited by the clinician.
    const generated = await (await svc.as('free')).post('/api/prescriptions/reprocess', {
      kind: 'controlled',
      prescription: RCE,
    });
    const text = (generated.body.prescription as { text: string }).text
      .replace('Paciente: Célia Magalhães', 'Paciente: Célia Regina Magalhães')
      .replace('Endereço: Rua São João, 45', 'CPF: 987.654.321-00\nEndereço: Av. Brasil, 900')
      .replace('Data: 22/11/2026', 'Não interromper sem orientação médica.\n\nData: 01/12/2026');
    const res = await rcePdf({
      ...RCE,
      medications: [
        {
          medication: 'Escitalopram 10 mg',
          quantity: '28',
          unit: 'comprimidos',
          posology: '1 à noite',
        },
        { medication: 'Pregabalina 75 mg', quantity: '60', unit: 'cápsulas', posology: '12/12h' },
      ],
      text,
    });
    expect(res.status).toBe(200);
    const { text: pdf, pages } = await checkPdf(res.bytes);
    expect(pages).toBe(2);
    const [first, second] = pdf.split('2ª via - Orientação ao Paciente');
    expect(first).toContain('1ª via - Retenção da Farmácia ou Drogaria');
    for (const copy of [first!, second!]) {
      for (const expected of [
        'Célia Regina Magalhães',
        '987.654.321-00',
        'Av. Brasil, 900',
        '01/12/2026',
        'Não interromper sem orientação médica.',
        'Escitalopram 10 mg',
        '28 (vinte e oito) comprimidos',
        'Pregabalina 75 mg',
        '60 (sessenta) cápsulas',
        '12/12h',
      ])
        expect(copy, expected).toContain(expected);
      expect(copy).not.toContain('Sertralina');
      expect(copy).not.toContain('Rua São João');
      expect(copy).not.toContain('22/11/2026');
    }
  });
});

describe('bad input: an empty medication row is a 422 and nothing is printed', () => {
  const message = (row: number) =>
    `A linha ${row} da prescrição está sem medicamento. Preencha o medicamento ou remova a linha.`;

  it('ambulatory', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/ambulatory/pdf', {
      prescription: ambulatory([
        { medication: 'Dipirona', dosage: '500 mg' },
        { medication: ' ', dosage: '50 mg' },
      ]),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'EMPTY_MEDICATION_ROW', message: message(2) });
  });

  it('hospital', async () => {
    const res = await (await svc.as('free')).post('/api/generate-hospital-prescription-pdf', {
      prescription: {
        patientData: { name: 'Paula', age: '', gender: '', medicalRecord: '' },
        medications: [
          { medication: '', route: 'EV', dilution: '', schedule: '8/8h', observations: '' },
        ],
        generalObservations: '',
        prescribingPhysician: '',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'EMPTY_MEDICATION_ROW', message: message(1) });
  });

  it('RCE', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/controlled/pdf', {
      prescription: {
        ...RCE,
        medications: [
          ...RCE.medications,
          { medication: '', quantity: '10', unit: 'comprimidos', posology: '' },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'EMPTY_MEDICATION_ROW', message: message(2) });
  });
});
