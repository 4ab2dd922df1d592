import { readFile } from 'node:fs/promises';
import { scaled } from '@pv/e2e-kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { say } from './speech-helpers';
import { openWorkspaceForSuite } from './workspace-session';

// Issue 28 in Chromium: a visitor dictates the walkthrough consultation, formats it offline,
// presses 'Exportar FHIR' and reads the downloaded Bundle: the drugs in use as
// MedicationStatements, the new dose as a MedicationRequest, the vital signs as Observations,
// the exams as ServiceRequests. Then each patient of a multi-patient note exports their own.

const WALKTHROUGH =
  'Paciente de 62 anos, diabético e hipertenso, vem para controle. PA 160 por 100, frequência cardíaca 88, glicemia capilar 210. Em uso de losartana 50 miligramas e metformina 850 miligramas duas vezes ao dia. Conduta: aumentar losartana para 100 miligramas ao dia, solicitar hemoglobina glicada, creatinina e potássio.';

interface BundleEntry {
  resource: { resourceType: string } & Record<string, unknown>;
}
type Bundle = { resourceType: string; type: string; entry: BundleEntry[] };

const ofType = (bundle: Bundle, type: string) =>
  bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === type);

async function exportAndRead(page: Page, button: { name: string }): Promise<Bundle> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', button).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^nota-fhir-.*\.json$/);
  return JSON.parse(await readFile(await saved.path(), 'utf8')) as Bundle;
}

describe("'Exportar FHIR' in the workspace (issue 28)", () => {
  const workspace = openWorkspaceForSuite({ viewport: { width: 1440, height: 900 } });
  const { pageErrors } = workspace;
  let page: Page;
  beforeAll(() => {
    page = workspace.page;
  });

  it('exports the formatted walkthrough note as a FHIR document Bundle', async () => {
    await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await page.getByText('TRANSCREVENDO...').waitFor();
    await say(page, WALKTHROUGH);
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    await page.getByRole('button', { name: 'Format with AI' }).click();
    await page
      .getByTestId('formatted-text')
      .getByText('MEDICAÇÕES EM USO')
      .waitFor({
        timeout: scaled(60_000),
      });

    const bundle = await exportAndRead(page, { name: 'Exportar FHIR' });
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('document');
    expect(bundle.entry[0]?.resource.resourceType).toBe('Composition');
    const names = (type: string, field: string) =>
      ofType(bundle, type).map((r) => (r[field] as { text: string }).text);
    expect(names('MedicationStatement', 'medicationCodeableConcept')).toEqual([
      'losartana',
      'metformina',
    ]);
    expect(names('MedicationRequest', 'medicationCodeableConcept')).toEqual(['losartana']);
    expect(names('ServiceRequest', 'code')).toEqual([
      'hemoglobina glicada',
      'creatinina',
      'potássio',
    ]);
    expect(
      ofType(bundle, 'Observation').map(
        (o) => (o.code as { coding: { code: string }[] }).coding[0]?.code,
      ),
    ).toEqual(['85354-9', '8867-4', '41653-7']);
  });

  it('exports each patient of a multi-patient note on their own', async () => {
    await page.getByRole('button', { name: 'Limpar tudo' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByLabel('Múltiplos pacientes').check();
    await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await page.getByText('TRANSCREVENDO...').waitFor();
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await say(page, 'Paciente Ana Lima, 30 anos. Em uso de sertralina 50 mg. PA 120 por 80.');
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await say(page, 'Paciente Bruno Castro, 52 anos. Conduta: losartana 50 mg uma vez ao dia.');
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    await page.getByRole('button', { name: 'Format with AI' }).click();
    await page.getByTestId('summary-block').waitFor({ timeout: scaled(60_000) });

    const second = await exportAndRead(page, { name: 'Exportar FHIR do paciente 2' });
    const patient = ofType(second, 'Patient')[0] as { name?: { text: string }[] };
    expect(patient.name?.[0]?.text).toBe('Bruno Castro');
    expect(ofType(second, 'MedicationRequest')).toHaveLength(1);
    expect(JSON.stringify(second)).not.toMatch(/Ana Lima|sertralina/i);
  });

  it('never threw in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
