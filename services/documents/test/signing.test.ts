import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type EventEnvelope,
  Messages,
  SigningMessages,
  type StorageChangedPayload,
  VerificationMessages,
} from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { createRedis } from '@pv/service-kit/runtime';
import { scaled } from '@pv/service-kit/testing';
import { CertificateMessages } from '@pv/signing';
import { createTestPki, type TestPki } from '@pv/signing/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyUserChanged } from '../src/professionals/professional-projection.js';
import {
  type Client,
  collectEvents,
  type DocumentsUnderTest,
  PROFILE,
  professionalUser,
  startDocuments,
} from './harness.js';

// Issue 14 end to end on the real service, pdf-worker, Postgres and Redis, with a test PKI
// (its root given as an extra trust root, as SIGNING_EXTRA_TRUST_ROOTS does: issue 23) and the
// Debian tools a verifier would use.

const KEK = randomBytes(32).toString('hex');
const PUBLIC_URL = 'https://prontuario.example.com';
const ITI_FORMAT = 'application/validador-iti+json';

let pki: TestPki;
let svc: DocumentsUnderTest;
const scratch = mkdtempSync(path.join(tmpdir(), 'pv-signing-route-'));

beforeAll(async () => {
  pki = createTestPki();
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await redis.del('pv:documents:verify:ip:127.0.0.1');
  redis.disconnect();
  svc = await startDocuments(
    { SIGNING_KEK: KEK, PUBLIC_URL, VERIFY_MAX_PER_MINUTE: '1000' },
    { signingExtraTrustRoots: [pki.rootPem] },
  );
});
afterAll(async () => {
  await svc.close();
  rmSync(scratch, { recursive: true, force: true });
});

const tool = (name: string, args: string[], pdf: Buffer) => {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync(name, [...args, file], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
};
const pdfsig = (pdf: Buffer) => tool('pdfsig', [], pdf);
const rootFile = (pem: string) => {
  const file = path.join(scratch, `root-${Math.random().toString(36).slice(2)}.pem`);
  writeFileSync(file, pem);
  return file;
};
const pdfinfoCustom = (pdf: Buffer) => tool('pdfinfo', ['-custom'], pdf);
const pdftotext = (pdf: Buffer) =>
  spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).stdout;
const ptBrDate = (iso: Date) => iso.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

