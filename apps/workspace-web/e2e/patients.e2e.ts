import { scaled } from '@pv/e2e-kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { say, transcriptText } from './speech-helpers';
import { openWorkspaceForSuite } from './workspace-session';

// Issue 13 item 1 in a real browser: the clinician dictates the first patient, presses 'Novo
// Paciente' only then, dictates the second, and reads two notes, each with its own patient's
// facts and nobody else's, and a summary naming both (offline formatter, the stack's default).

const LUCIA =
  'Dona Lúcia Ferreira, 71 anos, refere tontura rotatória ao levantar há duas semanas. Vou prescrever betaistina 24 mg duas vezes ao dia.';
const JORGE =
  'Seu Jorge Batista, 45 anos, refere dor lombar após carregar peso. Vou prescrever ciclobenzaprina 5 mg à noite.';

describe('two patients dictated with Novo Paciente pressed after the first', () => {
  const workspace = openWorkspaceForSuite({ viewport: { width: 1440, height: 900 } });
  const { pageErrors } = workspace;
  let page: Page;
  beforeAll(() => {
    page = workspace.page;
  });

  it('gives each patient a note of their own and a summary naming both', async () => {
    await page.getByLabel('Múltiplos pacientes').check();
    await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await page.getByText('TRANSCREVENDO...').waitFor();
    await say(page, 'Dona', false);
    await say(page, LUCIA);
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await say(page, JORGE);
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    // The button numbers its marker 1: the text before it is a patient of its own.
    await expect(transcriptText(page)).resolves.toBe(`${LUCIA}\n[Paciente 1]\n${JORGE}`);

    await page.getByRole('button', { name: 'Format with AI' }).click();
    await page.getByTestId('summary-block').waitFor({ timeout: scaled(60_000) });
    const blocks = page.getByTestId('patient-block');
    await expect(blocks.count()).resolves.toBe(2);
    const first = (await blocks.nth(0).textContent()) ?? '';
    const second = (await blocks.nth(1).textContent()) ?? '';

    expect(first).toContain('Paciente 1');
    expect(first).toContain('Lúcia Ferreira');
    expect(first).toMatch(/tontura rotatória/i);
    expect(first).toMatch(/betaistina 24 mg/i);
    expect(first).not.toMatch(/Jorge|lombar|ciclobenzaprina/i);

    expect(second).toContain('Paciente 2');
    expect(second).toContain('Jorge Batista');
    expect(second).toMatch(/dor lombar/i);
    expect(second).toMatch(/ciclobenzaprina 5 mg/i);
    expect(second).not.toMatch(/Lúcia|tontura|betaistina/i);

    const summary = (await page.getByTestId('summary-block').textContent()) ?? '';
    expect(summary).toContain('Lúcia Ferreira');
    expect(summary).toContain('Jorge Batista');
  });

  it('never threw in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
