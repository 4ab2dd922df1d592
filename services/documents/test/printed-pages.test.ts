import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPdf, type DocumentsUnderTest, PROFILE, startDocuments } from './harness.js';

// What a pharmacist or an employer is handed, page by page (pdftotext): a signature is never
// printed on a page of its own, away from what it signs, whatever the length of the text.

let svc: DocumentsUnderTest;
beforeAll(async () => {
  svc = await startDocuments();
});
afterAll(() => svc.close());

const SIGNATURE_LINE = /_{30,}/;

/** The pages of a PDF as pdftotext prints them. */
async function pagesOf(bytes: Buffer): Promise<string[]> {
  const { text } = await checkPdf(bytes);
  return text.split('\f').filter((page) => page.trim() !== '');
}

/** The page holding the professional's signature line (the last one carrying it). */
function signaturePage(pages: string[]): string {
  const page = pages.findLast((p) => SIGNATURE_LINE.test(p));
  expect(page, 'a signature line is printed').toBeDefined();
  return page!;
}

// Lengths around the first page break of an A4 page of these paragraphs: with the old layout,
// 30 and 31 left the signature alone on page 2.
const LENGTHS = Array.from({ length: 8 }, (_, i) => 27 + i);
const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Linha de conteúdo número ${i + 1} do documento.`).join(
    '\n\n',
  );

describe('a document’s signature stays with its text across a page break', () => {
  it.each(LENGTHS)('the signature the PDF adds (%i paragraphs)', async (n) => {
    const res = await svc.file(await svc.as('anonymous'), '/api/generate-pdf', {
      title: 'Atestado Médico',
      documentType: 'atestado_medico',
      content: `ATESTADO\n${filler(n)}`,
      patientName: 'Maria Conceição Souza',
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    const pages = await pagesOf(res.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    const page = signaturePage(pages);
    expect(page).toContain(`Linha de conteúdo número ${n} do documento.`);
    expect(page).toContain(PROFILE.name);
  });

  it.each(LENGTHS)('the signature written in the text (%i paragraphs)', async (n) => {
    const content = [
      'ATESTADO',
      filler(n),
      '',
      'ASSINATURA',
      'Data: 26/11/2026',
      '',
      '______________________________________',
      'Dra. Ana Beatriz Gonçalves',
      'CRM/SP 123456',
    ].join('\n');
    const res = await svc.file(await svc.as('anonymous'), '/api/generate-pdf', {
      title: 'Atestado Médico',
      documentType: 'atestado_medico',
      content,
      patientName: 'Maria Conceição Souza',
      profile: PROFILE,
    });
    const page = signaturePage(await pagesOf(res.bytes));
    expect(page).toContain(`Linha de conteúdo número ${n} do documento.`);
    expect(page).toContain('Data: 26/11/2026');
    expect(page).toContain('ASSINATURA');
  });

  it.each(LENGTHS)(
    'a blank field of underscores above is not the signature line (%i)',
    async (n) => {
      const content = [
        'Empresa: ______________________________',
        filler(n),
        '',
        'Data: 26/11/2026',
        '______________________________________',
        'Dra. Ana Beatriz Gonçalves',
      ].join('\n');
      const res = await svc.file(await svc.as('anonymous'), '/api/generate-pdf', {
        title: 'Declaração de Comparecimento',
        content,
        profile: PROFILE,
      });
      const pages = await pagesOf(res.bytes);
      const page = pages.findLast((p) => /^\s*_{30,}\s*$/m.test(p))!;
      expect(page).toContain(`Linha de conteúdo número ${n} do documento.`);
      expect(page).toContain('Data: 26/11/2026');
    },
  );

  it.each(Array.from({ length: 10 }, (_, i) => 14 + i))(
    'a last paragraph of one long line keeps its last sentences with the signature (%i)',
    async (n) => {
      const long = Array.from({ length: 30 }, (_, i) => `Frase ${i + 1} do parecer final.`).join(
        ' ',
      );
      const res = await svc.file(await svc.as('anonymous'), '/api/generate-pdf', {
        title: 'Relatório Médico',
        content: `${filler(n)}\n\n${long}`,
        profile: PROFILE,
      });
      const pages = await pagesOf(res.bytes);
      expect(signaturePage(pages)).toContain('Frase 30 do parecer final.');
      const text = pages.join('\n').replace(/\s+/g, ' ');
      for (let k = 1; k <= 30; k++) expect(text).toContain(`Frase ${k} do parecer final.`);
    },
  );

  it('a last paragraph too long to move is not lost (the kept text is bounded)', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `frase ${i + 1} do parágrafo final.`).join(
      ' ',
    );
    const res = await svc.file(await svc.as('anonymous'), '/api/generate-pdf', {
      title: 'Relatório',
      content: `${filler(28)}\n\n${long}`,
      profile: PROFILE,
    });
    const { text } = await checkPdf(res.bytes);
    expect(text).toContain('frase 60 do parágrafo final.');
    expect(text).toContain('Linha de conteúdo número 28 do documento.');
  });
});

const PATIENT = {
  name: 'Célia Magalhães',
  birthDate: '',
  cpf: '',
  rg: '',
  address: 'Rua São João, 45 - Campinas/SP',
  phone: '',
};

describe('a prescription’s signature stays with the prescription', () => {
  it.each([16, 17, 18, 19, 20, 21])('simple prescription of %i drugs', async (k) => {
    const res = await svc.file(await svc.as('anonymous'), '/api/prescriptions/ambulatory/pdf', {
      profile: PROFILE,
      prescription: {
        patientData: PATIENT,
        prescriptionDate: '26/11/2026',
        medications: Array.from({ length: k }, (_, i) => ({
          medication: `Dipirona ${i + 1}`,
          dosage: '500 mg',
          instructions: 'tomar 1 comprimido de 6/6h se dor',
          isControlled: false,
        })),
        generalInstructions: '',
        returnDate: '',
        prescribingPhysician: { name: '', crm: '', date: '26/11/2026' },
        hasControlledMedications: false,
      },
    });
    expect(res.status).toBe(200);
    const pages = await pagesOf(res.bytes);
    const page = signaturePage(pages);
    expect(page).toContain(`Dipirona ${k} 500 mg`);
    expect(pages.join('\n')).toContain(`${k}. Dipirona ${k} 500 mg`);
  });

  it.each([15, 16, 17, 18, 19])('hospital prescription of %i rows', async (k) => {
    const res = await svc.file(
      await svc.as('anonymous'),
      '/api/generate-hospital-prescription-pdf',
      {
        profile: PROFILE,
        title: 'Prescrição Hospitalar',
        prescription: {
          patientData: { name: 'Célia Magalhães', age: '45 anos', gender: 'F', medicalRecord: '7' },
          medications: Array.from({ length: k }, (_, i) => ({
            medication: `Soro fisiológico ${i + 1}`,
            route: 'EV',
            dilution: '500 ml',
            schedule: '8/8h',
            observations: 'correr em 2 horas, observar acesso venoso',
          })),
          generalObservations: '',
          prescribingPhysician: '',
        },
      },
    );
    expect(res.status).toBe(200);
    const page = signaturePage(await pagesOf(res.bytes));
    expect(page).toContain(`Soro fisiológico ${k}`);
  });

  it('an RCE copy longer than a page: signature, buyer and supplier blocks with the last drug and the copy named', async () => {
    // A verified professional (issue 23: an RCE needs one).
    const res = await svc.file(await svc.as('free'), '/api/prescriptions/controlled/pdf', {
      profile: PROFILE,
      prescription: {
        patientData: { name: 'Célia Magalhães', address: 'Rua São João, 45 - Campinas/SP' },
        medications: Array.from({ length: 8 }, (_, i) => ({
          medication: `Sertralina ${i + 1}0 mg`,
          quantity: '30',
          unit: 'comprimidos',
          posology: 'tomar 1 comprimido pela manhã por 30 dias, após o café da manhã',
        })),
        text: '',
        date: '26/11/2026',
      },
    });
    expect(res.status).toBe(200);
    const pages = await pagesOf(res.bytes);
    const signed = pages.filter(
      (p) => SIGNATURE_LINE.test(p) && /IDENTIFICAÇÃO DO COMPRADOR/.test(p),
    );
    expect(signed).toHaveLength(2);
    for (const [page, copy] of [
      [signed[0]!, '1ª via - Retenção da Farmácia ou Drogaria'],
      [signed[1]!, '2ª via - Orientação ao Paciente'],
    ] as const) {
      expect(page).toContain(copy);
      expect(page).toContain('Sertralina 80 mg');
      expect(page).toContain('IDENTIFICAÇÃO DO FORNECEDOR');
    }
  });

  it('a last item too long to keep with the signature is printed whole', async () => {
    // Past the 600 characters kept with the signature, within a field's 2,000 (contracts).
    const long = Array.from({ length: 75 }, (_, i) => `passo ${i + 1} da orientação;`).join(' ');
    expect(long.length).toBeGreaterThan(1_500);
    expect(long.length).toBeLessThanOrEqual(2_000);
    // A verified professional (issue 23: an RCE needs one).
    const client = await svc.as('free');
    const rce = await svc.file(client, '/api/prescriptions/controlled/pdf', {
      profile: PROFILE,
      prescription: {
        patientData: { name: 'Célia Magalhães', address: 'Rua São João, 45' },
        medications: [
          { medication: 'Sertralina 50 mg', quantity: '30', unit: 'comprimidos', posology: long },
        ],
        text: '',
        date: '26/11/2026',
      },
    });
    const ambulatory = await svc.file(client, '/api/prescriptions/ambulatory/pdf', {
      profile: PROFILE,
      prescription: {
        patientData: PATIENT,
        prescriptionDate: '26/11/2026',
        medications: [
          { medication: 'Dipirona', dosage: '500 mg', instructions: long, isControlled: false },
        ],
        generalInstructions: '',
        returnDate: '',
        prescribingPhysician: { name: '', crm: '', date: '26/11/2026' },
        hasControlledMedications: false,
      },
    });
    const hospital = await svc.file(client, '/api/generate-hospital-prescription-pdf', {
      profile: PROFILE,
      prescription: {
        patientData: { name: 'Célia Magalhães', age: '45 anos', gender: 'F', medicalRecord: '7' },
        medications: [
          { medication: 'Soro', route: 'EV', dilution: '', schedule: '8/8h', observations: long },
        ],
        generalObservations: '',
        prescribingPhysician: '',
      },
    });
    for (const res of [rce, ambulatory, hospital]) {
      expect(res.status).toBe(200);
      const { text } = await checkPdf(res.bytes);
      expect(text.replace(/\s+/g, ' ')).toContain('passo 75 da orientação;');
      expect(text).toMatch(SIGNATURE_LINE);
    }
  });

  it('the hospital prescription names the signed-in prescriber and registry once under the line', async () => {
    const client = await svc.as('free', { professional: { rqe: '98765' } });
    const res = await svc.file(client, '/api/generate-hospital-prescription-pdf', {
      title: 'Prescrição Hospitalar',
      prescription: {
        patientData: { name: 'Célia Magalhães', age: '45 anos', gender: 'F', medicalRecord: '7' },
        medications: [
          {
            medication: 'Dipirona 1 g',
            route: 'EV',
            dilution: '',
            schedule: '6/6h',
            observations: '',
          },
        ],
        generalObservations: '',
        prescribingPhysician: '',
      },
    });
    const { text } = await checkPdf(res.bytes);
    const signature = text.slice(text.search(SIGNATURE_LINE));
    expect(signature).toContain('Dra. Ana Beatriz Gonçalves - CRM/SP 123456 - RQE 98765');
    expect(signature.split('CRM/SP 123456').length - 1).toBe(1);
  });
});
