import { type AddressInfo, createServer } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the catcher received it over SMTP, parsed. */
export interface CaughtMail {
  from: string;
  /** The envelope's recipients, lower-case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The raw MIME source, as a mail reader would open it. */
  raw: string;
}

export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL is set to. */
  url: string;
  readonly messages: CaughtMail[];
  /** Waits (default 30 s) for a message to `to` that `match` accepts, newest first. */
  waitForMail(
    to: string,
    options?: { match?: (mail: CaughtMail) => boolean; timeoutMs?: number },
  ): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** The token of the confirmation link in a mail's text part (`...#token=<token>`). */
export function confirmationTokenOf(mail: CaughtMail): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no confirmation link in the mail "${mail.subject}"`);
  return match[1];
}

/** The whole confirmation link of a mail's text part. */
export function confirmationLinkOf(mail: CaughtMail): string {
  const match = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in the mail "${mail.subject}"`);
  return match[0];
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * A real SMTP server on a loopback port (the `smtp-server` package: EHLO, MAIL, RCPT, DATA) that
 * keeps what it receives, for tests to read the mail the product sends, as MailDev does for a
 * person under `npm start`. No TLS and no authentication, like a local catcher.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw,
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const find = (to: string, match?: (mail: CaughtMail) => boolean) =>
    [...messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && (!match || match(m)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, options = {}) {
      const timeoutMs = options.timeoutMs ?? 30_000;
      const found = find(to, options.match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, options.match);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
