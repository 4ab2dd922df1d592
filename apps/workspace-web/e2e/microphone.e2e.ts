import { saveScreenshot, scaled } from '@pv/e2e-kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { failRecognition, recognizersCreated } from './speech-helpers';
import { openWorkspaceForSuite } from './workspace-session';

// The browser engine rebuilds its recognizer after 'audio-capture', but a
// microphone that is missing (or held by another application) never comes back: after a few
// failed hard restarts it stops with 'Erro de Microfone'. A denied permission stops at once.
describe('browser speech engine: microphone errors in a real browser', () => {
  const workspace = openWorkspaceForSuite();
  const { pageErrors } = workspace;
  let page: Page;
  beforeAll(() => {
    page = workspace.page;
  });

  const start = async () => {
    await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await page.getByText('TRANSCREVENDO...').waitFor();
  };

  it("stops with 'Erro de Microfone' when hard restarts keep failing with audio-capture", async () => {
    await start();
    let built = await recognizersCreated(page);
    // The first failures are retried: each one rebuilds the recognizer after 1 to 2 s.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await failRecognition(page, 'audio-capture');
      await expect.poll(() => recognizersCreated(page), { timeout: scaled(5_000) }).toBe(built + 1);
      built += 1;
      await expect(page.getByText('TRANSCREVENDO...').isVisible()).resolves.toBe(true);
    }
    await failRecognition(page, 'audio-capture');
    const toast = page.getByRole('alert').filter({ hasText: 'Erro de Microfone' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain(
      'Nenhum microfone foi encontrado ou ele está em uso por outro aplicativo.',
    );
    await page.getByText('Pressione e inicie a transcrição').waitFor();
    await saveScreenshot(page, 'microphone-error');
    // Given up for good: no further recognizer is built.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expect(recognizersCreated(page)).resolves.toBe(built);
    await page.getByRole('button', { name: 'Iniciar transcrição' }).waitFor();
  });

  it("shows 'Permissão Negada' when the microphone permission is denied", async () => {
    await start();
    await failRecognition(page, 'not-allowed');
    const toast = page.getByRole('alert').filter({ hasText: 'Permissão Negada' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain(
      'Permita o acesso ao microfone para usar a transcrição',
    );
    await page.getByText('Pressione e inicie a transcrição').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
