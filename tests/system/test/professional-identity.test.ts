import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmailMessages, VerificationMessages } from '@pv/contracts';
import { scaled, withTotp } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Browser, confirmEmail, startStack } from './stack.js';

const RCE = {
  prescription: {
    patientData: { name: 'Célia Magalhães', address: 'Rua São João, 45 - Campinas/SP' },
    medications: [
      { medication: 'Sertralina 50 mg', quantity: '30', unit: 'comprimidos', posology: '1 ao dia' },
    ],
    text: '',
    date: '28/11/2026',
  },
};

// docs/professional-identity.md across the services: the profile saved in auth travels on
// auth.user.changed.v1 to documents' projection, and the PDF prints it, not the body's profile.
const run = promisify(execFile);
let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

async function pdfText(browser: Browser): Promise<string> {
  const response = await fetch(`${stack.url}/api/generate-pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: browser.cookie },
    body: JSON.stringify({
      content: 'Repouso por três dias.',
      title: 'Atestado Médico',
      profile: { name: 'Dr. Falso Impostor', registry: 'CRM/RJ 999999' },
    }),
  });
  expect(response.status).toBe(200);
  const dir = await mkdtemp(path.join(tmpdir(), 'pv-sys-identity-'));
  try {
    const file = path.join(dir, 'f.pdf');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the professional identity through the gateway', () => {
  it(
    'a registry saved in Minha Área is the next PDF header; a forged profile is not',
    async () => {
      const user = new Browser(stack.url);
      const email = `helena.${randomUUID()}@clinica.test`;
      const signUp = await user.call('POST', '/auth/register', {
        firstName: 'Helena',
        lastName: 'Prado',
        email,
        password: 'Segredo-forte-1',
      });
      expect(signUp.status).toBe(201);
      await confirmEmail(stack, email);

      const before = await pdfText(user);
      expect(before).toContain('Registro profissional: ________________________ (carimbo)');
      expect(before).not.toContain('Falso Impostor');

      const saved = await user.call('PUT', '/api/profile', {
        fullName: 'Dra. Helena Prado',
        professionalRegistry: 'CRM',
        registryNumber: '246810',
        registryUf: 'PR',
        rqe: '1357',
        clinicPhone: '(41) 3000-2000',
        clinicAddress: 'Rua XV de Novembro, 500 - Curitiba/PR',
      });
      expect(saved.status).toBe(200);

      let text = '';
      for (let attempt = 0; attempt < 60 && !text.includes('CRM/PR 246810'); attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 500));
        text = await pdfText(user);
      }
      expect(text).toContain('Dra. Helena Prado');
      expect(text).toContain('CRM/PR 246810 - RQE 1357');
      expect(text).toContain('Rua XV de Novembro, 500 - Curitiba/PR');
      expect(text).not.toContain('Falso Impostor');
      // Issue 23: the profile prints, but not verified yet.
      expect(text).toContain('Identificação profissional não verificada');
    },
    scaled(90_000),
  );

  it(
    'issue 23: not verified, the PDF says so and the RCE is refused; approved by staff, both print',
    async () => {
      const user = new Browser(stack.url);
      const email = `clara.${randomUUID()}@clinica.test`;
      const signUp = await user.call('POST', '/auth/register', {
        firstName: 'Clara',
        lastName: 'Nunes',
        email,
        password: 'Segredo-forte-1',
      });
      expect(signUp.status).toBe(201);
      const userId = (signUp.body.user as { id: string }).id;
      const saved = await user.call('PUT', '/api/profile', {
        fullName: 'Dra. Clara Nunes',
        professionalRegistry: 'CRM',
        registryNumber: '135790',
        registryUf: 'SC',
        cpf: '529.982.247-25',
        clinicPhone: '(48) 3000-2000',
        clinicAddress: 'Rua Felipe Schmidt, 10 - Florianópolis/SC',
      });
      expect(saved.status).toBe(200);

      // Issue 23 item 1: before the e-mail is confirmed the account is a visitor for documents
      // (the typed profile prints, marked unverified), and RCE and checkout say what to do.
      const asVisitor = await pdfText(user);
      expect(asVisitor).toContain('Dr. Falso Impostor');
      expect(asVisitor).not.toContain('CRM/SC 135790');
      expect(asVisitor).toContain('Identificação profissional não verificada');
      for (const [path, body] of [
        ['/api/prescriptions/controlled/pdf', RCE],
        ['/api/create-subscription', undefined],
      ] as const) {
        const refusal = await user.call('POST', path, body);
        expect(refusal.status).toBe(403);
        expect(refusal.body).toMatchObject({
          code: 'EMAIL_NOT_VERIFIED',
          message: EmailMessages.notVerified,
        });
      }
      const me = await user.call('GET', '/auth/user');
      expect(me.body.emailVerified).toBe(false);
      await confirmEmail(stack, email);
      expect((await user.call('GET', '/auth/user')).body.emailVerified).toBe(true);

      let text = '';
      for (let attempt = 0; attempt < 60 && !text.includes('CRM/SC 135790'); attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 500));
        text = await pdfText(user);
      }
      expect(text).toContain('Identificação profissional não verificada');
      const refused = await user.call('POST', '/api/prescriptions/controlled/pdf', RCE);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'PROFESSIONAL_NOT_VERIFIED',
        message: VerificationMessages.notVerified,
      });

      const admin = new Browser(stack.url);
      expect((await admin.call('POST', '/auth/login', withTotp(ADMIN))).status).toBe(200);
      const queue = await admin.call('GET', '/api/admin/verifications');
      expect(JSON.stringify(queue.body)).toContain(userId);
      expect(
        (await admin.call('POST', `/api/admin/verifications/${userId}/approve`, {})).status,
      ).toBe(200);

      for (let attempt = 0; attempt < 60 && text.includes('não verificada'); attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 500));
        text = await pdfText(user);
      }
      expect(text).toContain('CRM/SC 135790');
      expect(text).not.toContain('Identificação profissional não verificada');
      const rce = await fetch(`${stack.url}/api/prescriptions/controlled/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        body: JSON.stringify(RCE),
      });
      expect(rce.status).toBe(200);
      expect(rce.headers.get('content-type')).toContain('application/pdf');
    },
    scaled(120_000),
  );

  it('an unknown UF is refused through the gateway with its message', async () => {
    const user = new Browser(stack.url);
    await user.call('POST', '/auth/register', {
      firstName: 'Ivo',
      lastName: 'Reis',
      email: `ivo.${randomUUID()}@clinica.test`,
      password: 'Segredo-forte-1',
    });
    const res = await user.call('PUT', '/api/profile', {
      fullName: 'Ivo Reis',
      professionalRegistry: 'CRM',
      registryNumber: '123',
      registryUf: 'ZZ',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'UF do registro desconhecida. Escolha a sigla de um dos 27 estados (ex.: SP).',
    );
  });
});
