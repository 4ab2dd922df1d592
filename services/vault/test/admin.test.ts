import { randomUUID } from 'node:crypto';
import { Messages, VAULT_EXPORT_COLUMNS } from '@pv/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymise } from '../src/anonymise/anonymise.js';
import { csvField } from '../src/records/csv.js';
import { archiveConsult } from '../src/records/record.service.js';
import { type Client, startVault, TEST_ADMIN_KEY, type VaultUnderTest } from './harness.js';

let vault: VaultUnderTest;
beforeAll(async () => {
  vault = await startVault({
    VAULT_LOGIN_MAX_FAILURES_PER_ADMIN: '3',
    VAULT_LOGIN_MAX_FAILURES_PER_IP: '8',
  });
});
afterAll(() => vault.close());

const LOCKED =
  'O Transcript Vault está bloqueado. Informe a chave de administrador para acessar os registros.';
const RECORDS = '/api/admin/transcript-vault/records';

/** Archives a consult at a given instant and UF straight through the service's own write path. */
async function seed(at: Date, uf: string | null, text = 'Nota clínica de teste.') {
  const consultId = randomUUID();
  const consult = anonymise(
    {
      source: 'event',
      consultId,
      formattedText: `Consulta Médica\n${text} ${consultId}`,
      rawTranscript: text,
      editedText: null,
      professional: 'nutricionista',
      audioLengthSec: 30,
      userId: randomUUID(),
      clientIp: '192.0.2.1',
      uf: uf as never,
      at,
    },
    vault.hasher,
  );
  await vault.db.transaction().execute((trx) => archiveConsult(trx, consult));
  return consultId;
}

async function unlockedAdmin(): Promise<Client> {
  const admin = await vault.as('admin');
  const res = await vault.unlock(admin);
  expect(res.status).toBe(200);
  return admin;
}

