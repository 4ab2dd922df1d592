import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, verifiedProfessional } from './stack.js';

const run = promisify(execFile);
let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const NOTE = [
  'Consulta Médica',
  'Paciente: Joana Simões | Idade: 33 anos | Sexo: Feminino',
  '',
  'CONDUTA',
  '- Fluoxetina 20 mg, tomar 1 cápsula pela manhã por 30 dias',
].join('\n');

const post = (route: string, body: unknown) =>
  fetch(`${stack.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pv-sys-'));
  try {
    const file = path.join(dir, 'f.pdf');
    await writeFile(file, bytes);
    await run('qpdf', ['--check', file]);
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('documents through the gateway', () => {
  it(
    'a controlled prescription is generated, then downloaded as the RCE PDF, then read back',
    async () => {
      const generated = await post('/api/prescriptions/controlled', { consultationText: NOTE });
      expect(generated.status).toBe(200);
      const { prescription } = (await generated.json()) as { prescription: unknown };
      // Issue 23: an RCE only from a verified professional.
      const professional = await verifiedProfessional(stack);
      const pdf = await fetch(`${stack.url}/api/prescriptions/controlled/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: professional.cookie },
        body: JSON.stringify({ prescription }),
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.pdf"$/);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      const text = await pdfText(bytes);
      expect(text).toContain('Joana Simões');
      expect(text).toContain('30 (trinta) cápsulas');
      expect(text).toContain('2ª via - Orientação ao Paciente');
      expect(text).toContain('CRM/MG 4321');

      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
        'rce.pdf',
      );
      const extracted = await fetch(`${stack.url}/api/extract-pdf-text`, {
        method: 'POST',
        body: form,
      });
      expect(extracted.status).toBe(200);
      const body = (await extracted.json()) as { text: string; pages: number };
      expect(body.pages).toBe(2);
      expect(body.text).toContain('Joana Simões');
    },
    scaled(120_000),
  );

  it("generate-document without formatted text answers the spec's message", async () => {
    const res = await post('/api/generate-document', { documentType: 'receituario' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Texto formatado não disponível',
    );
  });
});
