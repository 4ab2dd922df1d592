// Issue 29: the formatting-worker dies in the middle of a format (SIGKILL, as an OOM would) and
// the clinician still gets the note, with no error toast: the job waits in the queue, the
// supervisor of the stack (`npm start`) starts the worker again, and it takes the job; at most
// the quiet "Reconectando…" shows while a call waits to be retried.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { say } from './speech-helpers';
import { openWorkspaceForSuite } from './workspace-session';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
const WORKER_ENTRY = 'services/formatting/src/workers/';

/** The pids of this checkout's formatting-worker (the suite's stack runs in this checkout). */
function formattingWorkers(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (argv.includes(WORKER_ENTRY) && readlinkSync(`/proc/${pid}/cwd`) === repoRoot)
        found.push(pid);
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return check();
}

/** Records, in the page, every alert (error toast) and whether "Reconectando…" ever showed. */
async function watchForAlerts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { alerts: [] as string[], reconnecting: false };
    (window as unknown as { pvSeen: typeof seen }).pvSeen = seen;
    const look = () => {
      for (const alert of document.querySelectorAll('[role="alert"]'))
        if (!seen.alerts.includes(alert.textContent ?? ''))
          seen.alerts.push(alert.textContent ?? '');
      if (document.body.textContent?.includes('Reconectando…')) seen.reconnecting = true;
    };
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

const seenInPage = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { pvSeen: { alerts: string[]; reconnecting: boolean } }).pvSeen,
  );

describe.runIf(process.platform === 'linux')(
  'a formatting-worker killed during a format (issue 29)',
  () => {
    const workspace = openWorkspaceForSuite({ viewport: { width: 1440, height: 900 } });
    let page: Page;
    beforeAll(() => {
      page = workspace.page;
    });

    it('still gives the clinician the note, with no error toast', async () => {
      await page.getByRole('button', { name: 'Iniciar transcrição' }).click();
      await page.getByText('TRANSCREVENDO...').waitFor();
      await say(page, 'Paciente com febre há três dias e tosse seca.', true);
      await page.getByRole('button', { name: 'Parar transcrição' }).click();
      await watchForAlerts(page);

      const [worker, ...others] = formattingWorkers();
      expect(worker, 'the stack runs one formatting-worker').toBeDefined();
      expect(others).toEqual([]);
      // Frozen first, so the format is certainly in flight (queued, its caller waiting) when
      // the worker dies: the offline formatter would otherwise finish in milliseconds.
      process.kill(worker!, 'SIGSTOP');
      try {
        await page.getByRole('button', { name: 'Format with AI' }).click();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(await page.getByTestId('formatted-text').count()).toBe(0);
      } finally {
        process.kill(worker!, 'SIGKILL');
      }

      const note = page.getByTestId('formatted-text');
      await note.waitFor({ timeout: 180_000 });
      expect(await note.textContent()).toMatch(/febre/i);
      const seen = await seenInPage(page);
      expect(seen.alerts).toEqual([]);
      expect(workspace.pageErrors).toEqual([]);
      // The supervisor brought the worker back (the suites after this one need it).
      expect(
        await eventually(() => formattingWorkers().some((pid) => pid !== worker), 60_000),
      ).toBe(true);
    }, 300_000);
  },
);
