/** pt-BR texts of the admins' second factor (issue 23 item 4); the console shows them too. */
export const MfaMessages = {
  mfaRequired:
    'Informe o código do aplicativo autenticador (ou um código de recuperação) para abrir o painel administrativo.',
  enrolmentRequired:
    'Ative a verificação em duas etapas para abrir o painel administrativo: escaneie o QR code com um aplicativo autenticador.',
  codeInvalid:
    'Código inválido ou expirado. Confira o horário do celular e digite o código de 6 dígitos que o aplicativo mostra agora.',
  recoveryCodeInvalid: 'Código de recuperação inválido ou já usado.',
  alreadyEnrolled: 'A verificação em duas etapas já está ativa nesta conta.',
  notAnAdmin: 'A verificação em duas etapas é exigida apenas de administradores.',
  enrolmentNotStarted: 'Comece a ativação de novo: gere um novo QR code.',
  resetDone:
    'Verificação em duas etapas redefinida. O administrador fará uma nova ativação no próximo acesso.',
  cannotResetOwn:
    'Você não pode redefinir a sua própria verificação em duas etapas. Peça a outro administrador.',
  targetNotAdmin: 'Este usuário não é administrador.',
} as const;
