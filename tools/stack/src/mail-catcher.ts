import { fileURLToPath } from 'node:url';
import { DEV_TOOLS } from './catalog/catalog.js';
import type { ProcessSpec } from './processes.js';

/** Where `npm start`'s mail catcher listens: the catalog's ports unless the environment says. */
export interface MailCatcher {
  spec: ProcessSpec;
  /** The inbox a person opens (and the REST API, `GET /api/email`, a test reads). */
  webUrl: string;
  /** What auth's SMTP_URL is set to. */
  smtpUrl: string;
}

const portFrom = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 && parsed < 65536 ? parsed : fallback;
};

/**
 * MailDev (npm package `maildev`) as one more process of `npm start`, bound to loopback: every
 * mail the product sends (confirmation links) lands in its inbox instead of anyone's. None when
 * SMTP_URL is set: the operator chose a real mail server. MAILDEV_WEB_PORT and MAILDEV_SMTP_PORT
 * move it (the browser suites' stack does, beside a developer's own `npm start`).
 */
export function mailCatcher(env: NodeJS.ProcessEnv, cwd: string): MailCatcher | undefined {
  if (env.SMTP_URL?.trim()) return undefined;
  const webPort = portFrom(env.MAILDEV_WEB_PORT, DEV_TOOLS.mailCatcher.webPort);
  const smtpPort = portFrom(env.MAILDEV_SMTP_PORT, DEV_TOOLS.mailCatcher.smtpPort);
  const bin = fileURLToPath(new URL('./bin/maildev.js', import.meta.resolve('maildev')));
  return {
    webUrl: `http://localhost:${webPort}`,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    spec: {
      name: DEV_TOOLS.mailCatcher.name,
      command: process.execPath,
      args: [
        bin,
        '--smtp',
        String(smtpPort),
        '--ip',
        '127.0.0.1',
        '--web',
        String(webPort),
        '--web-ip',
        '127.0.0.1',
        '--hide-extensions',
        'STARTTLS',
      ],
      env: { PATH: env.PATH ?? '', HOME: env.HOME ?? '' },
      cwd,
    },
  };
}
