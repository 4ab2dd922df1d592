import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  loginAdminThroughApi,
  newPage,
  registerThroughApi,
  saveScreenshot,
  scaled,
  verifyProfessionalThroughApi,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { FakeS3State } from '@pv/provider-fakes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { say, speechDouble } from './speech-helpers';

// Issue 14 in a real browser against the real stack (documents service, pdf-worker and gateway
// started by the suite with a SIGNING_KEK, signed PDFs in a fake S3 bucket): a Premium user
// uploads an A1 certificate in Minha Área and downloads a signed ambulatory prescription from
// the documents card.

const PASSWORD = 'senha-e2e-assinatura';
/** The stack's documents service itself (tools/stack's catalog port), behind the gateway. */
const DOCUMENTS_DIRECT = 'http://127.0.0.1:8083';
const CPF = '52998224725';
/**
 * ICP-Brasil's person data (otherName 2.16.76.1.3.1 of the subjectAltName, DOC-ICP-04): birth
 * date ddmmaaaa, CPF, NIS, RG and its issuer, zero-filled when absent. The CPF the product shows
 * comes from here only, never from the common name.
 */
const PERSON_DATA = `15031980${CPF}${'0'.repeat(11)}${'0'.repeat(15)}${'0'.repeat(10)}`;

/**
 * An A1 shaped like an e-CPF, made with OpenSSL 3's defaults (PBES2/AES-256): signing key usage
 * and the holder's CPF in the ICP-Brasil otherName, issued by the suite's root (`caDir`, named in
 * SIGNING_EXTRA_TRUST_ROOTS by the global setup: issue 23).
 */
function makeA1(dir: string, caDir: string): string {
  const key = path.join(dir, 'key.pem');
  const csr = path.join(dir, 'holder.csr');
  const cert = path.join(dir, 'cert.pem');
  const extensions = path.join(dir, 'holder.ext');
  const p12 = path.join(dir, 'certificado.pfx');
  execFileSync('openssl', [
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    csr,
    '-subj',
    `/C=BR/O=ICP-Brasil de Teste/CN=MEDICA E2E:${CPF}`,
  ]);
  writeFileSync(
    extensions,
    [
      `subjectAltName=otherName:2.16.76.1.3.1;OCTETSTRING:${PERSON_DATA}`,
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    ].join('\n'),
  );
  execFileSync('openssl', [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    path.join(caDir, 'ca.pem'),
    '-CAkey',
    path.join(caDir, 'ca.key'),
    '-CAcreateserial',
    '-days',
    '20',
    '-extfile',
    extensions,
    '-out',
    cert,
  ]);
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    cert,
    '-out',
    p12,
    '-passout',
    `pass:${PASSWORD}`,
  ]);
  return p12;
}

