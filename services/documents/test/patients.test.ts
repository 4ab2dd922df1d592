import { DOCUMENT_TYPES } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPdf,
  type DocumentsUnderTest,
  FORMATTED_NOTE,
  startDocuments,
  TWO_PATIENT_NOTE,
} from './harness.js';

// Issue 12: one patient per document. Every document, prescription and file route of a note
// with several patients takes `patientIndex`; without it 422 PATIENT_REQUIRED, beyond the note's
// patients 422 PATIENT_NOT_FOUND; the result is written from that patient's part only.

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const REQUIRED = 'Escolha o paciente para este documento.';
const beyond = (index: number, count: number) =>
  `A nota não tem o paciente ${index}: ela tem ${count} ${count === 1 ? 'paciente' : 'pacientes'}. Escolha um paciente de 1 a ${count}.`;

const blankAmbulatory = {
  patientData: { name: '', birthDate: '', cpf: '', rg: '', address: '', phone: '' },
  prescriptionDate: '22/11/2026',
  medications: [
    { medication: 'Losartana', dosage: '50 mg', instructions: '1 ao dia', isControlled: false },
  ],
  generalInstructions: '',
  returnDate: '',
  prescribingPhysician: { name: '', crm: '', date: '22/11/2026' },
  hasControlledMedications: false,
};
const blankHospital = {
  patientData: { name: '', age: '', gender: '', medicalRecord: '' },
  medications: [
    { medication: 'Dipirona 1 g', route: 'EV', dilution: '', schedule: '6/6h', observations: '' },
  ],
  generalObservations: '',
  prescribingPhysician: '',
};
const blankControlled = {
  patientData: { name: '', address: 'Rua A, 1' },
  medications: [
    { medication: 'Sertralina 50 mg', quantity: '30', unit: 'comprimidos', posology: '1 ao dia' },
  ],
  text: '',
  date: '22/11/2026',
};

/** Every route that writes from the note, with a body lacking only the patient choice. */
const NOTE_ROUTES: [string, Record<string, unknown>][] = [
  ...DOCUMENT_TYPES.map(
    (documentType) =>
      ['/api/generate-document', { consultationText: TWO_PATIENT_NOTE, documentType }] as [
        string,
        Record<string, unknown>,
      ],
  ),
  ['/api/prescriptions/hospital', { consultationText: TWO_PATIENT_NOTE }],
  ['/api/prescriptions/ambulatory', { consultationText: TWO_PATIENT_NOTE }],
  ['/api/prescriptions/controlled', { consultationText: TWO_PATIENT_NOTE }],
];

/** Every file route, given the note so that the server checks the patient. */
const FILE_ROUTES: [string, Record<string, unknown>][] = [
  ['/api/generate-pdf', { content: 'Repouso relativo.', title: 'Orientações' }],
  ['/api/generate-text-document', { content: 'Repouso relativo.', title: 'Orientações' }],
  ['/api/generate-hospital-prescription-pdf', { prescription: blankHospital }],
  ['/api/prescriptions/ambulatory/pdf', { prescription: blankAmbulatory }],
  ['/api/prescriptions/controlled/pdf', { prescription: blankControlled }],
  ['/api/prescriptions/reprocess', { kind: 'ambulatory', prescription: blankAmbulatory }],
].map(([route, body]) => [
  route as string,
  { ...(body as object), consultationText: TWO_PATIENT_NOTE },
]);

const ALL_ROUTES = [...NOTE_ROUTES, ...FILE_ROUTES];

