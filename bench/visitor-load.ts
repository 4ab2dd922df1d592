// `node --import tsx bench/visitor-load.ts [baseUrl]` from the repo root, against a running
// `npm start` (default http://127.0.0.1:8080) or an e2e stack (E2E_PORT): plays the visitors of
// issue 26's "done when": 100 anonymous formats and 50 anonymous PDFs from 127.0.0.1, then prints
// what came back (statuses, the first pt-BR refusal message of each kind, timings). It uses up the
// machine's default visitor budgets on purpose: `npm test` run right after must still pass.
//
// Options (environment): VISITOR_FORMATS (100), VISITOR_PDFS (50), VISITOR_CONCURRENCY (4).

const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};
const formats = count('VISITOR_FORMATS', 100);
const pdfs = count('VISITOR_PDFS', 50);
const concurrency = Math.max(1, count('VISITOR_CONCURRENCY', 4));

interface Tally {
  statuses: Map<string, number>;
  /** The first answer's message per non-2xx status: what a visitor was told. */
  messages: Map<string, string>;
  millis: number[];
}

const newTally = (): Tally => ({ statuses: new Map(), messages: new Map(), millis: [] });

/** One anonymous visitor's request: no cookie, JSON, as the workspace sends it. */
async function visit(path: string, body: unknown, tally: Tally): Promise<void> {
  const started = performance.now();
  let status: string;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(180_000),
    });
    status = String(response.status);
    const bytes = await response.arrayBuffer();
    if (!response.ok && !tally.messages.has(status)) {
      const text = new TextDecoder().decode(bytes);
      let message = text.slice(0, 200);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {}
      tally.messages.set(status, message);
    }
  } catch (error) {
    status = `network error (${(error as Error).name})`;
  }
  tally.millis.push(performance.now() - started);
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
}

/** Runs `total` visits, `concurrency` at a time. */
async function run(total: number, one: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) await one(next++);
    }),
  );
}

function report(name: string, total: number, tally: Tally): void {
  const sorted = [...tally.millis].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  const statuses = [...tally.statuses].map(([s, n]) => `${s}: ${n}`).join(', ');
  console.log(`${name}: ${total} sent; ${statuses}; p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  for (const [status, message] of tally.messages) console.log(`  ${status} said: ${message}`);
}

const health = await fetch(`${baseUrl}/health`).catch((error: Error) => error);
if (health instanceof Error || !health.ok) {
  console.error(
    `${baseUrl}/health did not answer 200 (${health instanceof Error ? health.message : health.status}): is the stack running?`,
  );
  process.exit(1);
}
console.log(`visitors against ${baseUrl}, ${concurrency} at a time`);

const formatTally = newTally();
await run(formats, (i) =>
  visit(
    '/api/format-text',
    {
      text: `Paciente refere cefaleia há ${(i % 5) + 1} dias, sem febre. Conduta: analgesia e retorno.`,
      professional: 'consulta_medica',
    },
    formatTally,
  ),
);
report('anonymous formats (POST /api/format-text)', formats, formatTally);

const pdfTally = newTally();
await run(pdfs, (i) =>
  visit(
    '/api/generate-pdf',
    { title: 'Nota de consulta', content: `Nota ${i + 1}: paciente em bom estado geral.` },
    pdfTally,
  ),
);
report('anonymous PDFs (POST /api/generate-pdf)', pdfs, pdfTally);