describe('digital signature (issue 14) in a real browser', () => {
  const { baseUrl, admin } = inject('e2e');
  const dir = mkdtempSync(path.join(tmpdir(), 'pv-e2e-a1-'));
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl, viewport: { width: 1440, height: 900 } });
    await page.addInitScript(speechDouble);
    watchPageProblems(page, pageErrors);
    const user = await registerThroughApi(page, { baseUrl, mailUrl: inject('e2e').mailUrl });
    const userId = (user.response.user as { id: string }).id;
    const adminPage = await newPage(browser, { baseUrl });
    await loginAdminThroughApi(adminPage, baseUrl, admin);
    // A signed document must print the registration, address and phone (nothing can be
    // stamped or written on a signed PDF): 422 without them.
    await apiCall(adminPage, baseUrl, 'PUT', `/api/admin/users/${userId}`, {
      isPremium: true,
      professionalRegistry: 'CRM',
      registryNumber: '123456',
      registryUf: 'SP',
      clinicAddress: 'Rua das Acácias, 100 - São Paulo/SP',
      clinicPhone: '(11) 3333-4444',
    });
    // Issue 23: signing needs a verified professional whose CPF the certificate carries.
    await verifyProfessionalThroughApi(page, adminPage, baseUrl, userId, {
      professionalRegistry: 'CRM',
      registryNumber: '123456',
      registryUf: 'SP',
      cpf: CPF,
    });
    await adminPage.close();
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads the A1 certificate in Minha Área and sees what it says, with the expiry warning', async () => {
    await page.goto('/user');
    await page.getByRole('tab', { name: 'Perfil' }).click();
    const section = page.getByTestId('signing-certificate');
    await section.getByText('Certificado digital').first().waitFor();
    const testCa = inject('testCa');
    if (!testCa) throw new Error('the signing spec needs the suite-made root (its own stack)');
    await section
      .getByLabel('Arquivo do certificado (.pfx ou .p12)')
      .setInputFiles(makeA1(dir, testCa.dir));
    await section.getByLabel('Senha do certificado').fill(PASSWORD);
    await section.getByRole('button', { name: 'Enviar certificado' }).click();
    await section.getByText(`MEDICA E2E:${CPF}`).first().waitFor();
    await section.getByText('AC Raiz E2E').first().waitFor();
    await section.getByText(CPF, { exact: true }).waitFor();
    // Valid for 20 days: inside the 30-day warning.
    await section.getByText(/^Seu certificado digital vence em \d{2}\/\d{2}\/\d{4}\./).waitFor();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'workspace-signing-certificate');
  });

  it('signs an ambulatory prescription with the password prompt and downloads it', async () => {
    await page.goto('/');
    await page.getByText('Pressione e inicie a transcrição').waitFor();
    await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await page.getByText('TRANSCREVENDO...').waitFor();
    const phrase = 'Paciente com hipertensão, prescrevo losartana 50 mg uma vez ao dia.';
    await say(page, 'Paciente', false);
    await say(page, phrase, true);
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    await page.getByRole('button', { name: 'Format with AI' }).click();
    await page.getByTestId('formatted-text').waitFor({ timeout: scaled(60_000) });

    await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
    await page.getByRole('option', { name: 'Prescrição ambulatorial' }).click();
    await page.getByRole('button', { name: 'Gerar documento' }).click();
    const editor = page.getByTestId('ambulatory-editor');
    await editor.waitFor({ timeout: scaled(60_000) });

    await editor.getByRole('button', { name: 'Assinar digitalmente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar digitalmente' });
    await dialog.getByLabel('Senha do certificado').fill(PASSWORD);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Assinar e baixar PDF' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await saved.path();
    const sig = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    expect(sig).toContain('Signature Validation: Signature is Valid.');
    expect(sig).toContain('Signature Type: ETSI.CAdES.detached');
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const code = /Código de verificação: ([A-Z0-9]+)/.exec(text)?.[1];
    expect(code).toBeDefined();
    await page.getByText(`Código de verificação: ${code}`).first().waitFor();
    const downloaded = readFileSync(file);
    expect(downloaded.subarray(0, 5).toString()).toBe('%PDF-');

    // The ITI validator's path: the printed verify URL with the code, then the file it names.
    // Through the gateway and straight from the documents service, the stored file is the one
    // the browser downloaded, byte for byte.
    // The printed URL may wrap: read it with the line breaks taken out.
    const id = /\/api\/documents\/([0-9a-f-]{36})\/verify/.exec(text.replace(/\s+/g, ''))?.[1];
    expect(id).toBeDefined();
    const verify = await fetch(
      `${baseUrl}/api/documents/${id}/verify?_format=application/validador-iti%2Bjson&_secretCode=${code}`,
    );
    expect(verify.status).toBe(200);
    const answer = (await verify.json()) as {
      prescription: { signatureFiles: { url: string }[] };
    };
    const fileUrl = new URL(answer.prescription.signatureFiles[0]!.url);
    const through = async (origin: string) => {
      const response = await fetch(`${origin}${fileUrl.pathname}${fileUrl.search}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      return Buffer.from(await response.arrayBuffer());
    };
    expect((await through(baseUrl)).equals(downloaded)).toBe(true);
    expect((await through(DOCUMENTS_DIRECT)).equals(downloaded)).toBe(true);

    // The suite's stack keeps signed PDFs in the fake S3 bucket, sealed (issue 24: AES-GCM, 16
    // bytes of tag more, not the file), and every request documents made was signed with the
    // configured key.
    const s3 = inject('s3');
    if (s3) {
      const state = (await (await fetch(s3.stateUrl)).json()) as FakeS3State;
      const object = state.buckets[s3.bucket]?.[`signed-documents/${id}.sealed`];
      expect(object).toMatchObject({
        size: downloaded.byteLength + 16,
        contentType: 'application/octet-stream',
      });
      expect(object?.sha256).not.toBe(createHash('sha256').update(downloaded).digest('hex'));
      expect(state.refused).toBe(0);
    }
  });

  it('never threw in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
