import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPdf,
  type DocumentsUnderTest,
  FORMATTED_NOTE,
  PROFILE,
  startDocuments,
} from './harness.js';

// The free-text receituário ('receituario' document) is a simple prescription: /api/generate-pdf
// and /api/generate-text-document read its text for controlled drugs with the same table and
// answer the same 422 as the structured simple prescription (docs/documents.md).

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const START =
  'A receita simples não pode levar medicamento controlado (Portaria SVS/MS 344/98). Retire-o desta receita:';
const USE_RCE =
  'Para os de Receituário de Controle Especial, gere o documento "Receituário Controlado".';

const receituario = (content: string) => ({
  content,
  title: 'Receituário',
  documentType: 'receituario',
  patientName: 'Maria Conceição Souza',
});

const FREE_TEXT = [
  'Uso oral:',
  '1. Sertralina 50 mg ---------- 30 comprimidos',
  'Tomar 1 comprimido pela manhã.',
  '2. Rivotril 2 mg ---------- 30 comprimidos',
  '3. Ritalina 10 mg, 1 comprimido pela manhã.',
  '4. Roacutan 20 mg, 1 cápsula ao dia.',
  '5. Dipirona 500 mg, 1 comprimido se dor.',
].join('\n');

describe('a free-text receituário with a controlled drug is refused', () => {
  it('the PDF answers the structured route’s 422, word for word', async () => {
    const client = await svc.as('free');
    const res = await client.post('/api/generate-pdf', receituario(FREE_TEXT));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CONTROLLED_DRUG_IN_SIMPLE_PRESCRIPTION');
    expect(res.body.message).toBe(
      `${START} ` +
        'Sertralina (lista C1) exige Receituário de Controle Especial em duas vias. ' +
        'Rivotril (clonazepam, lista B1) exige Notificação de Receita B. ' +
        'Ritalina (metilfenidato, lista A3) exige Notificação de Receita A. ' +
        'Roacutan (isotretinoína, lista C2) exige Notificação de Receita Especial para retinoides. ' +
        USE_RCE,
    );
    // The same drugs as rows of the structured simple prescription: the same sentence.
    const structured = await client.post('/api/prescriptions/ambulatory/pdf', {
      prescription: {
        patientData: { name: 'Maria', birthDate: '', cpf: '', rg: '', address: '', phone: '' },
        prescriptionDate: '22/11/2026',
        medications: ['Sertralina', 'Rivotril', 'Ritalina', 'Roacutan', 'Dipirona'].map(
          (medication) => ({ medication, dosage: '', instructions: '', isControlled: false }),
        ),
        generalInstructions: '',
        returnDate: '',
        prescribingPhysician: { name: '', crm: '', date: '22/11/2026' },
        hasControlledMedications: false,
      },
    });
    expect(structured.status).toBe(422);
    expect(structured.body.message).toBe(res.body.message);
  });

  it('the text document and an anonymous caller get the same answer', async () => {
    for (const client of [await svc.as('free'), await svc.as('anonymous')]) {
      for (const route of ['/api/generate-pdf', '/api/generate-text-document']) {
        const res = await client.post(route, {
          ...receituario('Sertralina 50 mg, 1 comprimido ao dia.'),
          profile: PROFILE,
        });
        expect(res.status, route).toBe(422);
        expect(res.body.message).toBe(
          `${START} Sertralina (lista C1) exige Receituário de Controle Especial em duas vias. ${USE_RCE}`,
        );
      }
    }
  });

  it('finds salts, upper case, misspellings and doses glued to the name', async () => {
    const client = await svc.as('free');
    const cases: [string, string][] = [
      ['cloridrato de sertralina 50mg', 'Sertralina (lista C1)'],
      ['SERTRALINA 50 MG', 'Sertralina (lista C1)'],
      ['clonazepan 2mg à noite', 'Clonazepam (escrito "clonazepan", lista B1)'],
      ['zolpidem 5 mg', 'Zolpidem (lista B1) exige Notificação de Receita B'],
    ];
    for (const [text, named] of cases) {
      const res = await client.post('/api/generate-pdf', receituario(`1. ${text}`));
      expect(res.status, text).toBe(422);
      expect(res.body.message).toContain(named);
    }
  });

  it('names each drug once, however often and by whichever name it is written', async () => {
    const res = await (await svc.as('free')).post(
      '/api/generate-pdf',
      receituario('Rivotril 2 mg à noite.\nSe não houver Rivotril, clonazepam 2 mg.\nRivotril'),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `${START} Rivotril (clonazepam, lista B1) exige Notificação de Receita B.`,
    );
  });

  it('reads a long prescription to its end (a misspelling after 300 other long words)', async () => {
    // Each word distinct and long enough to be compared loosely: beyond a medication row's
    // allowance (64 words), within a free text's (docs/documents.md).
    const letters = (n: number) =>
      [n % 26, Math.floor(n / 26) % 26].map((k) => String.fromCharCode(97 + k)).join('');
    const filler = Array.from({ length: 300 }, (_, i) => `observe${letters(i)}`).join(' ');
    const res = await (await svc.as('free')).post(
      '/api/generate-pdf',
      receituario(`${filler}\nclonazepan 2 mg à noite`),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('Clonazepam (escrito "clonazepan", lista B1)');
  });

  it('a hostile text of the largest size allowed is read in bounded time', async () => {
    const words: string[] = [];
    let length = 0;
    for (let i = 0; length < 480_000; i++) {
      const word = `xq${i.toString(36).padStart(6, 'k')}`;
      words.push(word);
      length += word.length + 1;
    }
    const started = performance.now();
    const res = await (await svc.as('free')).post(
      '/api/generate-pdf',
      receituario(`${words.join(' ')}\nRivotril 2 mg`),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('Rivotril (clonazepam, lista B1)');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('what a free-text receituário may carry', () => {
  it('prints simple drugs and exempt preparations', async () => {
    const client = await svc.as('free');
    const content = [
      '1. Dipirona 500 mg, 1 comprimido se dor ou febre.',
      '2. Amoxicilina 500 mg, 1 cápsula de 8 em 8 horas por 7 dias.',
      '3. Imosec 2 mg, 1 cápsula após cada evacuação líquida.',
      'Paciente: Valentina Fagundes. Orientações: hidratação, repouso.',
    ].join('\n');
    const res = await svc.file(client, '/api/generate-pdf', receituario(content));
    expect(res.status).toBe(200);
    expect((await checkPdf(res.bytes)).text).toContain('Amoxicilina 500 mg');
    const txt = await svc.file(client, '/api/generate-text-document', receituario(content));
    expect(txt.status).toBe(200);
    expect(txt.bytes.toString('utf8')).toContain('Imosec 2 mg');
  });

  it('the offline receituário of a note with a controlled drug prints (it leaves it out)', async () => {
    const client = await svc.as('free');
    const draft = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'receituario',
      professional: 'consulta_medica',
    });
    expect(draft.status).toBe(200);
    expect(draft.body.document).not.toContain('Sertralina');
    const res = await svc.file(
      client,
      '/api/generate-pdf',
      receituario(draft.body.document as string),
    );
    expect(res.status).toBe(200);
    expect((await checkPdf(res.bytes)).text).toContain('Dipirona 500 mg');
  });

  it('other document types may name a controlled drug', async () => {
    const client = await svc.as('free');
    for (const documentType of ['resumo_consulta', 'orientacoes_paciente', undefined]) {
      const res = await svc.file(client, '/api/generate-pdf', {
        content: 'Em uso de Sertralina 50 mg e Rivotril 2 mg.',
        title: 'Resumo',
        ...(documentType ? { documentType } : {}),
      });
      expect(res.status, String(documentType)).toBe(200);
    }
  });
});

describe('the free-text ambulatory prescription is a simple prescription too', () => {
  const ambulatorial = (content: string) => ({
    content,
    title: 'Prescrição Ambulatorial',
    documentType: 'ambulatorial',
    patientName: 'Maria Conceição Souza',
  });

  it('a controlled drug in it is refused on the PDF and the text file, as on the receituário', async () => {
    const client = await svc.as('free');
    const content =
      '1. Sertralina 50 mg (controlado)\n   1 comprimido pela manhã\n2. Dipirona 500 mg';
    for (const route of ['/api/generate-pdf', '/api/generate-text-document']) {
      const res = await svc.file(client, route, ambulatorial(content));
      expect(res.status, route).toBe(422);
      const body = JSON.parse(res.bytes.toString());
      expect(body.code).toBe('CONTROLLED_DRUG_IN_SIMPLE_PRESCRIPTION');
      expect(body.message).toBe(
        `${START} Sertralina (lista C1) exige Receituário de Controle Especial em duas vias. ${USE_RCE}`,
      );
    }
  });

  it('the offline ambulatory prescription leaves the controlled drug out, counts it, and prints', async () => {
    const client = await svc.as('free');
    const draft = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'ambulatorial',
    });
    expect(draft.status).toBe(200);
    const document = draft.body.document as string;
    expect(document).not.toContain('Sertralina');
    expect(document).toContain('1 medicamento controlado da consulta');
    const res = await svc.file(client, '/api/generate-pdf', ambulatorial(document));
    expect(res.status).toBe(200);
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain('Dipirona 500 mg');
    expect(text).not.toContain('(controlado)');
  });
});

describe('a written Receituário de Controle Especial is printed on the form', () => {
  const controlada = (content: string) => ({
    content,
    title: 'Receituário de Controle Especial',
    documentType: 'controlada',
    patientName: 'Maria Conceição Souza',
    profile: PROFILE,
  });

  it('the generated document: two copies, emitter, buyer and supplier blocks, quantity in words', async () => {
    // A verified professional (issue 23: an RCE needs one).
    const client = await svc.as('free');
    const draft = await client.post('/api/generate-document', {
      consultationText: FORMATTED_NOTE,
      documentType: 'controlada',
      profile: PROFILE,
    });
    expect(draft.status).toBe(200);
    const edited = (draft.body.document as string).replace(
      /Endereço: _+/,
      'Endereço: Rua das Flores, 10 - Campinas/SP',
    );
    const res = await svc.file(client, '/api/generate-pdf', controlada(edited));
    expect(res.status).toBe(200);
    const { text, pages } = await checkPdf(res.bytes);
    expect(pages).toBe(2);
    const [first, second] = text.split('\f');
    expect(first).toContain('1ª via - Retenção da Farmácia ou Drogaria');
    expect(second).toContain('2ª via - Orientação ao Paciente');
    for (const copy of [first!, second!])
      for (const expected of [
        'RECEITUÁRIO DE CONTROLE ESPECIAL',
        'IDENTIFICAÇÃO DO EMITENTE',
        'CRM/SP 123456',
        'Paciente: Maria Conceição Souza',
        'Endereço: Rua das Flores, 10 - Campinas/SP',
        'Sertralina 50 mg',
        'Quantidade: 30 (trinta) comprimidos',
        'Posologia: tomar 1 comprimido pela manhã por 30 dias',
        'IDENTIFICAÇÃO DO COMPRADOR',
        'IDENTIFICAÇÃO DO FORNECEDOR',
      ])
        expect(copy, expected).toContain(expected);
    // The text's own headings and signature lines are not printed as notes of the form.
    expect(text).not.toContain('ASSINATURA');
    expect(text).not.toMatch(/^PRESCRIÇÃO$/m);
  });

  it('a drug that needs a notification is refused, as on the structured RCE', async () => {
    const res = await svc.file(
      await svc.as('anonymous'),
      '/api/generate-pdf',
      controlada('Prescrição:\n1. Rivotril 2 mg - 30 (trinta) comprimidos\n   1 à noite'),
    );
    expect(res.status).toBe(422);
    const body = JSON.parse(res.bytes.toString());
    expect(body.code).toBe('NOTIFICATION_REQUIRED');
    expect(body.message).toContain(
      'Rivotril (clonazepam, lista B1) exige Notificação de Receita B.',
    );
  });
});
