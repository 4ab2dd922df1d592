import { readFile } from 'node:fs/promises';
import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  loginAdminThroughApi,
  loginThroughApi,
  newPage,
  registerThroughApi,
  saveScreenshot,
  scaled,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** RFC 4180 rows (quoted fields, doubled quotes, CRLF), without the UTF-8 BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/**
 * axe after every running CSS transition ended: a dialog fading in (or a menu fading out) is
 * half transparent, which axe would report as low contrast.
 */
async function expectAccessibleWhenSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await expectNoSeriousA11yViolations(page);
}

const DENIED = 'Acesso negado. Esta área é restrita a administradores.';
const TABS = [
  ['dashboard', 'Dashboard'],
  ['analytics', 'Analytics'],
  ['usuarios', 'Usuários'],
  ['suporte', 'Suporte'],
  ['templates', 'Templates'],
  ['templates-ia', 'Templates IA'],
  ['termos-medicos', 'Termos Médicos'],
  ['instrucoes', 'Instruções'],
  ['termos', 'Termos'],
  ['mensagens', 'Mensagens'],
  ['vault', 'Transcript Vault'],
  ['auditoria', 'Auditoria'],
] as const;

/** The console in a real browser against the real stack, as the seeded admin. */
describe('admin console', () => {
  const { baseUrl, admin, vaultAdminKey } = inject('e2e');
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl });
    watchPageProblems(page, pageErrors);
    await loginAdminThroughApi(page, baseUrl, admin);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('every tab renders without serious a11y violations (screenshots saved)', async () => {
    for (const [key, label] of TABS) {
      await page.goto(`/admin?tab=${key}`);
      await page.getByRole('tab', { name: label, exact: true, selected: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(DENIED).count()).resolves.toBe(0);
      await expectAccessibleWhenSettled(page);
      await saveScreenshot(page, `admin-web-tab-${key}`);
    }
    expect(pageErrors).toEqual([]);
  });

  it('creates, searches, edits, resets the password of and deletes a user', async () => {
    const email = `e2e-user-${stamp}@exemplo.test`;
    await page.goto('/admin?tab=usuarios');
    await page.getByRole('button', { name: 'Novo Usuário' }).click();
    const form = page.getByRole('dialog');
    const create = form.getByRole('button', { name: 'Criar Usuário' });
    expect(await create.isDisabled()).toBe(true);
    await form.getByLabel('Nome Completo').fill('Eva Teste E2E');
    await form.getByLabel('Email').fill(email);
    await expectAccessibleWhenSettled(page);
    await saveScreenshot(page, 'admin-web-new-user-dialog');
    await create.click();
    // Without a password the server generates a temporary one, shown once.
    await page.getByRole('dialog', { name: 'Usuário criado' }).waitFor();
    await page.getByRole('button', { name: 'Fechar' }).click();

    // The search runs on the server (issue 17): one page, the pagination block, any case.
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/users?') &&
        new URL(response.url()).searchParams.get('q') === email.toUpperCase(),
    );
    await page
      .getByRole('searchbox', { name: 'Buscar por nome ou email' })
      .fill(email.toUpperCase());
    const found = (await (await searched).json()) as {
      users: { email: string }[];
      pagination: { totalCount: number; currentPage: number };
    };
    expect(found.users.map((user) => user.email)).toEqual([email]);
    expect(found.pagination).toMatchObject({ totalCount: 1, currentPage: 1 });
    await page.getByText('Eva Teste E2E').waitFor();
    await page.getByRole('button', { name: 'Editar Eva Teste E2E' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Nome Completo').fill('Eva Editada E2E');
    await edit.getByRole('switch', { name: 'Premium' }).check();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Eva Editada E2E').waitFor();

    await page.getByRole('button', { name: 'Redefinir senha de Eva Editada E2E' }).click();
    const reset = page.getByRole('dialog');
    await reset.getByLabel('Nova senha', { exact: true }).fill('Nova#Senha2026');
    await reset.getByLabel('Confirmar nova senha').fill('Nova#Senha2026');
    await reset.getByRole('button', { name: 'Redefinir senha' }).click();
    await reset
      .getByText(
        'Senha redefinida com sucesso! O usuário deve criar uma nova senha no próximo login.',
      )
      .waitFor();
    await reset.getByRole('button', { name: 'Fechar' }).click();

    // The user must change the password at the next login.
    const userPage = await newPage(browser, { baseUrl });
    const login = await loginThroughApi(userPage, baseUrl, email, 'Nova#Senha2026');
    expect(login.mustChangePassword).toBe(true);
    await userPage.close();

    await page.getByRole('button', { name: 'Excluir Eva Editada E2E' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Esta ação não pode ser desfeita.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Eva Editada E2E').waitFor({ state: 'detached' });
    // The seeded admin's row has no delete button.
    await page.getByRole('searchbox', { name: 'Buscar por nome ou email' }).fill(admin.email);
    await page.getByText(admin.email).first().waitFor();
    await expect(page.getByRole('button', { name: /^Excluir / }).count()).resolves.toBe(0);
  });

  it('manages a content list (Termos Médicos): create, edit, delete', async () => {
    const term = `Termo E2E ${stamp}`;
    await page.goto('/admin?tab=termos-medicos');
    await page.getByRole('button', { name: 'Novo Termo Médico' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Termo').fill(term);
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await page.getByRole('heading', { name: term }).waitFor();
    await page.getByRole('button', { name: `Editar ${term}` }).click();
    await page.getByRole('dialog').getByLabel('Termo').fill(`${term} editado`);
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('heading', { name: `${term} editado` }).waitFor();
    await page.getByRole('button', { name: `Excluir ${term} editado` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('heading', { name: `${term} editado` }).waitFor({ state: 'detached' });
  });

  it('works a support ticket to resolved on /admin/support', async () => {
    const subject = `Ticket E2E ${stamp}`;
    // Sent by a fresh user: anonymous tickets are limited per address per hour, and every e2e
    // run of the repository comes from 127.0.0.1.
    const sender = await newPage(browser, { baseUrl });
    const account = await registerThroughApi(sender, { baseUrl, mailUrl: inject('e2e').mailUrl });
    await apiCall(sender, baseUrl, 'POST', '/api/support/create-ticket', {
      contactEmail: account.email,
      subject,
      description: 'Não consigo baixar o PDF do atendimento.',
      category: 'technical',
    });
    await sender.close();

    await page.goto('/admin/support');
    await page.getByRole('searchbox', { name: 'Buscar tickets' }).fill(subject);
    await page.getByRole('button', { name: `Ver detalhes do ticket ${subject}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Resolvido' }).click();
    await dialog.getByLabel('Responsável').fill('Equipe E2E');
    await dialog
      .getByLabel('Resolução', { exact: true })
      .fill('Orientado a atualizar o navegador.');
    await expectAccessibleWhenSettled(page);
    await saveScreenshot(page, 'admin-web-ticket-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = await apiCall(
      page,
      baseUrl,
      'GET',
      `/api/admin/support-tickets?search=${encodeURIComponent(subject)}`,
    );
    const [ticket] = list.tickets as { status: string; resolvedAt: string | null }[];
    expect(ticket?.status).toBe('resolved');
    expect(ticket?.resolvedAt).toBeTruthy();
  });

  it('unlocks the vault, filters, views, exports CSV and deletes', async () => {
    expect(vaultAdminKey, 'the e2e stack should provide VAULT_ADMIN_KEY').toBeTruthy();
    const visitor = await newPage(browser, { baseUrl });
    for (const n of [1, 2]) {
      await apiCall(visitor, baseUrl, 'POST', '/api/transcript-vault/consult', {
        formattedText: `Nota E2E ${n}: paciente com cefaleia há 3 dias.`,
        rawTranscript: `Ditado E2E ${n}`,
        professional: 'medico_familia',
        uf: 'SP',
      });
    }
    await visitor.close();

    await page.goto('/admin?tab=vault');
    await page.getByLabel('Chave de administrador').fill(vaultAdminKey!);
    await page.getByRole('button', { name: 'Desbloquear' }).click();
    const table = page.getByRole('table', { name: 'Registros do Transcript Vault' });
    await table.waitFor();
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    await page.getByLabel('Mês (AAAA-MM)').fill(month);
    await page.getByRole('combobox', { name: 'UF' }).click();
    await page.getByRole('option', { name: 'SP' }).click();
    // The menu fades out; axe would read its half-transparent options as low contrast.
    await page.locator('li[data-value="RJ"]').waitFor({ state: 'detached' });
    await table
      .getByRole('button', { name: /^Ver registro / })
      .first()
      .waitFor();
    await expectAccessibleWhenSettled(page);
    await saveScreenshot(page, 'admin-web-vault-unlocked');

    await table
      .getByRole('button', { name: /^Ver registro / })
      .first()
      .click();
    const detail = page.getByRole('dialog');
    await detail
      .getByText(/Nota E2E/)
      .first()
      .waitFor();
    await expectAccessibleWhenSettled(page);
    await detail.getByRole('button', { name: 'Fechar' }).click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
    expect(csv[0]?.[0]).toBe('consult_id');
    expect(csv.length).toBeGreaterThanOrEqual(3);
    expect(csv.slice(1).every((row) => row[1] === month)).toBe(true);

    const rowsBefore = await table.getByRole('button', { name: /^Excluir registro / }).count();
    await table
      .getByRole('button', { name: /^Excluir registro / })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect
      .poll(() => table.getByRole('button', { name: /^Excluir registro / }).count())
      .toBe(rowsBefore - 1);

    await page.getByRole('button', { name: 'Excluir Todos' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
    await page
      .getByRole('dialog', { name: 'Confirmação final' })
      .getByRole('button', { name: 'Excluir Todos' })
      .click();
    await page.getByText('Nenhum registro encontrado').waitFor();
  });

  it("'Auditoria' shows the vault export and user views just done, with the admin's e-mail", async () => {
    await page.goto('/admin?tab=auditoria');
    await page.getByLabel('Ação').click();
    await page.getByRole('option', { name: 'Exportou registros do cofre' }).click();
    await page.locator('li[data-value="vault.unlock"]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const table = page.getByRole('table', { name: 'Registro de auditoria' });
    // The trail is written through the outbox and auth's consumer: allow it a moment.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Filtrar' }).click();
          return table.getByRole('row').count();
        },
        { timeout: scaled(15_000) },
      )
      .toBeGreaterThan(1);
    const row = table.getByRole('row').nth(1);
    await expect(row.textContent()).resolves.toContain('Exportou registros do cofre');
    await expect(row.textContent()).resolves.toContain(admin.email);
    await expectAccessibleWhenSettled(page);
    await saveScreenshot(page, 'admin-web-audit-log');
  });

  it('shows the denial to a signed-in user who is not an admin', async () => {
    const other = await newPage(browser, { baseUrl });
    await registerThroughApi(other, { baseUrl, mailUrl: inject('e2e').mailUrl });
    await other.goto('/admin');
    await other.getByText(DENIED).waitFor();
    await expectAccessibleWhenSettled(other);
    await saveScreenshot(other, 'admin-web-denied-user');
    await other.close();
  });
});
