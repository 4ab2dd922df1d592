import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfTextExtractor } from '../src/extraction/extract.js';
import { renderPdf } from '../src/pdf/render.js';
import { type DocumentsUnderTest, startDocuments } from './harness.js';

const run = promisify(execFile);

/** A PDF made here: one page per entry, each with its own accented text. */
const makePdf = (pages: string[]) =>
  renderPdf({
    pageSize: 'A4',
    content: pages.map((text, i) => ({
      text,
      ...(i < pages.length - 1 ? { pageBreak: 'after' as const } : {}),
    })),
  });

let svc: DocumentsUnderTest;
let dir: string;
beforeAll(async () => {
  svc = await startDocuments();
  dir = await mkdtemp(path.join(tmpdir(), 'pv-extract-'));
});
afterAll(async () => {
  await svc.close();
  await rm(dir, { recursive: true, force: true });
});

async function upload(bytes: Buffer | string, name = 'relatorio.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }),
    name,
  );
  const response = await fetch(`${svc.url}/api/extract-pdf-text`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('POST /api/extract-pdf-text', () => {
  it('extracts every page of a multi-page PDF, accents included', async () => {
    const pdf = await makePdf([
      'Relatório anterior — página um: hipertensão arterial sistêmica.',
      'Página dois: uso contínuo de losartana; função renal preservada.',
      'Página três: orientações de alimentação e retorno em três meses.',
    ]);
    const res = await upload(pdf);
    expect(res.status).toBe(200);
    expect(res.body.pages).toBe(3);
    const text = String(res.body.text);
    expect(text).toContain('Relatório anterior — página um: hipertensão arterial sistêmica.');
    expect(text).toContain('Página dois: uso contínuo de losartana; função renal preservada.');
    expect(text).toContain('Página três');
    expect(text.indexOf('Página dois')).toBeLessThan(text.indexOf('Página três'));
  });

  it('a file that is not a PDF answers 415', async () => {
    const res = await upload('apenas texto, não é PDF', 'notas.txt', 'text/plain');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('O arquivo enviado não é um PDF. Envie um arquivo .pdf.');
  });

  it('a request that is not multipart answers 415', async () => {
    const res = await (await svc.as('anonymous')).post('/api/extract-pdf-text', {});
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(
      'Envie o arquivo PDF no campo "file" de um formulário multipart/form-data.',
    );
  });

  it('a PDF over 10 MB answers 413', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'O arquivo PDF passa do limite de 10 MB. Envie um arquivo menor.',
    );
  });

  it('a PDF over 200 pages answers 413', async () => {
    const pdf = await makePdf(Array.from({ length: 201 }, (_, i) => `Página ${i + 1}`));
    const res = await upload(pdf);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'O arquivo PDF tem mais de 200 páginas. Envie um arquivo com até 200 páginas.',
    );
  });

  it('a corrupt PDF answers 422', async () => {
    const res = await upload(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nlixo sem fim'));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'O arquivo PDF está corrompido ou não pôde ser lido. Verifique o arquivo.',
    );
  });

  it('a password-protected PDF answers 422', async () => {
    const plain = path.join(dir, 'plain.pdf');
    const locked = path.join(dir, 'locked.pdf');
    await writeFile(plain, await makePdf(['Documento sigiloso']));
    await run('qpdf', ['--encrypt', 'senha-usuario', 'senha-dono', '256', '--', plain, locked]);
    const res = await upload(await readFile(locked));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'O arquivo PDF está protegido por senha. Remova a proteção e envie o arquivo novamente.',
    );
  });

  it('an upload without a file answers 400', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const response = await fetch(`${svc.url}/api/extract-pdf-text`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Nenhum arquivo foi enviado. Escolha um arquivo PDF.',
    );
  });
});

describe('the extraction deadline', () => {
  it('a file that takes longer than the deadline is abandoned with a pt-BR message', async () => {
    const extractor = new PdfTextExtractor({
      maxBytes: 10 * 1024 * 1024,
      maxPages: 200,
      timeoutMs: 100,
    });
    try {
      const pdf = await makePdf(
        Array.from({ length: 120 }, (_, i) => `Página ${i + 1} `.repeat(200)),
      );
      await expect(extractor.extract(pdf)).rejects.toMatchObject({
        statusCode: 422,
        message:
          'A leitura do PDF demorou mais de 20 segundos. Envie um arquivo menor ou mais simples.',
      });
    } finally {
      await extractor.close();
    }
  });

  it(
    'the thread of an abandoned file is replaced: the next file is read',
    async () => {
      const extractor = new PdfTextExtractor(
        { maxBytes: 10 * 1024 * 1024, maxPages: 1_000, timeoutMs: 1_500 },
        1,
      );
      try {
        // Past this extractor's deadline even on a quiet machine: 150 pages of 300 words took
        // about 2.5 s under load, but under 1.5 s with pdfjs-dist 6 on an idle one; this extractor
        // allows more pages than the service does, to read 450.
        const slow = await makePdf(
          Array.from({ length: 450 }, (_, i) => `Página ${i + 1} `.repeat(300)),
        );
        await expect(extractor.extract(slow)).rejects.toMatchObject({
          code: 'PDF_EXTRACT_TIMEOUT',
        });
        await expect(extractor.extract(await makePdf(['Olá']))).resolves.toEqual({
          text: 'Olá',
          pages: 1,
        });
      } finally {
        await extractor.close();
      }
    },
    scaled(30_000),
  );
});
