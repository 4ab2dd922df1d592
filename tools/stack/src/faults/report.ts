import type { FaultOutcome } from './scenarios.js';

const seconds = (ms: number | null) =>
  ms === null ? 'not within 180 s' : `${(ms / 1000).toFixed(1)} s`;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The table of docs/RELIABILITY.md, with the run's settings and date. */
export function renderReport(
  outcomes: FaultOutcome[],
  settings: { clinicians: number; llmDelayMs: number },
): string {
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${settings.clinicians} clinicians looping format -> PDF -> vault archive through the gateway; the fake LLM takes ${settings.llmDelayMs / 1000} s per note.`,
    '',
    '| fault | calls | failed at first | failed after retries | got a 500 | longest retried wait | notes lost | formats counted − delivered | PDFs counted − delivered | missing from the vault | recovered after | notes |',
    '| ----- | ----: | ----: | ----: | ----: | ----: | ---------: | --------------------------: | -----------------------: | ---------------------: | --------------: | ----- |',
  ];
  for (const outcome of outcomes) {
    if ('error' in outcome) {
      lines.push(
        `| ${outcome.fault.label} | — | — | — | — | — | — | — | — | — | — | suite error: ${outcome.error} |`,
      );
      continue;
    }
    lines.push(
      `| ${outcome.fault.label} | ${outcome.requests} | ${outcome.rawFailed} | ${outcome.failed} | ${outcome.failedWith500} | ${seconds(outcome.longestRetryMs)} | ${outcome.notesLost} | ${signed(outcome.countedMinusDelivered.formats)} | ${signed(outcome.countedMinusDelivered.pdfs)} | ${outcome.vaultMissing} | ${seconds(outcome.recoverMs)} | ${outcome.notes.join('; ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
