import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One message: pt-BR, always with a plain-text part beside the HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log line: never the SMTP password. */
  readonly target: string;
  close(): void;
}

/**
 * Mail through SMTP (`SMTP_URL`, nodemailer), or, without one, each message as an .eml file in
 * `outboxDir`: a developer opens it in any mail reader, and nothing is silently dropped
 * (docs/email.md, "Without SMTP_URL").
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  const { smtpUrl, from, outboxDir } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const url = new URL(smtpUrl);
    return {
      target: `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    target: `outbox ${path.resolve(outboxDir)}`,
    async send(message) {
      const info = await composer.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time; the name says nothing about the recipient.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => composer.close(),
  };
}