async function upload(
  client: Client | null,
  file: Buffer | undefined,
  password: string | undefined,
  base = svc.url,
) {
  const form = new FormData();
  if (password !== undefined) form.append('password', password);
  if (file) form.append('certificate', new Blob([new Uint8Array(file)]), 'certificado.pfx');
  const response = await fetch(`${base}/api/signing-certificate`, {
    method: 'PUT',
    headers: client?.cookie ? { cookie: client.cookie } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const AMBULATORY = {
  patientData: {
    name: 'João Guimarães',
    birthDate: '10/03/1980',
    cpf: '',
    rg: '',
    address: 'Av. Paulista, 1000',
    phone: '',
  },
  prescriptionDate: '26/11/2026',
  medications: Array.from({ length: 14 }, (_, i) => ({
    medication: `Medicamento ${i + 1} 500 mg`,
    dosage: '1 comprimido',
    instructions: 'Tomar 1 comprimido de 8 em 8 horas por 7 dias, após as refeições, com água.',
    isControlled: false,
  })),
  generalInstructions: 'Reduzir o sal; caminhar 30 minutos por dia.',
  returnDate: '26/12/2026',
  prescribingPhysician: { name: PROFILE.name, crm: PROFILE.registry, date: '26/11/2026' },
  hasControlledMedications: false,
};

describe('PUT/GET/DELETE /api/signing-certificate', () => {
  it('Free users get 403 with the upgrade message; anonymous 401', async () => {
    const free = await upload(await svc.as('free'), pki.valid.p12, pki.password);
    expect(free.status).toBe(403);
    expect(free.body.message).toBe(
      'A assinatura digital com certificado ICP-Brasil é exclusiva do plano Premium. Faça o upgrade para assinar seus documentos.',
    );
    expect((await (await svc.as('free')).get('/api/signing-certificate')).status).toBe(403);
    expect((await upload(null, pki.valid.p12, pki.password)).status).toBe(401);
  });

  it('a valid A1: 200 with what it says, GET the same, stored encrypted, DELETE removes it', async () => {
    const premium = await svc.as('premium');
    const put = await upload(premium, pki.valid.p12, pki.password);
    expect(put.status).toBe(200);
    expect(Object.keys(put.body).sort()).toEqual(
      [
        'cpf',
        'icpBrasil',
        'issuerName',
        'notAfter',
        'notBefore',
        'subjectName',
        'trustRoot',
      ].sort(),
    );
    expect(put.body).toMatchObject({
      subjectName: `MEDICA DE TESTE:${pki.cpf}`,
      cpf: pki.cpf,
      issuerName: 'AC Intermediaria de Teste',
      icpBrasil: false,
      trustRoot: 'extra',
    });
    expect(new Date(put.body.notAfter as string).getTime()).toBeGreaterThan(Date.now());

    const got = await premium.get('/api/signing-certificate');
    expect(got.status).toBe(200);
    expect(got.body).toEqual(put.body);

    // At rest: neither the file nor any long run of it, nor the password, is in the row.
    const row = await svc.db
      .selectFrom('signing_certificates' as never)
      .selectAll()
      .where('user_id' as never, '=', premium.userId as never)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(JSON.stringify(row));
    const ciphertext = (row as { ciphertext: Buffer }).ciphertext;
    expect(ciphertext.length).toBe(pki.valid.p12.length + 16);
    expect(ciphertext.includes(pki.valid.p12.subarray(100, 132))).toBe(false);
    expect(stored.includes(Buffer.from(pki.password))).toBe(false);

    const removed = await premium.delete('/api/signing-certificate');
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Certificado digital removido.');
    const gone = await premium.get('/api/signing-certificate');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(SigningMessages.noCertificate);
    expect((await premium.delete('/api/signing-certificate')).status).toBe(404);
  });

  it("the user's erasure (auth.user.changed.v1 deleted) removes their certificate", async () => {
    const premium = await svc.as('premium');
    expect((await upload(premium, pki.valid.p12, pki.password)).status).toBe(200);
    await applyUserChanged(
      svc.db,
      {
        change: 'deleted',
        user: {
          id: premium.userId as string,
          firstName: 'Médica',
          lastName: 'Teste',
          fullName: 'Médica Teste',
          email: 'medica@clinica.test',
          isAdmin: false,
          isPremium: true,
          userStatus: 'active',
          specialty: null,
          createdAt: new Date().toISOString(),
          lastLoginAt: null,
        },
      },
      new Date(),
    );
    const rows = await svc.db
      .selectFrom('signing_certificates' as never)
      .selectAll()
      .where('user_id' as never, '=', premium.userId as never)
      .execute();
    expect(rows).toEqual([]);
  });

  it('issue 23: another CPF, an untrusted root or an unverified professional are refused', async () => {
    const premium = await svc.as('premium');
    const other = await upload(premium, pki.otherCpfHolder.p12, pki.password);
    expect(other).toMatchObject({
      status: 422,
      body: {
        code: 'CERTIFICATE_CPF_MISMATCH',
        message: VerificationMessages.certificateCpfMismatch,
      },
    });
    const foreign = await upload(premium, pki.foreignRoot.p12, pki.password);
    expect(foreign).toMatchObject({
      status: 422,
      body: { code: 'CERTIFICATE_UNTRUSTED', message: VerificationMessages.certificateUntrusted },
    });
    const pending = await svc.as('premium', {
      professional: {
        professionalVerification: { state: 'pendente', verifiedCpf: null, decidedAt: null },
      },
    });
    const unverified = await upload(pending, pki.valid.p12, pki.password);
    expect(unverified).toMatchObject({
      status: 422,
      body: { code: 'PROFESSIONAL_NOT_VERIFIED', message: VerificationMessages.notVerified },
    });
    expect((await premium.get('/api/signing-certificate')).status).toBe(404);
  });

  it('issue 23: a stored certificate stops signing when the verification goes back to pendente', async () => {
    const premium = await svc.as('premium');
    expect((await upload(premium, pki.valid.p12, pki.password)).status).toBe(200);
    await svc.knowProfessional({
      ...professionalUser(premium.userId!),
      professionalVerification: { state: 'pendente', verifiedCpf: null, decidedAt: null },
    });
    const res = await svc.file(premium, '/api/prescriptions/ambulatory/pdf', {
      prescription: AMBULATORY,
      signature: { password: pki.password },
    });
    expect(res.status).toBe(422);
    expect(JSON.parse(res.bytes.toString('utf8'))).toMatchObject({
      code: 'PROFESSIONAL_NOT_VERIFIED',
      message: VerificationMessages.notVerified,
    });
  });

  it('each refusal is a 422 with its own pt-BR message', async () => {
    const premium = await svc.as('premium');
    const wrong = await upload(premium, pki.valid.p12, 'senha-errada');
    expect(wrong).toMatchObject({
      status: 422,
      body: { code: 'WRONG_PASSWORD', message: 'Senha do certificado incorreta.' },
    });

    const expiredOn = new Date(Date.now() - 35 * 86_400_000);
    const expired = await upload(premium, pki.expired.p12, pki.password);
    expect(expired.status).toBe(422);
    expect(expired.body.code).toBe('EXPIRED');
    // The date is the certificate's notAfter (created 35 days ago, to the millisecond).
    expect(expired.body.message).toMatch(
      /^O certificado venceu em \d{2}\/\d{2}\/\d{4}\. Renove o certificado e envie o novo arquivo\.$/,
    );
    expect([ptBrDate(expiredOn), ptBrDate(new Date(expiredOn.getTime() - 86_400_000))]).toContain(
      (expired.body.message as string).slice(24, 34),
    );

    const future = await upload(premium, pki.notYetValid.p12, pki.password);
    expect(future.status).toBe(422);
    expect(future.body.code).toBe('NOT_YET_VALID');
    expect(future.body.message).toMatch(
      /^O certificado só passa a valer em \d{2}\/\d{2}\/\d{4}\.$/,
    );

    const notP12 = await upload(premium, Buffer.from('%PDF-1.7\nnão é um certificado'), 'x');
    expect(notP12).toMatchObject({
      status: 422,
      body: { code: 'NOT_PKCS12', message: CertificateMessages.NOT_PKCS12() },
    });
    expect(notP12.body.message).toBe(
      'O arquivo enviado não é um certificado digital A1. Envie o arquivo .pfx ou .p12 do certificado.',
    );

    const noSigning = await upload(premium, pki.noSigningUsage.p12, pki.password);
    expect(noSigning).toMatchObject({
      status: 422,
      body: {
        code: 'NO_SIGNING_KEY',
        message:
          'Este certificado não permite assinatura digital. Use um certificado de assinatura (e-CPF A1).',
      },
    });
    const noKey = await upload(premium, pki.certificateOnly.p12, pki.password);
    expect(noKey).toMatchObject({
      status: 422,
      body: { code: 'NO_PRIVATE_KEY', message: CertificateMessages.NO_PRIVATE_KEY() },
    });
    // Nothing was stored by any refusal.
    expect((await premium.get('/api/signing-certificate')).status).toBe(404);
  });

  it('malformed uploads: too large 413, not multipart 415, no file or password 400', async () => {
    const premium = await svc.as('premium');
    const large = await upload(premium, randomBytes(70 * 1024), 'x');
    expect(large).toMatchObject({
      status: 413,
      body: { message: CertificateMessages.FILE_TOO_LARGE() },
    });
    const json = await premium.put('/api/signing-certificate', { password: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(SigningMessages.notMultipart);
    expect((await upload(premium, undefined, 'x')).body.message).toBe(
      SigningMessages.noCertificateFile,
    );
    const noPassword = await upload(premium, pki.valid.p12, undefined);
    expect(noPassword).toMatchObject({
      status: 400,
      body: { message: SigningMessages.noPassword },
    });
  });
});

describe('signed PDFs and their verification', () => {
  let premium: Client & { userId?: string };
  let signed: Buffer;
  let id: string;
  let code: string;

  beforeAll(async () => {
    premium = await svc.as('premium');
    expect((await upload(premium, pki.valid.p12, pki.password)).status).toBe(200);
    const res = await svc.file(premium, '/api/prescriptions/ambulatory/pdf', {
      prescription: AMBULATORY,
      profile: PROFILE,
      signature: { password: pki.password },
    });
    expect(res.status).toBe(200);
    signed = res.bytes;
    id = res.headers.get('x-document-id') ?? '';
    code = res.headers.get('x-verification-code') ?? '';
  });

  it('the response names the document and its code', () => {
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(code).toMatch(/^[A-Za-z0-9]{1,64}$/);
  });

  it("what is kept is the user's storage: the certificate and the signed PDF (issue 17)", async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-storage');
    const events = await collectEvents(nc, `test-storage-${randomBytes(4).toString('hex')}`, [
      'usage.storage.changed.v1',
    ]);
    try {
      const of = (source: string, bytes: number) => (e: EventEnvelope) => {
        const p = e.payload as StorageChangedPayload;
        return p.userId === premium.userId && p.source === source && p.bytes === bytes;
      };
      // The certificate and the PDF as stored (encrypted: 16 bytes of tag more each).
      expect(
        await events.waitFor(of('signing-certificate', pki.valid.p12.length + 16)),
      ).toBeTruthy();
      expect(await events.waitFor(of('signed-documents', signed.length + 16))).toBeTruthy();
    } finally {
      await events.stop();
      await nc.close();
    }
  });

  it('pdfsig: valid, ETSI.CAdES.detached, SHA-256, the whole two-page document', () => {
    const out = pdfsig(signed);
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Signature Type: ETSI.CAdES.detached');
    expect(out).toContain('Signing Hash Algorithm: SHA-256');
    expect(out).toContain('Total document signed');
    expect(out).toContain(`Signer Certificate Common Name: MEDICA DE TESTE:${pki.cpf}`);
    expect(tool('pdfinfo', [], signed)).toMatch(/Pages:\s+2/);
  });

  it('a byte changed after signing makes it invalid', () => {
    const tampered = Buffer.from(signed);
    tampered[200] = tampered[200] === 0x41 ? 0x42 : 0x41;
    const out = pdfsig(tampered);
    expect(out).not.toContain('Signature is Valid');
    expect(out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('pdfinfo -custom shows the document type and the CRM registration OIDs', () => {
    const out = pdfinfoCustom(signed);
    expect(out).toContain('2.16.76.1.12.1.1:Prescrição de medicamento');
    expect(out).toMatch(/2\.16\.76\.1\.4\.2\.2\.1:\s*123456/);
    expect(out).toMatch(/2\.16\.76\.1\.4\.2\.2\.2:\s*SP/);
  });

  it('the PDF prints the code and the verify URL its QR code carries', () => {
    const text = pdftotext(signed).replace(/\s+/g, ' ');
    expect(text).toContain(`Código de verificação: ${code}`);
    expect(text).toContain('Verifique a assinatura em validar.iti.gov.br');
    // The URL may wrap in the narrow column.
    expect(text.replace(/ /g, '')).toContain(`${PUBLIC_URL}/api/documents/${id}/verify`);
    // Issue 23: signed under an extra root (the test CA), and the page says so.
    expect(text).toContain(SigningMessages.extraRootNotice);
    expect(text).not.toContain('Documento assinado digitalmente (ICP-Brasil)');
  });

  it('verify answers the ITI JSON whose URL serves the same bytes, stored sealed', async () => {
    const anonymous = await svc.as('anonymous');
    const res = await anonymous.get(
      `/api/documents/${id}/verify?_format=${encodeURIComponent(ITI_FORMAT)}&_secretCode=${code}`,
    );
    expect(res.status).toBe(200);
    const url = `${PUBLIC_URL}/api/documents/${id}/file?_secretCode=${code}`;
    expect(res.body).toEqual({ version: '1.0.0', prescription: { signatureFiles: [{ url }] } });

    // As the validator may send it: the '+' unescaped.
    const raw = await anonymous.get(
      `/api/documents/${id}/verify?_format=${ITI_FORMAT}&_secretCode=${code}`,
    );
    expect(raw.body).toEqual(res.body);
    const other = await anonymous.get(
      `/api/documents/${id}/verify?_format=text/html&_secretCode=${code}`,
    );
    expect(other).toMatchObject({ status: 400, body: { message: SigningMessages.badFormat } });

    const file = await fetch(`${svc.url}${url.slice(PUBLIC_URL.length)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(signed)).toBe(true);

    const row = await svc.db
      .selectFrom('signed_documents' as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow();
    const stored = row as { pdf: Buffer; user_id: string; expires_at: Date; code_hash: Buffer };
    // Issue 24: sealed at rest (test/at-rest.test.ts swaps such rows between users).
    expect(stored.pdf.length).toBe(signed.length + 16);
    expect(stored.pdf.includes(Buffer.from('%PDF'))).toBe(false);
    expect(stored.user_id).toBe(premium.userId);
    expect(stored.code_hash.includes(Buffer.from(code))).toBe(false);
    // Default retention: 20 years.
    const years = (stored.expires_at.getTime() - Date.now()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(19.99);
    expect(years).toBeLessThan(20.01);
  });

  it('401 for a wrong or missing code, 404 for an unknown id', async () => {
    const anonymous = await svc.as('anonymous');
    const wrong = await anonymous.get(
      `/api/documents/${id}/verify?_format=${encodeURIComponent(ITI_FORMAT)}&_secretCode=ERRADO123`,
    );
    expect(wrong).toMatchObject({
      status: 401,
      body: { message: 'Código de verificação incorreto. Confira o código impresso no documento.' },
    });
    expect((await anonymous.get(`/api/documents/${id}/file`)).status).toBe(401);
    for (const unknown of ['7d1f0c2e-0000-4000-8000-000000000001', 'nao-existe']) {
      const res = await anonymous.get(`/api/documents/${unknown}/verify?_secretCode=${code}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(SigningMessages.unknownDocument);
    }
  });

  it('every PDF route signs: a medical certificate gets its own document-type OID', async () => {
    const res = await svc.file(premium, '/api/generate-pdf', {
      content: 'Atesto que o paciente necessita de 2 dias de afastamento.',
      title: 'Atestado Médico',
      documentType: 'atestado_medico',
      patientName: 'Maria Souza',
      // Ignored for a signed-in caller: the registration is the projection's (CRM/SP 123456).
      profile: { ...PROFILE, registry: 'CRM 654321/RJ' },
      signature: { password: pki.password },
    });
    expect(res.status).toBe(200);
    expect(pdfsig(res.bytes)).toContain('Signature Validation: Signature is Valid.');
    const info = pdfinfoCustom(res.bytes);
    expect(info).toContain('2.16.76.1.12.1.2:Atestado médico');
    expect(info).toMatch(/2\.16\.76\.1\.4\.2\.2\.1:\s*123456/);
    expect(info).toMatch(/2\.16\.76\.1\.4\.2\.2\.2:\s*SP/);
    expect(info).not.toContain('654321');
  });

  it('an unsigned PDF carries the ITI metadata and no signature', async () => {
    const res = await svc.file(await svc.as('free'), '/api/prescriptions/ambulatory/pdf', {
      prescription: AMBULATORY,
      profile: PROFILE,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-document-id')).toBeNull();
    expect(pdfinfoCustom(res.bytes)).toContain('2.16.76.1.12.1.1:Prescrição de medicamento');
    expect(pdfsig(res.bytes)).toMatch(/does not contain any signatures/);
  });

  it('signing refusals: wrong password 422, Free 403, anonymous 401, no certificate 422', async () => {
    const body = (password: string) => ({
      prescription: AMBULATORY,
      profile: PROFILE,
      signature: { password },
    });
    const wrong = await premium.post('/api/prescriptions/ambulatory/pdf', body('senha-errada'));
    expect(wrong).toMatchObject({
      status: 422,
      body: { message: 'Senha do certificado incorreta.' },
    });
    const free = await (await svc.as('free')).post('/api/prescriptions/ambulatory/pdf', body('x'));
    expect(free).toMatchObject({ status: 403, body: { message: SigningMessages.premiumOnly } });
    const anonymous = await (await svc.as('anonymous')).post(
      '/api/prescriptions/ambulatory/pdf',
      body('x'),
    );
    expect(anonymous).toMatchObject({
      status: 401,
      body: { message: SigningMessages.signInRequired },
    });
    const none = await (await svc.as('premium')).post(
      '/api/prescriptions/ambulatory/pdf',
      body('x'),
    );
    expect(none).toMatchObject({ status: 422, body: { message: SigningMessages.noCertificate } });
    expect(Messages.premiumOnly).not.toBe(SigningMessages.premiumOnly);
  });
});

describe('verification is rate-limited per address', () => {
  it('past VERIFY_MAX_PER_MINUTE an address gets 429', async () => {
    const redis = createRedis(svc.config.REDIS_URL);
    await redis.del('pv:documents:verify:ip:127.0.0.1');
    const limited = await startDocuments(
      { SIGNING_KEK: KEK, VERIFY_MAX_PER_MINUTE: '3' },
      { worker: false },
    );
    try {
      const client = await limited.as('anonymous');
      const path = '/api/documents/7d1f0c2e-0000-4000-8000-000000000001/verify?_secretCode=ABC';
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await client.get(path)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const refused = await client.get(path);
      expect(refused.body.message).toBe(SigningMessages.tooManyVerifications);
    } finally {
      await limited.close();
      await redis.del('pv:documents:verify:ip:127.0.0.1');
      redis.disconnect();
    }
  });
});

describe('the password never reaches a log or the queue', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  it(
    'the service and the pdf-worker, at LOG_LEVEL=trace, never print it',
    async () => {
      const password = `Senha-Unica-${randomBytes(6).toString('hex')}`;
      const own = createTestPki({ password });
      const port = await freePort();
      const queue = `test-pdf-logs-${randomBytes(4).toString('hex')}`;
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        POSTGRES_URL: svc.config.POSTGRES_URL,
        REDIS_URL: svc.config.REDIS_URL,
        NATS_URL: svc.config.NATS_URL,
        SESSION_PUBLIC_KEY: svc.config.SESSION_PUBLIC_KEY,
        DOCUMENTS_DATABASE: svc.config.DOCUMENTS_DATABASE,
        PDF_QUEUE: queue,
        SIGNING_KEK: KEK,
        PUBLIC_URL,
        LOG_LEVEL: 'trace',
        // Issue 23: the test CA, trusted the only way a deployment can add one.
        SIGNING_EXTRA_TRUST_ROOTS: rootFile(own.rootPem),
      };
      let captured = '';
      for (const entry of ['../src/server.ts', '../src/workers/pdf-worker.ts']) {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(new URL(entry, import.meta.url))],
          { env, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        child.stdout?.on('data', (chunk) => {
          captured += chunk;
        });
        child.stderr?.on('data', (chunk) => {
          captured += chunk;
        });
        children.push(child);
      }
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 150; i++) {
        const ready = await fetch(`${base}/ready`).catch(() => undefined);
        if (ready?.ok && captured.includes('pdf worker ready')) break;
        await new Promise((r) => setTimeout(r, 200));
      }

      const premium = await svc.as('premium');
      expect((await upload(premium, own.valid.p12, password, base)).status).toBe(200);
      expect((await upload(premium, own.valid.p12, `${password}x`, base)).status).toBe(422);
      const signedRes = await svc.file(
        premium,
        '/api/prescriptions/ambulatory/pdf',
        { prescription: AMBULATORY, profile: PROFILE, signature: { password } },
        base,
      );
      expect(signedRes.status).toBe(200);
      const refused = await svc.file(
        premium,
        '/api/prescriptions/ambulatory/pdf',
        { prescription: AMBULATORY, profile: PROFILE, signature: { password: `${password}x` } },
        base,
      );
      expect(refused.status).toBe(422);
      await new Promise((r) => setTimeout(r, 300));

      // The capture is real: both processes logged the requests and jobs.
      expect(captured).toContain('/api/signing-certificate');
      expect(captured).toContain('/api/prescriptions/ambulatory/pdf');
      expect(captured).toContain('pdf worker ready');
      expect(captured).not.toContain(password);

      // Job data stays in Redis after the job: the password is sealed there, never in the clear.
      const redis = createRedis(svc.config.REDIS_URL);
      try {
        const keys = await redis.keys(`bull:${queue}:*`);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          if ((await redis.type(key)) !== 'hash') continue;
          const fields = await redis.hgetall(key);
          expect(JSON.stringify(fields)).not.toContain(password);
        }
        await Promise.all(keys.map((key) => redis.del(key)));
      } finally {
        redis.disconnect();
      }
    },
    scaled(60_000),
  );
});
