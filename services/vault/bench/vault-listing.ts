/**
 * Vault benchmark of issue 6: the admin list over 1,000,000 records (p50/p95 over many filter and
 * page combinations, through the real route with app.inject: validation, vault session check,
 * count and page) and the CSV export of 1,000 records.
 *
 *   node --import tsx services/vault/bench/vault-listing.ts      (repo root)
 *
 * Needs Postgres, Redis and nats-server (as the tests). Loads a throwaway database with
 * generate_series (about a minute), then measures. Tunables: BENCH_RECORDS (1000000),
 * BENCH_REQUESTS (per scenario, 60).
 */
import { sql } from 'kysely';
import { startVault } from '../test/harness.js';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const UFS = ['SP', 'RJ', 'MG', 'RS', 'PR', 'SC', 'BA', 'GO', 'PE', 'CE', 'DF', 'AM'];

const vault = await startVault();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

try {
  const loadStart = performance.now();
  const chunk = 200_000;
  for (let from = 0; from < RECORDS; from += chunk) {
    const to = Math.min(RECORDS, from + chunk) - 1;
    // 24 months of records, 12 UFs plus no UF, ~1 KB of note each.
    await sql`
      INSERT INTO vault_records (consult_id, date_ym, geo_region, timestamp_utc, audio_length_sec,
        professional, patient_hash, professional_hash, ip_hash, transcript, raw_transcript,
        transcript_teaser, content_key, has_event, has_client)
      SELECT gen_random_uuid(), to_char(ts AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM'),
        (ARRAY[${sql.raw(UFS.map((u) => `'${u}'`).join(','))}, NULL])[1 + (i % ${UFS.length + 1})],
        ts, (i % 900)::float8, 'medico_familia',
        md5(i::text) || md5((i + 1)::text), md5((i % 5000)::text) || md5('p'),
        md5((i % 20000)::text) || md5('ip'),
        repeat('Consulta Médica. Paciente: [NOME]. Cefaleia há três dias, sem febre. ', 14),
        repeat('paciente [NOME] refere cefaleia ', 20),
        left(repeat('Consulta Médica Paciente: [NOME] Cefaleia há três dias, sem febre. ', 4), 200),
        md5(i::text || 'c') || md5('c'), true, (i % 2 = 0)
      FROM (SELECT i, timestamptz '2024-12-01 03:00:00+00' + (i * (interval '730 days' / ${RECORDS})) AS ts
            FROM generate_series(${from}::int, ${to}::int) AS i) AS g`.execute(vault.db);
  }
  await sql`INSERT INTO vault_counts (date_ym, geo_region, record_count)
    SELECT date_ym, coalesce(geo_region, ''), count(*) FROM vault_records GROUP BY 1, 2`.execute(
    vault.db,
  );
  await sql`VACUUM ANALYZE vault_records`.execute(vault.db);
  await sql`VACUUM ANALYZE vault_counts`.execute(vault.db);
  console.log(
    `loaded ${RECORDS} records in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );

  const admin = await vault.as('admin');
  await vault.unlock(admin);
  const call = async (url: string) => {
    const start = performance.now();
    const res = await vault.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { ms, res };
  };

  const months = (
    await vault.db.selectFrom('vault_counts').select('date_ym').distinct().execute()
  ).map((r) => r.date_ym);
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const totalPages = async (query: string) =>
    (
      JSON.parse((await call(`/api/admin/transcript-vault/records?${query}`)).res.body) as {
        pagination: { totalPages: number };
      }
    ).pagination.totalPages;

  type Scenario = { name: string; query: () => Promise<string> };
  const filters = [
    { name: 'no filter', q: () => '' },
    { name: 'ym', q: () => `ym=${pick(months)}` },
    { name: 'uf', q: () => `uf=${pick(UFS)}` },
    { name: 'ym+uf', q: () => `ym=${pick(months)}&uf=${pick(UFS)}` },
  ];
  const scenarios: Scenario[] = [];
  for (const f of filters) {
    scenarios.push({
      name: `${f.name}, pages 1-10`,
      query: async () => `${f.q()}&page=${1 + Math.floor(Math.random() * 10)}`,
    });
    scenarios.push({
      name: `${f.name}, any page (uniform)`,
      query: async () => {
        const q = f.q();
        const pages = Math.max(1, await totalPages(q));
        return `${q}&page=${1 + Math.floor(Math.random() * pages)}`;
      },
    });
  }
  for (let i = 0; i < 10; i++) await call('/api/admin/transcript-vault/records?page=1'); // warm-up

  console.log(`\n${REQUESTS} requests per scenario, sequential, app.inject\n`);
  console.log('| scenario | p50 (ms) | p95 (ms) | max (ms) |');
  console.log('|---|---:|---:|---:|');
  const all: number[] = [];
  for (const scenario of scenarios) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const query = await scenario.query();
      times.push((await call(`/api/admin/transcript-vault/records?${query}`)).ms);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(
      `| ${scenario.name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `| **all listing requests** | ${percentile(all, 50).toFixed(1)} | ${percentile(all, 95).toFixed(1)} | ${all.at(-1)!.toFixed(1)} |`,
  );

  const exportTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const { ms, res } = await call('/api/admin/transcript-vault/export?format=csv&limit=1000');
    exportTimes.push(ms);
    bytes = res.rawPayload.length;
  }
  exportTimes.sort((a, b) => a - b);
  console.log(
    `\nCSV export of 1,000 records (${(bytes / 1024).toFixed(0)} KiB), 20 runs: p50 ${percentile(exportTimes, 50).toFixed(1)} ms, p95 ${percentile(exportTimes, 95).toFixed(1)} ms`,
  );
} finally {
  await vault.close();
}
