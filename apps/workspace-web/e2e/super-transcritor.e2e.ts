import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  newPage,
  registerThroughApi,
  saveScreenshot,
  scaled,
  speechWav,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  recorded,
  recorderCounter,
  say,
  speechDouble,
  transcript,
  transcriptText,
} from './speech-helpers';

/** The realtime fake's view of one connection (@pv/provider-fakes). */
interface FakeSession {
  keySource: string;
  keyAccepted: boolean;
  upgradeRequestedAt: number;
  openedAt: number;
  config?: Record<string, unknown>;
  audioFrames: number;
  audioBytes: number;
  audioFrameOffsetsMs: number[];
  finalizeCount: number;
  endFrameReceived: boolean;
  finished: boolean;
  error?: { code: number; message: string };
  closed: boolean;
}

const soniox = inject('soniox');

// The Super Transcritor streams the microphone to Soniox (here a local
// fake speaking its protocol, started with the stack by e2e/global-setup.ts) and falls back to
// the browser engine when Soniox fails. Chromium's fake microphone plays pt-BR speech.
describe.skipIf(!soniox)('Super Transcritor in a real browser against a fake Soniox', () => {
  const { baseUrl } = inject('e2e');
  const control = soniox!;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];

  const steer = async (behaviour: Record<string, unknown>) => {
    const res = await fetch(`${control.realtimeControlUrl}/_fake/behaviour`, {
      method: 'PATCH',
      body: JSON.stringify(behaviour),
    });
    expect(res.status).toBe(200);
  };
  const sessions = async (): Promise<FakeSession[]> =>
    (
      (await (await fetch(`${control.realtimeControlUrl}/_fake/state`)).json()) as {
        sessions: FakeSession[];
      }
    ).sessions;
  const lastSession = async () => (await sessions()).at(-1);
  const start = async () => {
    await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
    await page.getByText('TRANSCREVENDO...').waitFor();
  };
  const stop = async () => {
    await page.getByRole('button', { name: 'Parar transcrição' }).click();
    await page.getByText('Pressione e inicie a transcrição').waitFor();
  };
  const waitForSession = async (check: (s: FakeSession) => boolean, before: number) => {
    await expect
      .poll(
        async () => {
          const list = await sessions();
          return list.length > before && check(list.at(-1)!);
        },
        { timeout: scaled(20_000), interval: 200 },
      )
      .toBe(true);
    return (await lastSession())!;
  };

  beforeAll(async () => {
    const wav = speechWav(
      'super-transcritor-consulta',
      'Bom dia doutor, estou com dor de cabeça há três dias. Entendi, vamos medir a pressão.',
      { paddingSeconds: 1 },
    );
    browser = await launchBrowser({ fakeAudioFile: wav });
    page = await newPage(browser, { baseUrl, viewport: { width: 1440, height: 900 } });
    // The browser engine is the fallback: headless Chromium has none, the double stands in.
    await page.addInitScript(speechDouble);
    await page.addInitScript(recorderCounter);
    watchPageProblems(page, pageErrors, cspViolations);
    await registerThroughApi(page, { baseUrl, mailUrl: inject('e2e').mailUrl });
    await page.goto('/');
    await page.getByTestId('super-usage').waitFor();
    // Two audio frames (240 ms) per recognised word: both speakers within a few seconds.
    await steer({ framesPerWord: 2, handshakeDelayMs: 0, apiError: null });
  });

  afterEach(async () => {
    await steer({ handshakeDelayMs: 0, apiError: null });
  });

  afterAll(async () => {
    await browser?.close();
    await steer({ framesPerWord: null }).catch(() => {});
  });

  it('streams the microphone, shows the speakers, finalizes on stop and meters the seconds', async () => {
    const before = (await sessions()).length;
    await page.getByRole('checkbox', { name: 'Super Transcritor' }).check();
    await page.getByTestId('engine-badge').getByText('Super - ativado').waitFor();
    await start();
    await page
      .getByTestId('engine-badge')
      .getByText('Soniox')
      .waitFor({ timeout: scaled(15_000) });
    await expect
      .poll(() => transcriptText(page), { timeout: scaled(20_000) })
      .toMatch(/Falante 1:\nBom dia doutor,.*\nFalante 2:\nEntendi\./s);

    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'super-transcritor-recording');
    await stop();

    const session = await waitForSession((s) => s.closed, before);
    const sent = await recorded(page, true);
    expect(session).toMatchObject({
      keyAccepted: true,
      finalizeCount: 1,
      endFrameReceived: true,
      finished: true,
    });
    // The temporary key went with the connection (protocols list), never in the start message:
    // the fake refuses start-message keys as Soniox does from 2027-01-15.
    expect(session.keySource).toBe('protocol');
    expect(session.config).not.toHaveProperty('api_key');
    expect(session.config).toMatchObject({
      model: 'stt-rt-preview',
      audio_format: 'auto',
      sample_rate: 44100,
      num_channels: 1,
      language_hints: ['pt'],
      enable_speaker_diarization: true,
    });
    // Every chunk the recorder produced reached the fake, in full.
    expect(session.audioBytes).toBeGreaterThan(0);
    expect(session.audioBytes).toBe(sent.bytes);
    expect(session.audioFrames).toBe(sent.chunks);

    // The browser reports the seconds after the socket has closed: on a slow machine the report
    // may land a moment after the fake saw the session end.
    const usedSeconds = async () =>
      Number((await apiCall(page, baseUrl, 'GET', '/api/super-transcritor/usage')).usedSeconds);
    await expect.poll(usedSeconds, { timeout: scaled(10_000) }).toBeGreaterThan(0);
    await saveScreenshot(page, 'super-transcritor-stopped');
  });

  it('queues the audio recorded while the socket opens and sends it first', async () => {
    await page.getByRole('button', { name: 'Limpar tudo' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await recorded(page, true);
    const before = (await sessions()).length;
    await steer({ handshakeDelayMs: 1500 });
    await start();
    await page.getByTestId('engine-badge').getByText('Conectando...').waitFor();
    await page
      .getByTestId('engine-badge')
      .getByText('Soniox')
      .waitFor({ timeout: scaled(15_000) });
    await expect.poll(() => transcriptText(page), { timeout: scaled(20_000) }).toContain('Bom dia');
    await stop();

    const session = await waitForSession((s) => s.closed, before);
    const sent = await recorded(page, true);
    expect(session.openedAt - session.upgradeRequestedAt).toBeGreaterThanOrEqual(1400);
    // ~12 chunks of 120 ms were waiting: they arrive together right after the start message.
    const burst = session.audioFrameOffsetsMs.filter((ms) => ms < 300).length;
    expect(burst).toBeGreaterThanOrEqual(5);
    expect(session.audioBytes).toBe(sent.bytes);
    expect(session).toMatchObject({ finalizeCount: 1, endFrameReceived: true, finished: true });
  });

  it('falls back to the browser engine on an api_error and says so', async () => {
    await page.getByRole('button', { name: 'Limpar tudo' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const before = (await sessions()).length;
    await steer({
      apiError: {
        code: 503,
        message: 'Cannot continue request (code 7). Please restart the request.',
        afterAudioFrames: 3,
      },
    });
    await start();
    const toast = page.getByRole('alert').filter({ hasText: 'Super Transcritor' });
    await toast
      .getByText(
        'O Super Transcritor recusou o áudio. (Cannot continue request (code 7). Please restart ' +
          'the request.) Usando o reconhecimento de voz do navegador.',
      )
      .waitFor({ timeout: scaled(15_000) });
    await page.getByTestId('engine-badge').getByText('Navegador').waitFor();
    await saveScreenshot(page, 'super-transcritor-fallback');
    await expectNoSeriousA11yViolations(page);

    await say(page, 'ditado pelo navegador');
    await expect.poll(() => transcriptText(page)).toContain('ditado pelo navegador');
    await stop();
    const session = await waitForSession((s) => s.closed, before);
    expect(session.error).toEqual({
      code: 503,
      message: 'Cannot continue request (code 7). Please restart the request.',
    });
    await expect(transcript(page).isVisible()).resolves.toBe(true);
  });

  it('never threw and never broke the Content-Security-Policy', () => {
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
