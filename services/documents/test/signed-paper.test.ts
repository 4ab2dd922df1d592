import { randomBytes } from 'node:crypto';
import { SigningMessages } from '@pv/contracts';
import { createTestPki, type TestPki } from '@pv/signing/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  checkPdf,
  type DocumentsUnderTest,
  professionalUser,
  startDocuments,
} from './harness.js';

// A digitally signed document cannot be completed by hand afterwards: no stamp for a missing
// registration (CFM Res. 2.381/2024: CRM/UF on every document), no handwriting in the RCE's
// patient blanks (Portaria SVS/MS 344/98: the patient's name and address).

let pki: TestPki;
let svc: DocumentsUnderTest;
beforeAll(async () => {
  pki = createTestPki();
  svc = await startDocuments(
    { SIGNING_KEK: randomBytes(32).toString('hex'), PUBLIC_URL: 'https://prontuario.example.com' },
    { signingExtraTrustRoots: [pki.rootPem] },
  );
});
afterAll(() => svc.close());

async function withCertificate<C extends Client>(client: C): Promise<C> {
  const form = new FormData();
  form.append('password', pki.password);
  form.append('certificate', new Blob([new Uint8Array(pki.valid.p12)]), 'certificado.pfx');
  const response = await fetch(`${svc.url}/api/signing-certificate`, {
    method: 'PUT',
    headers: { cookie: client.cookie! },
    body: form,
  });
  expect(response.status).toBe(200);
  return client;
}

const RCE = (patientData: Record<string, string>, quantity = '30') => ({
  prescription: {
    patientData,
    medications: [
      { medication: 'Sertralina 50 mg', quantity, unit: 'comprimidos', posology: '1 ao dia' },
    ],
    text: '',
    date: '26/11/2026',
  },
});

describe('a signed document carries what can no longer be written by hand', () => {
  it('no registration: the signature is refused, the paper (unsigned) still prints for a stamp', async () => {
    // Verified with a certificate, then the registry was cleared (issue 23: back to pendente).
    const client = await withCertificate(await svc.as('premium'));
    await svc.knowProfessional(
      professionalUser(client.userId!, {
        professionalRegistry: null,
        registryNumber: null,
        registryUf: null,
        professionalVerification: { state: 'pendente', verifiedCpf: null, decidedAt: null },
      }),
    );
    const body = { title: 'Atestado Médico', content: 'Atesto que a paciente foi atendida.' };
    const signed = await svc.file(client, '/api/generate-pdf', {
      ...body,
      signature: { password: pki.password },
    });
    expect(signed.status).toBe(422);
    expect(JSON.parse(signed.bytes.toString())).toMatchObject({
      code: 'REGISTRY_REQUIRED_TO_SIGN',
      message: SigningMessages.registryRequired,
    });
    const paper = await svc.file(client, '/api/generate-pdf', body);
    expect(paper.status).toBe(200);
    expect((await checkPdf(paper.bytes)).text).toContain('(carimbo)');
  });

  it('no professional address or phone: the signature is refused', async () => {
    for (const missing of [{ clinicAddress: null }, { clinicPhone: null }]) {
      const client = await withCertificate(await svc.as('premium', { professional: missing }));
      const signed = await svc.file(client, '/api/generate-pdf', {
        title: 'Atestado Médico',
        content: 'Atesto que a paciente foi atendida.',
        signature: { password: pki.password },
      });
      expect(signed.status, JSON.stringify(missing)).toBe(422);
      expect(JSON.parse(signed.bytes.toString())).toMatchObject({
        code: 'CONTACT_REQUIRED_TO_SIGN',
        message: SigningMessages.contactRequired,
      });
    }
  });

  it('a signed RCE needs the patient’s name and address; with them it is signed and prints them', async () => {
    const client = await withCertificate(await svc.as('premium'));
    const signature = { password: pki.password };
    const noAddress = await svc.file(client, '/api/prescriptions/controlled/pdf', {
      ...RCE({ name: 'Célia Magalhães', address: '' }),
      signature,
    });
    expect(noAddress.status).toBe(422);
    expect(JSON.parse(noAddress.bytes.toString())).toMatchObject({
      code: 'RCE_PATIENT_REQUIRED',
      message: SigningMessages.rcePatientRequired,
    });
    const paper = await svc.file(client, '/api/prescriptions/controlled/pdf', {
      ...RCE({ name: 'Célia Magalhães', address: '' }),
    });
    expect(paper.status).toBe(200);
    const signed = await svc.file(client, '/api/prescriptions/controlled/pdf', {
      ...RCE({ name: 'Célia Magalhães', address: 'Rua São João, 45 - Campinas/SP' }),
      signature,
    });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('x-verification-code')).toBeTruthy();
    const { text } = await checkPdf(signed.bytes);
    expect(text).toContain('Rua São João, 45 - Campinas/SP');
    expect(text).toContain('CRM/SP 123456');
    // Each copy is its own sheet (the pharmacy retains the 1st): each carries the verification
    // code and QR block, the same code (one signed document).
    const code = signed.headers.get('x-verification-code')!;
    const sheets = text.split('\f').filter((page) => page.trim() !== '');
    const copies = ['1ª via - Retenção da Farmácia ou Drogaria', '2ª via - Orientação ao Paciente'];
    for (const copy of copies) {
      const sheet = sheets.find((page) => page.includes(copy) && /_{40,}/.test(page));
      expect(sheet, copy).toContain(`Código de verificação: ${code}`);
    }
  });

  it('an RCE without the quantity: blanks in figures and words on paper, refused when signed', async () => {
    const client = await withCertificate(await svc.as('premium'));
    const patient = { name: 'Célia Magalhães', address: 'Rua São João, 45 - Campinas/SP' };
    const paper = await svc.file(client, '/api/prescriptions/controlled/pdf', RCE(patient, ''));
    expect(paper.status).toBe(200);
    const { text } = await checkPdf(paper.bytes);
    expect(text.match(/Quantidade: ________ \(_{20,}\)/g)).toHaveLength(2);
    for (const quantity of ['', 'uma caixa']) {
      const signed = await svc.file(client, '/api/prescriptions/controlled/pdf', {
        ...RCE(patient, quantity),
        signature: { password: pki.password },
      });
      expect(signed.status, quantity).toBe(422);
      expect(JSON.parse(signed.bytes.toString())).toMatchObject({
        code: 'RCE_QUANTITY_REQUIRED',
        message: SigningMessages.rceQuantityRequired(['Sertralina 50 mg']),
      });
    }
  });
});