describe('patientIndex on every route', () => {
  it.each(ALL_ROUTES.map(([route, body]) => [route, body.documentType ?? '', body]))(
    '%s %s: without patientIndex 422 PATIENT_REQUIRED; beyond the note 422; 0 is 400',
    async (route, _type, body) => {
      const client = await svc.as('free');
      const missing = await client.post(route as string, body);
      expect(missing.status).toBe(422);
      expect(missing.body).toMatchObject({ code: 'PATIENT_REQUIRED', message: REQUIRED });
      const tooFar = await client.post(route as string, { ...(body as object), patientIndex: 3 });
      expect(tooFar.status).toBe(422);
      expect(tooFar.body).toMatchObject({ code: 'PATIENT_NOT_FOUND', message: beyond(3, 2) });
      const zero = await client.post(route as string, { ...(body as object), patientIndex: 0 });
      expect(zero.status).toBe(400);
      // The reprocess body is a union on `kind`: the kit names the union, not the field.
      if (route !== '/api/prescriptions/reprocess')
        expect(zero.body.message).toContain(
          'O número do paciente deve ser um número inteiro a partir de 1.',
        );
    },
  );

  it('a one-patient note needs no patientIndex, and patient 2 of it is refused', async () => {
    const client = await svc.as('anonymous');
    const one = await client.post('/api/prescriptions/ambulatory', {
      consultationText: FORMATTED_NOTE,
    });
    expect(one.status).toBe(200);
    const two = await client.post('/api/prescriptions/ambulatory', {
      consultationText: FORMATTED_NOTE,
      patientIndex: 2,
    });
    expect(two.status).toBe(422);
    expect(two.body).toMatchObject({ code: 'PATIENT_NOT_FOUND', message: beyond(2, 1) });
  });

  it.each(DOCUMENT_TYPES.map((t) => [t]))(
    'generate-document %s for patient 2 uses only that patient',
    async (documentType) => {
      const res = await (await svc.as('free')).post('/api/generate-document', {
        consultationText: TWO_PATIENT_NOTE,
        documentType,
        patientIndex: 2,
      });
      expect(res.status).toBe(200);
      const text = res.body.document as string;
      expect(text).not.toContain('Ana Lima');
      expect(text).not.toContain('Dipirona');
      expect(text).not.toContain('Cefaleia');
      if (documentType !== 'hospitalar' && documentType !== 'plano_alimentar')
        expect(text).toMatch(/Bruno Castro|Sertralina|Losartana/);
    },
  );

  it('the prescriptions for patient 2 carry only patient 2: name and drugs', async () => {
    const client = await svc.as('free');
    const body = { consultationText: TWO_PATIENT_NOTE, patientIndex: 2 };
    const hospital = await client.post('/api/prescriptions/hospital', body);
    expect(hospital.body.prescription).toMatchObject({
      patientData: { name: 'Bruno Castro', age: '52 anos' },
      medications: [{ medication: 'Sertralina 50 mg' }, { medication: 'Losartana 50 mg' }],
    });
    const ambulatory = await client.post('/api/prescriptions/ambulatory', body);
    expect(ambulatory.body.prescription).toMatchObject({
      patientData: { name: 'Bruno Castro' },
      medications: [
        { medication: 'Sertralina', isControlled: true, list: 'C1' },
        { medication: 'Losartana', isControlled: false, list: null },
      ],
    });
    const controlled = await client.post('/api/prescriptions/controlled', body);
    expect(controlled.body.prescription).toMatchObject({
      patientData: { name: 'Bruno Castro' },
      medications: [{ medication: 'Sertralina 50 mg', quantity: '30', list: 'C1' }],
    });
    const first = await client.post('/api/prescriptions/ambulatory', {
      ...body,
      patientIndex: 1,
    });
    expect(first.body.prescription).toMatchObject({
      patientData: { name: 'Ana Lima' },
      medications: [{ medication: 'Dipirona' }],
    });
    expect((first.body.prescription as { medications: unknown[] }).medications).toHaveLength(1);
  });

  it.each(FILE_ROUTES.filter(([route]) => route !== '/api/prescriptions/reprocess'))(
    '%s for patient 2 prints patient 2 when the body has no name',
    async (route, body) => {
      const res = await svc.file(await svc.as('free'), route, { ...body, patientIndex: 2 });
      expect(res.status).toBe(200);
      const text = route.endsWith('text-document')
        ? res.bytes.toString('utf8')
        : (await checkPdf(res.bytes)).text;
      expect(text).toContain('Bruno Castro');
      expect(text).not.toContain('Ana Lima');
      expect(res.headers.get('content-disposition')).toContain('bruno-castro');
    },
  );

  it('reprocess for patient 2 fills the name; a name the clinician typed wins', async () => {
    const client = await svc.as('free');
    const filled = await client.post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      prescription: blankAmbulatory,
      consultationText: TWO_PATIENT_NOTE,
      patientIndex: 2,
    });
    expect(filled.status).toBe(200);
    expect(filled.body.prescription).toMatchObject({ patientData: { name: 'Bruno Castro' } });
    const typed = await client.post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      prescription: {
        ...blankAmbulatory,
        patientData: { ...blankAmbulatory.patientData, name: 'Bruno C. Castro' },
      },
      consultationText: TWO_PATIENT_NOTE,
      patientIndex: 2,
    });
    expect(typed.body.prescription).toMatchObject({ patientData: { name: 'Bruno C. Castro' } });
  });

  it('raw [Paciente N] markers split a hand-typed note the same way', async () => {
    const note =
      'Paciente: Carla Dias\nCONDUTA\n- Dipirona 500 mg se dor\n[Paciente 2]\nPaciente: Davi Reis\nCONDUTA\n- Losartana 50 mg ao dia';
    const client = await svc.as('anonymous');
    const missing = await client.post('/api/prescriptions/hospital', { consultationText: note });
    expect(missing.body.code).toBe('PATIENT_REQUIRED');
    const second = await client.post('/api/prescriptions/hospital', {
      consultationText: note,
      patientIndex: 2,
    });
    expect(second.body.prescription).toMatchObject({
      patientData: { name: 'Davi Reis' },
      medications: [{ medication: 'Losartana 50 mg' }],
    });
  });
});
