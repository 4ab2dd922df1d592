import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_TOOLS } from '../src/catalog/catalog.js';
import { mailCatcher } from '../src/mail-catcher.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe("npm start's mail catcher (issue 23 item 1)", () => {
  it("listens on the catalog's ports unless the environment moves it; none with SMTP_URL", () => {
    const standard = mailCatcher({ PATH: '/usr/bin' }, '/repo');
    expect(standard?.webUrl).toBe(`http://localhost:${DEV_TOOLS.mailCatcher.webPort}`);
    expect(standard?.smtpUrl).toBe(`smtp://127.0.0.1:${DEV_TOOLS.mailCatcher.smtpPort}`);
    expect(standard?.spec.args).toEqual(
      expect.arrayContaining(['--smtp', '1025', '--web', '1080', '--ip', '127.0.0.1']),
    );
    const moved = mailCatcher({ MAILDEV_WEB_PORT: '18180', MAILDEV_SMTP_PORT: '18125' }, '/repo');
    expect(moved?.webUrl).toBe('http://localhost:18180');
    expect(moved?.smtpUrl).toBe('smtp://127.0.0.1:18125');
    expect(mailCatcher({ SMTP_URL: 'smtp://mail.example.com:587' }, '/repo')).toBeUndefined();
  });

  it('runs MailDev from the installed package: its REST API answers an empty inbox', async () => {
    const env = {
      PATH: process.env.PATH,
      MAILDEV_WEB_PORT: String(await freePort()),
      MAILDEV_SMTP_PORT: String(await freePort()),
    };
    const catcher = mailCatcher(env, process.cwd())!;
    const child = spawn(catcher.spec.command, catcher.spec.args, {
      env: catcher.spec.env,
      stdio: 'ignore',
    });
    stops.push(() => child.kill('SIGTERM'));
    let inbox: unknown;
    for (let attempt = 0; attempt < 100 && inbox === undefined; attempt++) {
      await new Promise((r) => setTimeout(r, 200));
      inbox = await fetch(`${catcher.webUrl}/api/email`)
        .then((r) => (r.ok ? r.json() : undefined))
        .catch(() => undefined);
    }
    expect(inbox).toEqual([]);
  }, 60_000);
});
