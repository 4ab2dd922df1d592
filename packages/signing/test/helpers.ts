import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { TestCertificate } from '../src/testing/index.js';

/** Whether a Debian tool (poppler-utils, qpdf, openssl) is on the PATH. */
export function hasTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Runs a tool and answers stdout+stderr and its exit status (never throws on status). */
export function run(tool: string, args: string[], input?: Buffer): { out: string; status: number } {
  const result = spawnSync(tool, args, { input, maxBuffer: 16 * 1024 * 1024 });
  return { out: `${result.stdout}${result.stderr}`, status: result.status ?? -1 };
}

/** A scratch folder removed by the returned cleanup. */
export function scratch(): {
  dir: string;
  file: (name: string, data?: Buffer | string) => string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'pv-signing-'));
  return {
    dir,
    file: (name, data) => {
      const target = path.join(dir, name);
      if (data !== undefined) writeFileSync(target, data);
      return target;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

interface PdfMakeServer {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as PdfMakeServer;
const FONT_DIR = path.join(
  path.dirname(require.resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
pdfmake.setFonts({
  Roboto: {
    normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
    bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
    italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
    bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(`${FONT_DIR}${path.sep}`));

/**
 * A two-page prescription made the way services/documents makes them (pdfmake 0.3, embedded
 * Roboto, header and footer on every page), with the given Info entries.
 */
export function renderPrescription(info: Record<string, string> = {}): Promise<Buffer> {
  const items = Array.from({ length: 22 }, (_, i) => ({
    stack: [
      { text: `${i + 1}. Amoxicilina 500 mg, cápsula — uso oral`, bold: true },
      {
        text: 'Tomar 1 cápsula de 8 em 8 horas por 7 dias. Quantidade: 21 (vinte e uma) cápsulas.',
      },
    ],
    margin: [0, 0, 0, 14] as [number, number, number, number],
  }));
  return pdfmake
    .createPdf({
      pageSize: 'A4',
      pageMargins: [50, 95, 50, 55],
      info: { title: 'Receituário', creator: 'Prontuário por voz', producer: 'pdfmake', ...info },
      header: () => ({ text: 'Dra. Médica de Teste — CRM/SP 123456', margin: [50, 28, 50, 0] }),
      footer: (current: number, total: number) => ({
        text: `Página ${current} de ${total}`,
        alignment: 'right',
        margin: [50, 20, 50, 0],
      }),
      content: [
        { text: 'RECEITUÁRIO', fontSize: 15, bold: true, alignment: 'center' },
        { text: 'Paciente: João da Silva — CPF 123.456.789-09', margin: [0, 10, 0, 10] },
        ...items,
      ],
      defaultStyle: { font: 'Roboto', fontSize: 10.5 },
    })
    .getBuffer();
}

/** The CMS (/Contents, without its zero padding) and the bytes its ByteRange covers. */
export function extractSignature(pdf: Buffer): {
  cms: Buffer;
  covered: Buffer;
  byteRange: number[];
} {
  const text = pdf.toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) throw new Error('no ByteRange');
  const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
  const hex = text.slice(b + 1, c - 1);
  const der = Buffer.from(hex, 'hex');
  // The DER length header says where the CMS ends; the rest is the placeholder's zeros.
  const length =
    der[1]! & 0x80 ? der.readUIntBE(2, der[1]! & 0x7f) + 2 + (der[1]! & 0x7f) : der[1]! + 2;
  return {
    cms: der.subarray(0, length),
    covered: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    byteRange: [a, b, c, d],
  };
}

export const sh = (command: string): string => execFileSync('sh', ['-c', command]).toString();

/**
 * Exports a test holder (key, certificate, intermediate) as PKCS#12 with the openssl CLI, as a
 * real user's tooling would; `extra` adds openssl options (-iter, -certpbe...). Null on failure.
 */
export function exportWithOpenssl(
  holder: TestCertificate,
  chainPem: string,
  password: string,
  extra: string[] = [],
): { file: Buffer | null; out: string } {
  const dir = scratch();
  try {
    const result = run('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      dir.file('key.pem', holder.keyPem),
      '-in',
      dir.file('cert.pem', holder.certificatePem),
      '-certfile',
      dir.file('chain.pem', chainPem),
      '-passout',
      `pass:${password}`,
      '-out',
      dir.file('a1.p12'),
      ...extra,
    ]);
    return { file: result.status === 0 ? readFileSync(dir.file('a1.p12')) : null, out: result.out };
  } finally {
    dir.cleanup();
  }
}

/** `openssl cms -cmsout -print` of a DER CMS. */
export function printCms(cms: Buffer): string {
  const dir = scratch();
  try {
    return run('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      dir.file('c.der', cms),
    ]).out;
  } finally {
    dir.cleanup();
  }
}
