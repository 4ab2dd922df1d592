import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  expectNoSeriousA11yViolations,
  newPage,
  registerThroughApi,
  saveScreenshot,
  scaled,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { say, speechDouble, transcriptText } from './speech-helpers';
import { openWorkspaceForSuite } from './workspace-session';

async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

async function dictate(page: Page, phrases: string[]) {
  await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
  await page.getByText('TRANSCREVENDO...').waitFor();
  for (const phrase of phrases) {
    await say(page, phrase.split(' ')[0] ?? phrase, false);
    await say(page, phrase, true);
  }
}

describe('workspace in a real browser against the real stack', () => {
  const workspace = openWorkspaceForSuite({ viewport: { width: 1440, height: 900 } });
  const { pageErrors, baseUrl } = workspace;
  let page: Page;
  let browser: Browser;
  beforeAll(() => {
    page = workspace.page;
    browser = workspace.browser;
  });

  it('shows the six cards, recording and transcription in the left column', async () => {
    const ids = await page
      .locator('[data-testid^="card-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(ids).toEqual([
      'card-recording',
      'card-transcription',
      'card-formatting',
      'card-formatted-text',
      'card-additional-info',
      'card-document-generation',
    ]);
    const left = await page.getByTestId('card-recording').boundingBox();
    const right = await page.getByTestId('card-formatting').boundingBox();
    expect(right?.x ?? 0).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0) - 1);
  });

  it('dictates with the browser engine, counts words and exports the CSV', async () => {
    await dictate(page, ['Paciente com febre há três dias', 'e tosse seca.']);
    await expect(transcriptText(page)).resolves.toBe(
      'Paciente com febre há três dias e tosse seca.',
    );
    await page.getByText('9 palavras identificadas').waitFor();
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    await page.getByText('Pressione e inicie a transcrição').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain('Segmento,Início,Fim,Texto');
    expect(csv).toContain('"Paciente com febre há três dias e tosse seca."');
  });

  it('formats with the offline formatter, then edits and cancels', async () => {
    await page.getByRole('button', { name: 'Format with AI' }).click();
    const note = page.getByTestId('formatted-text');
    await note.waitFor({ timeout: scaled(60_000) });
    await page.getByTestId('formatting-engine').waitFor();
    const original = await note.textContent();
    expect(original).toMatch(/febre/i);
    await page.getByRole('button', { name: 'Editar' }).first().click();
    await page.getByRole('textbox', { name: 'Texto formatado' }).fill('texto que será descartado');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(note.textContent()).resolves.toBe(original);
    await saveScreenshot(page, 'workspace-1440-formatted');
  });

  it('generates a document and downloads its PDF', async () => {
    await chooseOption(page, 'Tipo de documento', 'Atestado médico');
    await page.getByRole('button', { name: 'Gerar documento' }).click();
    await page.getByTestId('document-result').waitFor({ timeout: scaled(60_000) });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar PDF' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.pdf$/);
    const text = execFileSync('pdftotext', [await saved.path(), '-'], { encoding: 'utf8' });
    expect(text.toUpperCase()).toContain('ATESTADO');
  });

  it('generates a hospital prescription in its editor', async () => {
    await chooseOption(page, 'Tipo de documento', 'Prescrição hospitalar');
    await page.getByRole('button', { name: 'Gerar documento' }).click();
    const editor = page.getByTestId('hospital-editor');
    await editor.waitFor({ timeout: scaled(60_000) });
    await editor.getByRole('button', { name: 'Editar' }).click();
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await editor.getByRole('button', { name: 'Baixar PDF' }).waitFor();
  });

  it('reorders the cards with the keyboard and remembers the order', async () => {
    const handle = page.getByLabel('Arrastar para reordenar o cartão Transcrição');
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await page.waitForTimeout(400);
    const first = () => page.locator('[data-testid^="card-"]').first().getAttribute('data-testid');
    await expect(first()).resolves.toBe('card-transcription');
    await page.reload();
    await page.getByText('Pressione e inicie a transcrição').waitFor();
    await expect(first()).resolves.toBe('card-transcription');
  });

  it('marks patients while dictating and formats one block per patient', async () => {
    await page.getByRole('button', { name: 'Limpar tudo' }).click();
    await page
      .getByText('Tem certeza que deseja apagar tudo e recomeçar? Esta ação é irreversível.')
      .waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByLabel('Múltiplos pacientes').check();
    await dictate(page, []);
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await say(page, 'Maria de 40 anos com dor de cabeça.');
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await say(page, 'João de 60 anos com tosse.');
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    await expect(transcriptText(page)).resolves.toBe(
      '[Paciente 1]\nMaria de 40 anos com dor de cabeça.\n[Paciente 2]\nJoão de 60 anos com tosse.',
    );
    await page.getByRole('button', { name: 'Format with AI' }).click();
    await page.getByTestId('summary-block').waitFor({ timeout: scaled(60_000) });
    await expect(page.getByTestId('patient-block').count()).resolves.toBe(2);
  });

  it('keeps the Super Transcritor and the AI modes for registered users', async () => {
    await page.getByRole('checkbox', { name: 'Super Transcritor' }).click();
    await page
      .getByText('Super Transcritor está disponível apenas para usuários cadastrados.', {
        exact: false,
      })
      .waitFor();
    await expect(
      page.getByRole('checkbox', { name: 'Super Transcritor' }).isChecked(),
    ).resolves.toBe(false);
  });

  it('has no serious accessibility violation at 1440 px and at 390 px', async () => {
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'workspace-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    const ids = await page
      .locator('[data-testid^="card-"]')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().x)));
    expect(new Set(ids).size).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'workspace-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('a free user sees the Super Transcritor minutes', async () => {
    const userPage = await newPage(browser, { baseUrl, viewport: { width: 1440, height: 900 } });
    await userPage.addInitScript(speechDouble);
    await registerThroughApi(userPage, { baseUrl, mailUrl: inject('e2e').mailUrl });
    await userPage.goto('/');
    await userPage.getByTestId('super-usage').waitFor();
    await expect(userPage.getByTestId('super-usage').textContent()).resolves.toBe(
      '0 de 60 minutos usados este mês',
    );
    await userPage.getByLabel('SUPER-IA').check();
    await userPage.getByLabel('IA-ALTERNATIVA').check();
    await expect(userPage.getByLabel('SUPER-IA').isChecked()).resolves.toBe(false);

    // When the server gets no Soniox key (none configured, or Soniox refuses it: the suite's
    // fake is told to) the realtime engine cannot start: the user is told and the dictation goes
    // on with the browser engine.
    const soniox = inject('soniox');
    const refuseKeys = (refuse: boolean) =>
      soniox
        ? fetch(`${soniox.restControlUrl}/_fake/behaviour`, {
            method: 'PATCH',
            body: JSON.stringify({
              refuseKeys: refuse
                ? { status: 401, errorType: 'unauthenticated', message: 'Invalid API key.' }
                : null,
            }),
          })
        : undefined;
    await refuseKeys(true);
    onTestFinished(async () => {
      await refuseKeys(false);
    });
    await userPage.getByRole('checkbox', { name: 'Super Transcritor' }).check();
    await userPage.getByTestId('engine-badge').getByText('Super - ativado').waitFor();
    await userPage.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await userPage.getByText('Transcritor alternativo indisponível').first().waitFor();
    await userPage.getByTestId('engine-badge').getByText('Navegador').waitFor();
    await say(userPage, 'ditado pelo navegador');
    await expect(transcriptText(userPage)).resolves.toBe('ditado pelo navegador');
    await userPage.getByRole('button', { name: 'Parar transcrição' }).click();
    await userPage.close();
  });

  it('never threw in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
