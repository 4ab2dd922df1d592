import { randomBytes } from 'node:crypto';
import {
  DOCUMENT_TYPES,
  type DocumentGeneratedPayload,
  type GenerateDocumentResponse,
} from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectEvents,
  type DocumentsUnderTest,
  FORMATTED_NOTE,
  PROFILE,
  startDocuments,
} from './harness.js';

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const generate = async (documentType: string, extra: Record<string, unknown> = {}) =>
  (await svc.as('free')).post('/api/generate-document', {
    consultationText: FORMATTED_NOTE,
    documentType,
    professional: 'consulta_medica',
    profile: PROFILE,
    ...extra,
  });

/** What each offline document must contain, taken from the note. */
const EXPECTED: Record<(typeof DOCUMENT_TYPES)[number], string[]> = {
  receituario: [
    'RECEITUÁRIO',
    'Dipirona 500 mg',
    '1 medicamento controlado da consulta (Portaria SVS/MS 344/98) não foi incluído nesta receita',
  ],
  hospitalar: ['PRESCRIÇÃO HOSPITALAR', 'Sertralina 50 mg - VO', 'Prontuário'],
  // A simple prescription: the controlled drug is left out and counted (pharmacists refuse it).
  ambulatorial: [
    'PRESCRIÇÃO AMBULATORIAL',
    'Dipirona 500 mg',
    'Retorno: 30 dias',
    '1 medicamento controlado da consulta (Portaria SVS/MS 344/98) não foi incluído nesta receita',
  ],
  controlada: ['RECEITUÁRIO DE CONTROLE ESPECIAL', 'Sertralina 50 mg', '30 (trinta) comprimidos'],
  atestado_medico: ['ATESTADO MÉDICO', '3 (três) dias de afastamento', 'CRM/SP 123456'],
  orientacoes_paciente: ['ORIENTAÇÕES AO PACIENTE', 'SINAIS DE ALERTA', 'Retorno em 30 dias'],
  orientacoes_enfermagem: ['ORIENTAÇÕES DE ENFERMAGEM', 'MONITORAMENTO', 'sinais vitais'],
  pedido_exames: ['SOLICITAÇÃO DE EXAMES', '- Hemograma', '- TSH', '- Glicemia de jejum', 'F41.1'],
  resumo_consulta: ['RESUMO DA CONSULTA', 'Insônia e ansiedade', 'Transtorno de ansiedade'],
  plano_alimentar: ['PLANO ALIMENTAR', 'Café da manhã', 'HIDRATAÇÃO'],
};

describe('POST /api/generate-document, offline (no LLM configured)', () => {
  it.each(DOCUMENT_TYPES.map((t) => [t]))('%s is built from the formatted note', async (type) => {
    const res = await generate(type);
    expect(res.status).toBe(200);
    const body = res.body as unknown as GenerateDocumentResponse;
    expect(body).toMatchObject({ documentType: type, engine: 'offline', model: 'offline-ptbr' });
    for (const expected of EXPECTED[type]) expect(body.document).toContain(expected);
    expect(body.document).toContain('Maria Conceição Souza');
    expect(body.document).toContain(PROFILE.name);
  });

  it("without formatted text answers the spec's message", async () => {
    for (const consultationText of [undefined, '', '   \n ']) {
      const res = await generate('receituario', { consultationText });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Texto formatado não disponível');
    }
  });

  it('refuses an unknown document type', async () => {
    const res = await generate('receita_magica');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Tipo de documento desconhecido. Escolha um dos tipos da lista de documentos.',
    );
  });

  it('the atestado states the CID only with the patient authorisation (CFM)', async () => {
    const without = (await generate('atestado_medico')).body.document as string;
    expect(without).not.toContain('F41.1');
    expect(without).not.toContain('ansiedade');
    const authorised = (
      await generate('atestado_medico', { certificate: { diagnosisAuthorized: true, daysOff: 2 } })
    ).body.document as string;
    expect(authorised).toContain('CID-10: F41.1');
    expect(authorised).toContain('autorização expressa');
    expect(authorised).toContain('2 (dois) dias de afastamento');
  });

  it('the controlled document names the notification a benzodiazepine needs', async () => {
    const note = FORMATTED_NOTE.replace('Sertralina 50 mg', 'Clonazepam 2 mg');
    const res = await generate('controlada', { consultationText: note });
    expect(res.body.document).toContain('Clonazepam (lista B1) exige Notificação de Receita B.');
  });

  it('publishes document.generated.v1 with the user, type and format (no content)', async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-documents');
    const events = await collectEvents(nc, `test-doc-${randomBytes(4).toString('hex')}`, [
      'document.generated.v1',
    ]);
    try {
      const client = await svc.as('free');
      await client.post('/api/generate-document', {
        consultationText: FORMATTED_NOTE,
        documentType: 'pedido_exames',
      });
      const event = await events.waitFor(
        (e) => (e.payload as DocumentGeneratedPayload).userId === client.userId,
      );
      expect(event.payload).toEqual({
        userId: client.userId,
        documentType: 'pedido_exames',
        format: 'text',
      });
    } finally {
      await events.stop();
      await nc.close();
    }
  });
});

