import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function htmlOf(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>\n<p>${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html>\n<html lang="pt-BR"><meta charset="utf-8"><body>\n${body}\n${button}\n</body></html>\n`;
}

/** The confirmation mail of a new account (or a resend). */
export function confirmAccountMail(to: string, firstName: string, link: string): MailMessage {
  const lines = [
    `Olá, ${firstName}!`,
    'Confirme seu e-mail para usar o Prontuário por Voz com seus dados profissionais, assinar documentos e contratar o Premium.',
    'O link vale por 24 horas e pode ser usado uma vez.',
    'Se você não criou uma conta, ignore esta mensagem.',
  ];
  return {
    to,
    subject: 'Confirme seu e-mail - Prontuário por Voz',
    text: `${lines.slice(0, 2).join('\n\n')}\n\n${link}\n\n${lines.slice(2).join('\n\n')}\n`,
    html: htmlOf(lines, { href: link, label: 'Confirmar e-mail' }),
  };
}

/** The link of an e-mail change, sent to the new address. */
export function confirmChangeMail(to: string, firstName: string, link: string): MailMessage {
  const lines = [
    `Olá, ${firstName}!`,
    'Recebemos um pedido para usar este endereço como o e-mail da sua conta no Prontuário por Voz. Confirme abrindo o link:',
    'O link vale por 24 horas e pode ser usado uma vez. Até a confirmação, o e-mail anterior continua valendo.',
    'Se você não pediu a troca, ignore esta mensagem.',
  ];
  return {
    to,
    subject: 'Confirme seu novo e-mail - Prontuário por Voz',
    text: `${lines.slice(0, 2).join('\n\n')}\n\n${link}\n\n${lines.slice(2).join('\n\n')}\n`,
    html: htmlOf(lines, { href: link, label: 'Confirmar novo e-mail' }),
  };
}

/** The old address is told of a change asked for, and of one done. */
export function changeNoticeMail(to: string, firstName: string, done: boolean): MailMessage {
  const lines = [
    `Olá, ${firstName}!`,
    done
      ? 'O e-mail da sua conta no Prontuário por Voz foi trocado e este endereço não é mais usado por ela.'
      : 'Foi pedida a troca do e-mail da sua conta no Prontuário por Voz. Este endereço continua valendo até o novo ser confirmado.',
    'Se não foi você, entre na sua conta, troque sua senha e fale com o suporte.',
  ];
  return {
    to,
    subject: done
      ? 'O e-mail da sua conta foi trocado - Prontuário por Voz'
      : 'Pedido de troca de e-mail - Prontuário por Voz',
    text: `${lines.join('\n\n')}\n`,
    html: htmlOf(lines),
  };
}
