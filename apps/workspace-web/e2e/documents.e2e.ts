import { execFileSync } from 'node:child_process';
import { scaled } from '@pv/e2e-kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { say, transcriptText } from './speech-helpers';
import { openWorkspaceForSuite } from './workspace-session';

// Issue 12: one patient per document. A two-patient consultation dictated with 'Novo Paciente',
// formatted offline, then a prescription for patient 2 downloaded and read with pdftotext.

async function chooseOption(page: Page, combobox: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('documents of a multi-patient consultation (issue 12) in Chromium', () => {
  const workspace = openWorkspaceForSuite({ viewport: { width: 1440, height: 900 } });
  const { pageErrors } = workspace;
  let page: Page;
  beforeAll(() => {
    page = workspace.page;
  });

  it('dictates and formats two patients', async () => {
    await page.getByLabel('Múltiplos pacientes').check();
    await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await page.getByText('TRANSCREVENDO...').waitFor();
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await say(
      page,
      'Paciente Ana Lima, 30 anos. Queixa principal: dor de cabeça. Conduta: dipirona 500 mg de 6 em 6 horas.',
    );
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await say(
      page,
      'Paciente Bruno Castro, 52 anos. Queixa principal: pressão alta. Conduta: losartana 50 mg uma vez ao dia.',
    );
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    await expect(transcriptText(page)).resolves.toContain('[Paciente 2]');
    await page.getByRole('button', { name: 'Format with AI' }).click();
    await page.getByTestId('summary-block').waitFor({ timeout: scaled(60_000) });
    await expect(page.getByTestId('patient-block').count()).resolves.toBe(2);
  });

  it('asks which patient before generating', async () => {
    await chooseOption(page, 'Tipo de documento', 'Prescrição ambulatorial');
    await page.getByRole('button', { name: 'Gerar documento' }).click();
    await page.getByText('Escolha o paciente para este documento.').first().waitFor();
    await page.getByRole('combobox', { name: /Paciente do documento/ }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Paciente 1: Ana Lima', 'Paciente 2: Bruno Castro']);
    await page.keyboard.press('Escape');
  });

  it("generates patient 2's prescription and its PDF carries patient 2's name only", async () => {
    await chooseOption(page, /Paciente do documento/, 'Paciente 2: Bruno Castro');
    await page.getByRole('button', { name: 'Gerar documento' }).click();
    await page
      .getByTestId('document-patient')
      .getByText('Documento do paciente 2: Bruno Castro')
      .waitFor({ timeout: scaled(60_000) });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar PDF' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/bruno-castro.*\.pdf$/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await saved.path(), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Bruno Castro');
    expect(text).toMatch(/Losartana/);
    expect(text).not.toContain('Ana Lima');
    expect(text).not.toMatch(/Dipirona/i);
  });

  it('offers the same document for patient 1', async () => {
    await chooseOption(page, /Paciente do documento/, 'Paciente 1: Ana Lima');
    await page.getByRole('button', { name: 'Gerar documento' }).click();
    await page
      .getByTestId('document-patient')
      .getByText('Documento do paciente 1: Ana Lima')
      .waitFor({ timeout: scaled(60_000) });
  });

  it('never threw in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
