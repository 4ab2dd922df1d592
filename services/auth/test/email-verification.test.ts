import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmailMessages, Messages } from '@pv/contracts';
import { confirmationLinkOf, confirmationTokenOf } from '@pv/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer.js';
import {
  type AuthUnderTest,
  Client,
  confirmEmail,
  newUser,
  startAuth,
  uniqueEmail,
} from './harness.js';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuth({ EMAIL_SENDS_PER_ACCOUNT_HOUR: '3', EMAIL_SENDS_PER_IP_HOUR: '6' });
});
afterAll(() => auth.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const confirm = (token: string) => new Client(auth.url).post('/auth/email/confirm', { token });

describe('sign-up mails a confirmation link (issue 23 item 1)', () => {
  it('sends a pt-BR mail with a plain-text and an HTML part, through SMTP', async () => {
    const { email } = await newUser(auth.url);
    const mail = await auth.mail.waitForMail(email);
    expect(mail.subject).toBe('Confirme seu e-mail - Prontuário por Voz');
    expect(mail.text).toContain('Confirme seu e-mail para usar o Prontuário por Voz');
    expect(mail.text).toContain('O link vale por 24 horas e pode ser usado uma vez.');
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    // The token travels in the fragment of the workspace's page, never in a query a server logs.
    expect(confirmationLinkOf(mail)).toMatch(
      /^http:\/\/localhost:8080\/confirmar-email#token=[A-Za-z0-9_-]{43}$/,
    );
    expect(mail.html).toContain(confirmationLinkOf(mail));
  });

  it('keeps only the SHA-256 of the token; the link works once', async () => {
    const { client, email, id } = await newUser(auth.url);
    const token = confirmationTokenOf(await auth.mail.waitForMail(email));
    const rows = await auth.db
      .selectFrom('email_verification_tokens')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const before = await client.get('/auth/user');
    expect(before.body.emailVerified).toBe(false);
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ outcome: 'confirmed', message: EmailMessages.confirmed });
    expect((await client.get('/auth/user')).body.emailVerified).toBe(true);
    const again = await confirm(token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EMAIL_LINK_USED', message: EmailMessages.used });
  });

  it('refuses an expired link (410) and an unknown one (400) in pt-BR', async () => {
    const { email, id } = await newUser(auth.url);
    const token = confirmationTokenOf(await auth.mail.waitForMail(email));
    await auth.db
      .updateTable('email_verification_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    const expired = await confirm(token);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      code: 'EMAIL_LINK_EXPIRED',
      message: EmailMessages.expired,
    });
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
      message: EmailMessages.invalid,
    });
  });
});

describe('resend, with limits per account and per address', () => {
  it('sends a new working link, then 429s past the account limit', async () => {
    const { client, email } = await newUser(auth.url);
    await auth.mail.waitForMail(email);
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    // The sign-up mail counted: two more of the account's three.
    for (let i = 0; i < 2; i++) {
      const resent = await client.post('/auth/email/resend', undefined, headers);
      expect(resent.status).toBe(200);
      expect(resent.body.message).toBe(EmailMessages.resent);
    }
    const refused = await client.post('/auth/email/resend', undefined, headers);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'EMAIL_SEND_LIMITED',
      message: EmailMessages.tooManyResends,
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const mails = auth.mail.messages.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(3);
    expect((await confirm(confirmationTokenOf(mails.at(-1)!))).status).toBe(200);
    const done = await client.post('/auth/email/resend', undefined, {
      'x-forwarded-for': '203.0.113.8',
    });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(EmailMessages.alreadyVerified);
  });

  it('counts one IPv6 /64 as one address across accounts', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => newUser(auth.url)));
    const answers: number[] = [];
    for (const [i, user] of users.entries()) {
      for (let j = 0; j < 2; j++) {
        const res = await user.client.post('/auth/email/resend', undefined, {
          'x-forwarded-for': `2001:db8:77:1:${i}::${j + 1}`,
        });
        answers.push(res.status);
      }
    }
    // Six per hour from 2001:db8:77:1::/64, whichever account and host asks.
    expect(answers.filter((s) => s === 200)).toHaveLength(6);
    expect(answers.slice(6)).toEqual([429, 429]);
  });
});

describe('changing the e-mail', () => {
  it('mails the new address, tells the old one, keeps the old until the link is used', async () => {
    const { client, email, password } = await newUser(auth.url);
    await confirmEmail(auth.url, auth.mail, email);
    const next = uniqueEmail('nova');
    const asked = await client.post(
      '/auth/email/change',
      { email: next },
      {
        'x-forwarded-for': '198.51.100.20',
      },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(EmailMessages.changeRequested);
    const notice = await auth.mail.waitForMail(email, {
      match: (m) => m.subject === 'Pedido de troca de e-mail - Prontuário por Voz',
    });
    expect(notice.text).toContain('Este endereço continua valendo até o novo ser confirmado.');
    const me = await client.get('/auth/user');
    expect(me.body).toMatchObject({ email, pendingEmail: next, emailVerified: true });
    // Still the old address that signs in.
    expect((await new Client(auth.url).post('/auth/login', { email, password })).status).toBe(200);

    const link = await auth.mail.waitForMail(next);
    expect(link.subject).toBe('Confirme seu novo e-mail - Prontuário por Voz');
    const used = await confirm(confirmationTokenOf(link));
    expect(used.body).toEqual({ outcome: 'changed', message: EmailMessages.changeConfirmed });
    expect((await client.get('/auth/user')).body).toMatchObject({
      email: next,
      pendingEmail: null,
      emailVerified: true,
    });
    expect((await new Client(auth.url).post('/auth/login', { email: next, password })).status).toBe(
      200,
    );
    expect((await new Client(auth.url).post('/auth/login', { email, password })).status).toBe(401);
    await auth.mail.waitForMail(email, {
      match: (m) => m.subject === 'O e-mail da sua conta foi trocado - Prontuário por Voz',
    });
  });

  it('refuses the same address and one another account holds', async () => {
    const { client, email } = await newUser(auth.url);
    const other = await newUser(auth.url);
    const same = await client.post('/auth/email/change', { email });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(EmailMessages.changeSame);
    const taken = await client.post('/auth/email/change', { email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(Messages.emailTaken);
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file to the outbox folder', async () => {
    const outboxDir = path.join(tmpdir(), `pv-outbox-${Date.now().toString(36)}`);
    const mailer = createMailer({ from: 'Teste <t@clinica.test>', outboxDir });
    await mailer.send({
      to: 'ana@clinica.test',
      subject: 'Olá',
      text: 'Texto',
      html: '<p>Texto</p>',
    });
    mailer.close();
    const [file] = await readdir(outboxDir);
    expect(file).toMatch(/\.eml$/);
    const raw = await readFile(path.join(outboxDir, file!), 'utf8');
    expect(raw).toContain('To: ana@clinica.test');
    expect(raw).toMatch(/text\/plain/);
    expect(raw).toMatch(/text\/html/);
  });
});