describe('prescriptions under /api/prescriptions, offline', () => {
  it('hospital: patient, medications with route and schedule, prescriber', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/hospital', {
      consultationText: FORMATTED_NOTE,
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    expect(res.body.engine).toBe('offline');
    const p = res.body.prescription as Record<string, never> & {
      medications: { medication: string; route: string; schedule: string }[];
    };
    expect(p).toMatchObject({
      patientData: { name: 'Maria Conceição Souza', age: '45 anos', gender: 'Feminino' },
      prescribingPhysician: 'Dra. Ana Beatriz Gonçalves - CRM/SP 123456',
    });
    expect(p.medications[0]).toMatchObject({
      medication: 'Sertralina 50 mg',
      route: 'VO',
      schedule: 'pela manhã',
    });
    expect(p.medications[1]).toMatchObject({ medication: 'Dipirona 500 mg', schedule: '6/6h' });
  });

  it('ambulatory: controlled drugs are flagged per medication and overall', async () => {
    const res = await (await svc.as('anonymous')).post('/api/prescriptions/ambulatory', {
      consultationText: FORMATTED_NOTE,
    });
    expect(res.status).toBe(200);
    const p = res.body.prescription as {
      medications: { medication: string; isControlled: boolean }[];
      hasControlledMedications: boolean;
      returnDate: string;
    };
    expect(p.medications.map((m) => [m.medication, m.isControlled])).toEqual([
      ['Sertralina', true],
      ['Dipirona', false],
    ]);
    expect(p.hasControlledMedications).toBe(true);
    expect(p.returnDate).toBe('30 dias');
  });

  it('controlled: quantity from the posology; a note without controlled drugs gives one blank row', async () => {
    const client = await svc.as('free');
    const res = await client.post('/api/prescriptions/controlled', {
      consultationText: FORMATTED_NOTE,
    });
    expect(res.status).toBe(200);
    expect(res.body.prescription).toMatchObject({
      patientData: { name: 'Maria Conceição Souza' },
      medications: [
        { medication: 'Sertralina 50 mg', quantity: '30', unit: 'comprimidos', list: 'C1' },
      ],
    });
    expect(res.body.requiredNotifications).toEqual([]);
    const none = await client.post('/api/prescriptions/controlled', {
      consultationText: 'CONDUTA\n- Dipirona 500 mg se dor',
    });
    expect((none.body.prescription as { medications: unknown[] }).medications).toEqual([
      { medication: '', quantity: '', unit: '', posology: '', list: null },
    ]);
  });

  it('controlled: a benzodiazepine is reported as needing the Notificação de Receita B', async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/controlled', {
      consultationText: FORMATTED_NOTE.replace('Sertralina 50 mg', 'Diazepam 10 mg'),
    });
    expect(res.body.requiredNotifications).toEqual([
      {
        medication: 'Diazepam 10 mg',
        list: 'B1',
        notification: 'Notificação de Receita B',
        message: 'Diazepam (lista B1) exige Notificação de Receita B.',
      },
    ]);
  });

  it('reprocess re-checks an edited prescription (flags recomputed, empty list -> one blank row)', async () => {
    const client = await svc.as('free');
    const ambulatory = await client.post('/api/prescriptions/reprocess', {
      kind: 'ambulatory',
      corrections: 'trocar dipirona por paracetamol',
      prescription: {
        patientData: { name: 'Maria', birthDate: '', cpf: '', rg: '', address: '', phone: '' },
        prescriptionDate: '22/11/2026',
        medications: [
          {
            medication: 'Rivotril',
            dosage: '2 mg',
            instructions: '1 à noite',
            isControlled: false,
          },
          { medication: '', dosage: '', instructions: '', isControlled: false },
        ],
        generalInstructions: '',
        returnDate: '',
        prescribingPhysician: { name: 'Ana', crm: 'CRM/SP 1', date: '22/11/2026' },
        hasControlledMedications: false,
      },
    });
    expect(ambulatory.status).toBe(200);
    expect(ambulatory.body).toMatchObject({ kind: 'ambulatory', engine: 'offline' });
    expect(ambulatory.body.prescription).toMatchObject({
      medications: [{ medication: 'Rivotril', isControlled: true }],
      hasControlledMedications: true,
    });
    const controlled = await client.post('/api/prescriptions/reprocess', {
      kind: 'controlled',
      prescription: {
        patientData: { name: 'Maria', address: 'Rua A, 1' },
        medications: [],
        text: '',
        date: '22/11/2026',
      },
    });
    expect(controlled.status).toBe(200);
    expect((controlled.body.prescription as { medications: unknown[] }).medications).toHaveLength(
      1,
    );
  });

  it("without formatted text answers the spec's message", async () => {
    const res = await (await svc.as('free')).post('/api/prescriptions/hospital', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Texto formatado não disponível');
  });
});
