/**
 * Documents benchmark 2 (issue 4): text extraction of a 50-page PDF (made here with pdfmake,
 * about 450 words per page) by the service's extractor (pdfjs-dist 5 legacy build in warm worker
 * threads, the file's pages split between two) against poppler's `pdftotext` (a new process per
 * file, as one would call it), in the same run, one file at a time.
 *
 *   node --import tsx services/documents/bench/extract-vs-pdftotext.ts      (repo root)
 *
 * Needs pdftotext (Debian poppler-utils). Tunables: BENCH_SAMPLES (20), BENCH_WARMUP (3).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PdfTextExtractor } from '../src/extraction/extract.js';
import { renderPdf } from '../src/pdf/render.js';
import { row, stats } from './shared.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const run = promisify(execFile);

const paragraph =
  'Paciente em acompanhamento ambulatorial, refere melhora parcial dos sintomas, nega febre, ' +
  'mantém uso regular das medicações prescritas; exame físico sem alterações significativas; ' +
  'pressão arterial controlada, glicemia de jejum dentro da meta e função renal preservada. ';
const pdf = await renderPdf({
  pageSize: 'A4',
  content: Array.from({ length: 50 }, (_, i) => ({
    text: `Página ${i + 1}\n${paragraph.repeat(14)}`,
    ...(i < 49 ? { pageBreak: 'after' as const } : {}),
  })),
});
const file = path.join(tmpdir(), `pv-bench-extract-${randomBytes(4).toString('hex')}.pdf`);
writeFileSync(file, pdf);

// As the service builds it: two threads (the machine's cores); one file at a time, so its pages
// are split between both.
const extractor = new PdfTextExtractor({
  maxBytes: 10 * 1024 * 1024,
  maxPages: 200,
  timeoutMs: 20_000,
});

async function measure(once: () => Promise<number>) {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  let chars = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    chars = await once();
    samples.push(performance.now() - t);
  }
  return { ...stats(samples), chars };
}

try {
  const ours = await measure(async () => (await extractor.extract(pdf)).text.length);
  const poppler = await measure(
    async () => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.length,
  );
  console.log(
    `50-page PDF, ${(pdf.length / 1024).toFixed(0)} KiB; ${SAMPLES} samples each after ${WARMUP} warm-up\n`,
  );
  console.log('| extractor | mean ms/file | p50 ms | p95 ms | files/s |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row(`pdfjs-dist, 2 worker threads (${ours.chars} chars)`, ours));
  console.log(row(`pdftotext process (${poppler.chars} chars)`, poppler));
  console.log(`\npdfjs / pdftotext: ${(ours.mean / poppler.mean).toFixed(2)}x (goal: within 3x)`);
} finally {
  await extractor.close();
  rmSync(file, { force: true });
}
