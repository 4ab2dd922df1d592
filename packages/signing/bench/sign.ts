// `node --import tsx packages/signing/bench/sign.ts [runs]` from the repo root (or
// `pnpm --filter @pv/signing bench`). Renders a two-page pdfmake prescription and signs it with
// an A1 file exported by OpenSSL 3 with its defaults (AES-256, PBKDF2 2048, SHA-256 MAC), the
// way the pdf-worker will: open the file with the password, sign, drop the key.
// Runs alternate between the unsigned and the signed path so that both see the same machine load.
import { loadavg } from 'node:os';
import { itiInfoEntries, openA1Signer } from '../src/index.js';
import { createTestPki } from '../src/testing/index.js';
import { exportWithOpenssl, renderPrescription } from '../test/helpers.js';

const RUNS = Number(process.argv[2] ?? 300);
const WARMUP = 20;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const pki = createTestPki();
const password = 'senha-do-bench';
const exported = exportWithOpenssl(pki.valid, pki.intermediatePem, password).file;
const p12 = exported ?? pki.valid.p12;
const p12Password = exported ? password : pki.password;
const p12Origin = exported ? 'OpenSSL 3 defaults' : 'node-forge (openssl missing)';

const info = itiInfoEntries({
  documentType: 'prescription',
  professional: { council: 'CRM', number: '123456', uf: 'SP' },
});

const timings = {
  unsigned: [] as number[],
  signed: [] as number[],
  signOnly: [] as number[],
  signCpu: [] as number[],
};
const loadBefore = loadavg()[0]!;
let bytes = { unsigned: 0, signed: 0 };

for (let i = 0; i < WARMUP + RUNS; i++) {
  let started = performance.now();
  const plain = await renderPrescription(info);
  const unsignedMs = performance.now() - started;

  started = performance.now();
  const pdf = await renderPrescription(info);
  const rendered = performance.now();
  const cpu = process.cpuUsage();
  const signed = await openA1Signer(p12, p12Password).signPdf(pdf);
  const done = performance.now();
  const cpuUsed = process.cpuUsage(cpu);

  if (i >= WARMUP) {
    timings.unsigned.push(unsignedMs);
    timings.signed.push(done - started);
    timings.signOnly.push(done - rendered);
    // CPU time is what the signing itself costs; wall time also counts waiting for a core.
    timings.signCpu.push((cpuUsed.user + cpuUsed.system) / 1000);
    bytes = { unsigned: plain.length, signed: signed.length };
  }
}

const row = (name: string, samples: number[]) =>
  `| ${name.padEnd(42)} | ${percentile(samples, 50).toFixed(1).padStart(8)} | ${percentile(
    samples,
    95,
  )
    .toFixed(1)
    .padStart(8)} |`;

console.log(`runs: ${RUNS} (+${WARMUP} warm-up), A1 file: ${p12Origin}`);
console.log(`sizes: unsigned ${bytes.unsigned} B, signed ${bytes.signed} B`);
console.log('| path                                       | p50 (ms) | p95 (ms) |');
console.log('| ------------------------------------------ | -------: | -------: |');
console.log(row('render (unsigned)', timings.unsigned));
console.log(row('render + open A1 + sign', timings.signed));
console.log(row('open A1 + sign (the added work)', timings.signOnly));
console.log(row('open A1 + sign, CPU time', timings.signCpu));
console.log(
  `load average (1 min) before/after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)}`,
);
const added = percentile(timings.signed, 95) - percentile(timings.unsigned, 95);
console.log(
  `signing adds ${added.toFixed(1)} ms at p95 (goal: at most 50 ms): ${added <= 50 ? 'met' : 'NOT met'}`,
);
