/**
 * E-mail ownership (issue 23 item 1, docs/email.md): how long a link lasts, the resend limits'
 * defaults and every pt-BR text the workspace and the services show about it.
 */

/** A confirmation link works once, for this long. */
export const EMAIL_LINK_TTL_HOURS = 24;

/** The workspace page a confirmation link opens; the token travels in the fragment (#token=...). */
export const EMAIL_CONFIRM_PATH = '/confirmar-email';

/** 403 EMAIL_NOT_VERIFIED: what an account that has not confirmed its e-mail cannot do yet. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

export const EmailMessages = {
  /** 403 EMAIL_NOT_VERIFIED on checkout, signing and the RCE. */
  notVerified:
    'Confirme seu e-mail para usar este recurso: abra o link que enviamos para o seu endereço ou peça um novo em Minha Área > Perfil > "Reenviar e-mail de confirmação".',
  /** The banner of the workspace and Minha Área. */
  pendingBanner:
    'Seu e-mail ainda não foi confirmado. Até a confirmação, seus documentos saem como os de um visitante, sem seus dados profissionais, e a assinatura Premium e a assinatura digital ficam indisponíveis.',
  resendButton: 'Reenviar e-mail de confirmação',
  resent: 'Enviamos um novo link de confirmação. Ele vale por 24 horas.',
  alreadyVerified: 'Seu e-mail já está confirmado.',
  confirmed: 'E-mail confirmado! Seus documentos já saem com seus dados profissionais.',
  changeConfirmed: 'Novo e-mail confirmado! Ele já é o e-mail da sua conta.',
  expired: 'Este link de confirmação expirou. Entre na sua conta e peça um novo em Minha Área.',
  used: 'Este link de confirmação já foi usado. Se o seu e-mail ainda não aparece como confirmado, peça um novo link em Minha Área.',
  invalid: 'Link de confirmação inválido. Confira se copiou o endereço inteiro do e-mail.',
  confirming: 'Confirmando seu e-mail...',
  tooManyResends:
    'Muitos pedidos de e-mail de confirmação. Aguarde alguns minutos antes de pedir outro.',
  changeRequested:
    'Enviamos um link de confirmação para o novo endereço. Seu e-mail atual continua valendo até a confirmação.',
  changeSame: 'Este já é o e-mail da sua conta.',
  emailUnavailable: 'Não foi possível enviar o e-mail agora. Tente novamente em alguns minutos.',
  pendingChange: (email: string) =>
    `Aguardando a confirmação do novo e-mail ${email}. Até lá, o e-mail da conta continua o atual.`,
} as const;

/** The answer of POST /auth/email/confirm: which message the page shows. */
export const EMAIL_CONFIRM_OUTCOMES = ['confirmed', 'changed'] as const;
export type EmailConfirmOutcome = (typeof EMAIL_CONFIRM_OUTCOMES)[number];
