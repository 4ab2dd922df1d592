import { DOCUMENT_TYPES } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPdf,
  type DocumentsUnderTest,
  FORMATTED_NOTE,
  PROFILE,
  startDocuments,
  todayBr,
} from './harness.js';

// Issue 12 item 2 (docs/documents.md): what CFM Res. 2.381/2024 asks of every document, per type,
// read back from each PDF with pdftotext and from each text document. The professional's fields
// are checked as the header prints them today (the body's profile); where they come from is
// another helper's change.

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const PROFESSIONAL = [PROFILE.name, PROFILE.registry, PROFILE.clinicAddress, PROFILE.clinicPhone];
const PATIENT = 'Maria Conceição Souza';
const CPF = '123.456.789-09';

describe('each PDF carries the professional, the patient (and CPF), the date, its own fields', () => {
  const cases: [string, string, Record<string, unknown>, string[]][] = [
    [
      'document (atestado)',
      '/api/generate-pdf',
      {
        title: 'Atestado Médico',
        documentType: 'atestado_medico',
        content: `Atesto, para os devidos fins, que ${PATIENT} foi atendida nesta data.`,
        patientName: PATIENT,
        patientCpf: CPF,
      },
      ['Atestado Médico', `Paciente: ${PATIENT}`, `CPF: ${CPF}`, `Emitido em ${todayBr()}`],
    ],
    [
      'hospital prescription',
      '/api/generate-hospital-prescription-pdf',
      {
        title: 'Prescrição Hospitalar',
        prescription: {
          patientData: { name: PATIENT, age: '45 anos', gender: 'Feminino', medicalRecord: '778' },
          medications: [
            {
              medication: 'Dipirona 1 g',
              route: 'EV',
              dilution: 'em 100 ml de SF 0,9%',
              schedule: '6/6h',
              observations: 'se dor',
            },
          ],
          generalObservations: 'Dieta livre.',
          prescribingPhysician: '',
        },
      },
      ['Prescrição Hospitalar', PATIENT, '45 anos', '778', 'Dipirona 1 g', `Data: ${todayBr()}`],
    ],
    [
      'ambulatory prescription',
      '/api/prescriptions/ambulatory/pdf',
      {
        prescription: {
          patientData: {
            name: PATIENT,
            birthDate: '10/03/1980',
            cpf: CPF,
            rg: '',
            address: 'Rua das Flores, 10',
            phone: '',
          },
          prescriptionDate: '22/11/2026',
          medications: [
            { medication: 'Dipirona', dosage: '500 mg', instructions: '6/6h', isControlled: false },
          ],
          generalInstructions: '',
          returnDate: '',
          prescribingPhysician: { name: '', crm: '', date: '22/11/2026' },
          hasControlledMedications: false,
        },
      },
      [
        'Receituário',
        `Paciente: ${PATIENT}`,
        `CPF: ${CPF}`,
        'Rua das Flores, 10',
        'Data: 22/11/2026',
      ],
    ],
    [
      'Receituário de Controle Especial',
      '/api/prescriptions/controlled/pdf',
      {
        prescription: {
          patientData: { name: PATIENT, address: 'Rua das Flores, 10', cpf: CPF },
          medications: [
            { medication: 'Sertralina 50 mg', quantity: '30', unit: 'comprimidos', posology: '' },
          ],
          text: '',
          date: '22/11/2026',
        },
      },
      [
        'RECEITUÁRIO DE CONTROLE ESPECIAL',
        'IDENTIFICAÇÃO DO EMITENTE',
        PATIENT,
        CPF,
        'Rua das Flores, 10',
        '30 (trinta) comprimidos',
        'Data: 22/11/2026',
        'IDENTIFICAÇÃO DO COMPRADOR',
        'IDENTIFICAÇÃO DO FORNECEDOR',
      ],
    ],
  ];

  it.each(cases)('%s', async (_name, route, body, expected) => {
    // Issue 23: the RCE only from a verified professional (the projection's, the same PROFILE).
    const who = route === '/api/prescriptions/controlled/pdf' ? 'free' : 'anonymous';
    const res = await svc.file(await svc.as(who), route, { ...body, profile: PROFILE });
    expect(res.status).toBe(200);
    const { text } = await checkPdf(res.bytes);
    for (const field of [...PROFESSIONAL, ...expected]) expect(text, field).toContain(field);
  });

  it('no CPF given: no empty CPF line is printed', async () => {
    const res = await svc.file(await svc.as('anonymous'), '/api/generate-pdf', {
      title: 'Orientações',
      content: 'Repouso.',
      patientName: PATIENT,
    });
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain(PATIENT);
    expect(text).not.toContain('CPF');
  });

  it('no professional address or phone in the profile: both left blank for the hand', async () => {
    const client = await svc.as('free', {
      professional: { clinicAddress: null, clinicPhone: null },
    });
    const body = { title: 'Atestado Médico', content: 'Atesto que a paciente foi atendida.' };
    const pdf = await svc.file(client, '/api/generate-pdf', body);
    const { text } = await checkPdf(pdf.bytes);
    const txt = (await svc.file(client, '/api/generate-text-document', body)).bytes.toString();
    for (const printed of [text, txt]) {
      expect(printed).toContain('CRM/SP 123456');
      expect(printed).toContain('Endereço profissional: ______');
      expect(printed).toContain('Tel.: ______');
    }
  });

  it('the text document (.txt) carries the same fields', async () => {
    const res = await svc.file(await svc.as('anonymous'), '/api/generate-text-document', {
      title: 'Atestado Médico',
      content: 'Atesto que a paciente foi atendida nesta data.',
      patientName: PATIENT,
      patientCpf: CPF,
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    const text = res.bytes.toString('utf8');
    for (const field of [
      ...PROFESSIONAL,
      'ATESTADO MÉDICO',
      `Paciente: ${PATIENT}`,
      `CPF: ${CPF}`,
      `Emitido em ${todayBr()}`,
    ])
      expect(text, field).toContain(field);
  });
});

describe('each generated document names the patient, the date and the signing professional', () => {
  it.each(DOCUMENT_TYPES.map((t) => [t]))('%s', async (documentType) => {
    const res = await (await svc.as('anonymous')).post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType,
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    const text = res.body.document as string;
    for (const field of [PATIENT, todayBr(), PROFILE.name, PROFILE.registry])
      expect(text, field).toContain(field);
  });

  it('the atestado states the CID only with the patient consent, in the PDF too', async () => {
    const client = await svc.as('anonymous');
    const body = {
      consultationText: FORMATTED_NOTE,
      documentType: 'atestado_medico',
      profile: PROFILE,
    };
    const without = await client.post('/api/generate-document', body);
    expect(without.body.document).not.toContain('F41.1');
    const withConsent = await client.post('/api/generate-document', {
      ...body,
      certificate: { diagnosisAuthorized: true },
    });
    expect(withConsent.body.document).toContain('CID-10: F41.1');
    const pdf = await svc.file(client, '/api/generate-pdf', {
      title: 'Atestado Médico',
      content: without.body.document,
      patientName: PATIENT,
      profile: PROFILE,
    });
    const { text } = await checkPdf(pdf.bytes);
    expect(text).toContain(PATIENT);
    expect(text).not.toContain('F41.1');
  });
});
