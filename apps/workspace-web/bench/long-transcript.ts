/**
 * How the workspace copes with an 8-hour dictation (~80,000 words, ~500,000 characters):
 * the time of one interim speech update and of one keystroke in the transcript, measured in
 * headless Chromium with the Performance API on the production build.
 *
 *   cd apps/workspace-web && npm run build && npx tsx bench/long-transcript.ts
 *
 * The build is served from `dist/` through request interception (no server); the API answers
 * 401 (an anonymous visitor), and a SpeechRecognition double stands in for the Web Speech API.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '@pv/e2e-kit';

const WORDS = 80_000;
const SAMPLES = 200;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const origin = 'http://bench.local';

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

// Plain strings: tsx would decorate a serialized function with helpers the page lacks.
const timedSampler = `
  window.__timed = async (act) => {
    const t0 = performance.now();
    act();
    await new Promise((resolve) => setTimeout(resolve, 0));
    void document.body.offsetHeight;
    const elapsed = performance.now() - t0;
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    return elapsed;
  };
`;
const speechDouble = `
  class SpeechRecognitionDouble {
    constructor() { SpeechRecognitionDouble.latest = this; this.onresult = null; this.onerror = null; this.onend = null; }
    start() {}
    stop() {}
    abort() {}
  }
  window.SpeechRecognition = SpeechRecognitionDouble;
  window.__say = (text, isFinal) =>
    SpeechRecognitionDouble.latest && SpeechRecognitionDouble.latest.onresult &&
    SpeechRecognitionDouble.latest.onresult({
      resultIndex: 0,
      results: [Object.assign([{ transcript: text }], { isFinal })],
    });
`;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function main() {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) {
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"message":"x"}',
      });
      return;
    }
    const file =
      url.pathname === '/' || !path.extname(url.pathname) ? 'index.html' : url.pathname.slice(1);
    try {
      const body = readFileSync(path.join(dist, file));
      await route.fulfill({
        status: 200,
        contentType: types[path.extname(file)] ?? 'application/octet-stream',
        body,
      });
    } catch {
      await route.fulfill({ status: 404, body: '' });
    }
  });
  await page.addInitScript({ content: speechDouble });
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Iniciar transcrição' }).click();

  // One long final result: the 8-hour transcript.
  const seeded = await page.evaluate((words) => {
    const vocabulary = [
      'paciente',
      'relata',
      'dor',
      'abdominal',
      'há',
      'três',
      'dias',
      'sem',
      'febre',
      'nega',
    ];
    const say = (window as unknown as { __say(t: string, f: boolean): void }).__say;
    // As dictated: one final result per 10-word phrase.
    let chars = -1;
    const t0 = performance.now();
    for (let start = 0; start < words; start += 10) {
      const phrase = vocabulary.join(' ');
      chars += phrase.length + 1;
      say(phrase, true);
    }
    return { chars, appendMs: (performance.now() - t0) / (words / 10) };
  }, WORDS);
  await page.getByText(`${WORDS} palavras identificadas`).waitFor({ timeout: 30_000 });

  // One timed sample in the page: the action, React's commit (a macrotask later) and the layout,
  // then a frame so the next sample starts on a painted page.
  await page.evaluate(timedSampler);

  // Interim updates: the engine's call, React's commit and the layout.
  const interim = await page.evaluate(async (samples) => {
    const w = window as unknown as {
      __say(t: string, f: boolean): void;
      __timed(act: () => void): Promise<number>;
    };
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      times.push(await w.__timed(() => w.__say(`palavra provisória número ${i}`, false)));
    }
    return times;
  }, SAMPLES);

  // Keystrokes: real key presses, timed by the Event Timing API (input delay + handlers + paint).
  const area = page.getByRole('textbox', { name: 'Transcrição do atendimento' });
  await area.click();
  await page.keyboard.press('Control+End');
  await page.evaluate(() => {
    const w = window as unknown as { __events: number[] };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'keydown') w.__events.push(entry.duration);
    }).observe({
      type: 'event',
      durationThreshold: 16,
      buffered: false,
    } as PerformanceObserverInit);
  });
  const handler = await page.evaluate(async (samples) => {
    const { __timed } = window as unknown as { __timed(act: () => void): Promise<number> };
    const el = document.querySelector('textarea') as HTMLTextAreaElement;
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const end = el.value.length;
      times.push(
        await __timed(() => {
          el.setRangeText('a', end, end, 'end');
          el.dispatchEvent(
            new InputEvent('input', { bubbles: true, data: 'a', inputType: 'insertText' }),
          );
        }),
      );
    }
    return times;
  }, SAMPLES);
  for (let i = 0; i < SAMPLES; i += 1) await page.keyboard.press('a');
  await page.waitForTimeout(500);
  const slowKeys = await page.evaluate(
    () => (window as unknown as { __events: number[] }).__events,
  );
  // Control: the same key presses in a small field of the same page (headless software paint
  // makes some of any key press cross 16 ms on a loaded machine).
  await page.getByRole('textbox', { name: /Informações adicionais/ }).click();
  await page.evaluate(() => {
    (window as unknown as { __events: number[] }).__events = [];
  });
  for (let n = 0; n < SAMPLES; n += 1) await page.keyboard.press('a');
  await page.waitForTimeout(500);
  const controlKeys = await page.evaluate(
    () => (window as unknown as { __events: number[] }).__events,
  );

  const i = stats(interim);
  const k = stats(handler);
  console.log(
    `transcript: ${WORDS} words, ${seeded.chars} characters (one final result appended in ${ms(seeded.appendMs)} on average)`,
  );
  console.log(
    `interim update (${SAMPLES}): median ${ms(i.median)}, p95 ${ms(i.p95)}, max ${ms(i.max)}`,
  );
  console.log(
    `keystroke, input to layout (${SAMPLES}): median ${ms(k.median)}, p95 ${ms(k.p95)}, max ${ms(k.max)}`,
  );
  console.log(
    `real key presses slower than 16 ms (Event Timing, keydown to paint): ${slowKeys.length} of ${SAMPLES}` +
      (slowKeys.length ? ` (max ${ms(Math.max(...slowKeys))})` : ''),
  );
  console.log(
    `control, small field of the same page: ${controlKeys.length} of ${SAMPLES}` +
      (controlKeys.length ? ` (max ${ms(Math.max(...controlKeys))})` : ''),
  );
  await browser.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