describe('POST /api/admin/transcript-vault/login', () => {
  it('needs a signed-in admin: 401 anonymous, 403 for other users', async () => {
    const anonymous = await vault.anonymous().post('/api/admin/transcript-vault/login', {
      adminKey: TEST_ADMIN_KEY,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(Messages.notAuthenticated);
    const premium = await vault.as('premium');
    const res = await premium.post('/api/admin/transcript-vault/login', {
      adminKey: TEST_ADMIN_KEY,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Acesso negado. Esta área é restrita a administradores.');
  });

  it('refuses a blank key and a wrong key; the right key opens a 15-minute httpOnly session', async () => {
    const admin = await vault.as('admin');
    const blank = await admin.post('/api/admin/transcript-vault/login', { adminKey: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Informe a chave de administrador do Transcript Vault.');
    const wrong = await vault.unlock(admin, 'chave-errada');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Chave de administrador do Transcript Vault inválida.');
    expect(wrong.vaultCookie).toBeUndefined();
    const right = await vault.unlock(admin);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      message: 'Transcript Vault desbloqueado.',
      expiresInSeconds: 900,
    });
    expect(right.vaultCookie).toMatch(/HttpOnly/);
    expect(right.vaultCookie).toMatch(/Path=\/api\/admin\/transcript-vault/);
    expect(right.vaultCookie).toMatch(/SameSite=Strict/);
    expect(right.vaultCookie).toMatch(/Max-Age=900/);
    expect(JSON.stringify(right.body)).not.toContain(
      right.vaultCookie!.split(';')[0]!.split('=')[1]!,
    );
    expect((await admin.get(RECORDS)).status).toBe(200);
  });

  it('throttles wrong keys per admin (even the right key waits), in pt-BR', async () => {
    const admin = await vault.as('admin');
    for (let i = 0; i < 3; i++) expect((await vault.unlock(admin, `errada-${i}`)).status).toBe(401);
    const blocked = await vault.unlock(admin);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(
      'Muitas tentativas com a chave do Transcript Vault. Aguarde 15 minutos e tente novamente.',
    );
  });

  it('throttles wrong keys per address across admins', async () => {
    // 3 wrong keys were already given from this address above; 8 is the per-address ceiling.
    for (let i = 0; i < 3; i++) {
      const admin = await vault.as('admin');
      await vault.unlock(admin, 'errada');
      await vault.unlock(admin, 'errada');
    }
    const fresh = await vault.as('admin');
    const res = await vault.unlock(fresh);
    expect(res.status).toBe(429);
    const keys = await vault.redis.keys(`${vault.namespace}login-failures:*`);
    await vault.redis.del(...keys);
  });

  it('counts wrong keys from IPv6 addresses by their /64', async () => {
    let host = 0;
    const fromPrefix = async () => {
      const admin = await vault.as('admin');
      admin.headers['x-forwarded-for'] = `2001:db8:4c:9::${(++host).toString(16)}`;
      return admin;
    };
    // 8 wrong keys, two per admin (under the per-admin ceiling), each from a new address.
    for (let i = 0; i < 4; i++) {
      const admin = await fromPrefix();
      for (let j = 0; j < 2; j++) {
        admin.headers['x-forwarded-for'] = `2001:db8:4c:9::${(++host).toString(16)}`;
        expect((await vault.unlock(admin, 'errada')).status).toBe(401);
      }
    }
    expect((await vault.unlock(await fromPrefix())).status).toBe(429);
    const elsewhere = await vault.as('admin');
    elsewhere.headers['x-forwarded-for'] = '2001:db8:4c:a::1';
    expect((await vault.unlock(elsewhere)).status).toBe(200);
    const keys = await vault.redis.keys(`${vault.namespace}login-failures:*`);
    await vault.redis.del(...keys);
  });
});

describe('the records routes need a live vault session of the same admin', () => {
  const routes = [
    ['GET', RECORDS],
    ['GET', `/api/admin/transcript-vault/record/${randomUUID()}`],
    ['DELETE', `/api/admin/transcript-vault/record/${randomUUID()}`],
    ['DELETE', `${RECORDS}?confirm=true`],
    ['GET', '/api/admin/transcript-vault/export?format=csv&limit=1000'],
  ] as const;

  it.each(routes)('%s %s: 401 locked without it, 403 for non-admins', async (method, path) => {
    const admin = await vault.as('admin');
    const res = await admin.call(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'VAULT_LOCKED', message: LOCKED });
    const free = await vault.as('free');
    expect((await free.call(method, path)).status).toBe(403);
  });

  it('is refused when expired, or when another admin presents it', async () => {
    const admin = await unlockedAdmin();
    const vaultCookie = admin.cookie.split('; ')[1]!;
    const other = await vault.as('admin');
    other.cookie = `${other.cookie}; ${vaultCookie}`;
    expect((await other.get(RECORDS)).status).toBe(401);
    const sessions = await vault.redis.keys(`${vault.namespace}session:*`);
    for (const key of sessions) await vault.redis.pexpire(key, 1);
    await new Promise((r) => setTimeout(r, 20));
    const expired = await admin.get(RECORDS);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(LOCKED);
  });
});

describe('GET /api/admin/transcript-vault/records', () => {
  const seeded: { id: string; at: Date; uf: string | null }[] = [];
  let admin: Client;

  beforeAll(async () => {
    await vault.db.deleteFrom('vault_records').execute();
    await vault.db.deleteFrom('vault_counts').execute();
    const ufs = ['SP', 'RJ', null, 'MG'];
    for (let i = 0; i < 45; i++) {
      // 2026-09, 2026-10 and 2026-11 (São Paulo months), one hour apart.
      const at = new Date(Date.UTC(2026, 8 + (i % 3), 10, i));
      const uf = ufs[i % 4] ?? null;
      seeded.push({ id: await seed(at, uf), at, uf });
    }
    admin = await unlockedAdmin();
  });

  const newestFirst = (list: typeof seeded) =>
    [...list].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1));

  it('pages 20 at a time, newest first, with the spec pagination block', async () => {
    const expected = newestFirst(seeded).map((r) => r.id);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await admin.get(`${RECORDS}?page=${page}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
    }
    expect(pages[0]!.pagination).toEqual({
      totalCount: 45,
      currentPage: 1,
      totalPages: 3,
      hasPrev: false,
      hasNext: true,
    });
    expect(pages[2]!.pagination).toMatchObject({ currentPage: 3, hasPrev: true, hasNext: false });
    const ids = pages.flatMap((p) =>
      (p.records as { consult_id: string }[]).map((r) => r.consult_id),
    );
    expect(ids).toEqual(expected);
    const first = (pages[0]!.records as Record<string, unknown>[])[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'audio_length_sec',
        'consult_id',
        'date_ym',
        'geo_region',
        'ip_hash',
        'patient_hash',
        'professional',
        'professional_hash',
        'timestamp_utc',
        'transcript_teaser',
      ].sort(),
    );
    const beyond = await admin.get(`${RECORDS}?page=9`);
    expect(beyond.body.records).toEqual([]);
    expect(beyond.body.pagination).toMatchObject({
      totalCount: 45,
      currentPage: 9,
      hasNext: false,
    });
  });

  it('filters by month and by UF, alone and together ("all" and empty mean no filter)', async () => {
    const check = async (query: string, match: (r: (typeof seeded)[number]) => boolean) => {
      const expected = newestFirst(seeded.filter(match)).map((r) => r.id);
      const got: string[] = [];
      for (let page = 1; ; page++) {
        const res = await admin.get(`${RECORDS}?page=${page}&${query}`);
        expect(res.status).toBe(200);
        got.push(...(res.body.records as { consult_id: string }[]).map((r) => r.consult_id));
        expect((res.body.pagination as { totalCount: number }).totalCount).toBe(expected.length);
        if (!(res.body.pagination as { hasNext: boolean }).hasNext) break;
      }
      expect(got).toEqual(expected);
    };
    const ym = (r: (typeof seeded)[number]) => r.at.toISOString().slice(0, 7);
    await check('ym=2026-10', (r) => ym(r) === '2026-10');
    await check('uf=SP', (r) => r.uf === 'SP');
    await check('ym=2026-11&uf=MG', (r) => ym(r) === '2026-11' && r.uf === 'MG');
    await check('uf=all&ym=', () => true);
    await check('ym=2025-01', () => false);
  });

  it('refuses a malformed month, UF or page in pt-BR', async () => {
    const month = await admin.get(`${RECORDS}?ym=2026-13`);
    expect(month.status).toBe(400);
    expect(month.body.message).toBe(
      'O filtro de mês deve estar no formato AAAA-MM (por exemplo, 2026-11).',
    );
    const uf = await admin.get(`${RECORDS}?uf=XX`);
    expect(uf.status).toBe(400);
    expect(uf.body.message).toBe(
      'O filtro de UF deve ser "all" ou a sigla de um estado brasileiro (por exemplo, SP).',
    );
    const page = await admin.get(`${RECORDS}?page=0`);
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('A página deve ser um número inteiro a partir de 1.');
  });

  it('GET /record/:id gives the full record; 404 when unknown', async () => {
    const id = seeded[0]!.id;
    const res = await admin.get(`/api/admin/transcript-vault/record/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      consult_id: id,
      date_ym: '2026-09',
      geo_region: 'SP',
      professional: 'nutricionista',
      raw_transcript: 'Nota clínica de teste.',
      edited_transcript: null,
    });
    expect(res.body.transcript).toContain('Nota clínica de teste.');
    const missing = await admin.get(`/api/admin/transcript-vault/record/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Registro não encontrado no Transcript Vault.');
  });
});

describe('GET /api/admin/transcript-vault/export', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await unlockedAdmin();
    await seed(
      new Date('2026-11-20T12:00:00Z'),
      'CE',
      'Texto com vírgula, "aspas" e\nquebra de linha.',
    );
  });

  const download = async (query: string) => {
    const response = await fetch(`${vault.url}/api/admin/transcript-vault/export?${query}`, {
      headers: { cookie: admin.cookie },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    // fetch's text() would drop the BOM; keep it to check it is there.
    return { response, bytes, body: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };

  it('streams an RFC 4180 CSV (UTF-8 with BOM) that csv-parse reads back', async () => {
    const { response, body, bytes } = await download('format=csv&limit=1000');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="transcript-vault-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(body, { bom: true, columns: true }) as Record<string, string>[];
    const total = Number(
      (
        await vault.db
          .selectFrom('vault_records')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(rows).toHaveLength(total);
    expect(Object.keys(rows[0]!)).toEqual([...VAULT_EXPORT_COLUMNS]);
    expect(rows[0]).toMatchObject({
      geo_region: 'CE',
      date_ym: '2026-11',
      professional: 'nutricionista',
    });
    expect(rows[0]!.raw_transcript).toBe('Texto com vírgula, "aspas" e\nquebra de linha.');
    const timestamps = rows.map((r) => r.timestamp_utc!);
    expect([...timestamps].sort().reverse()).toEqual(timestamps);
  });

  it('neutralises formulas after every separator; a pt-BR spreadsheet (;) sees none', async () => {
    const hostile =
      'Nota; =HYPERLINK("http://x.invalid";"clique"),@SUM(1)\t+cmd|\' /C calc\'!A0; -2+3';
    await seed(new Date(), 'PE', hostile);
    const { body } = await download('format=csv&uf=PE');
    // The declared separator (a comma) reads the text back, each formula start marked.
    const rows = parse(body, { bom: true, columns: true }) as Record<string, string>[];
    const written = rows.find((r) => r.raw_transcript?.startsWith('Nota;'))!.raw_transcript!;
    // (The vault stored the tab as a space: no cell can start there.)
    expect(written).toBe(
      "Nota; '=HYPERLINK(\"http://x.invalid\";\"clique\"),'@SUM(1) +cmd|' /C calc'!A0; '-2+3",
    );
    // pt-BR settings: the same file split on semicolons, quotes as a spreadsheet takes them.
    const cells = (
      parse(body, {
        bom: true,
        delimiter: ';',
        relax_quotes: true,
        relax_column_count: true,
      }) as string[][]
    ).flat();
    expect(cells.some((cell) => cell.includes('HYPERLINK'))).toBe(true);
    for (const cell of cells) expect(cell.trimStart()).not.toMatch(/^[=+\-@]/);
    // A tab in a field (the vault stores none today) is a separator too.
    expect(csvField('a\t=1;@2')).toBe('"a\t\'=1;\'@2"');
    // And split on tabs.
    const tabCells = (
      parse(body, {
        bom: true,
        delimiter: '\t',
        relax_quotes: true,
        relax_column_count: true,
      }) as string[][]
    ).flat();
    for (const cell of tabCells) expect(cell.trimStart()).not.toMatch(/^[=+\-@]/);
  });

  it('honours limit and the filters, and refuses a bad limit or format', async () => {
    const limited = parse((await download('format=csv&limit=7')).body, {
      bom: true,
      columns: true,
    });
    expect(limited).toHaveLength(7);
    const rj = parse((await download('format=csv&uf=RJ')).body, { bom: true, columns: true }) as {
      geo_region: string;
    }[];
    expect(rj.length).toBeGreaterThan(0);
    expect(rj.every((r) => r.geo_region === 'RJ')).toBe(true);
    for (const query of ['limit=0', 'limit=10001', 'format=xml']) {
      const { response } = await download(query);
      expect(response.status).toBe(400);
    }
    const tooMany = await admin.get('/api/admin/transcript-vault/export?limit=10001');
    expect(tooMany.body.message).toBe(
      'O limite de exportação deve ser um número inteiro entre 1 e 10000.',
    );
  });
});

describe('deleting', () => {
  it('DELETE /record/:id removes one record (404 after), and the counts follow', async () => {
    const admin = await unlockedAdmin();
    const id = await seed(new Date('2026-11-21T12:00:00Z'), 'BA');
    const before = (await admin.get(`${RECORDS}?uf=BA`)).body.pagination as { totalCount: number };
    const res = await admin.delete(`/api/admin/transcript-vault/record/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Registro excluído do Transcript Vault.',
      deletedCount: 1,
    });
    const after = (await admin.get(`${RECORDS}?uf=BA`)).body.pagination as { totalCount: number };
    expect(after.totalCount).toBe(before.totalCount - 1);
    expect((await admin.delete(`/api/admin/transcript-vault/record/${id}`)).status).toBe(404);
  });

  it('DELETE /records needs confirm=true, then removes everything', async () => {
    const admin = await unlockedAdmin();
    await seed(new Date(), 'SP');
    for (const query of ['', '?confirm=false', '?confirm=1']) {
      const res = await admin.delete(`${RECORDS}${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Para excluir todos os registros, confirme a operação enviando confirm=true.',
      );
    }
    const total = ((await admin.get(RECORDS)).body.pagination as { totalCount: number }).totalCount;
    expect(total).toBeGreaterThan(0);
    const res = await admin.delete(`${RECORDS}?confirm=true`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Todos os registros do Transcript Vault foram excluídos.',
      deletedCount: total,
    });
    const after = await admin.get(RECORDS);
    expect(after.body.records).toEqual([]);
    expect(after.body.pagination).toMatchObject({ totalCount: 0, totalPages: 0 });
  });
});
