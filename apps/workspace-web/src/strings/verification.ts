/** Minha Área's "Verificação profissional" (issue 23). */
export const VerificationStrings = {
  title: 'Verificação profissional',
  pending:
    'Seu registro no conselho e seu CPF ainda não foram verificados: seus documentos saem com o aviso "Identificação profissional não verificada", e o Receituário de Controle Especial e a assinatura digital ficam bloqueados. Preencha conselho, UF, número e CPF acima e verifique por um dos caminhos abaixo.',
  waitingReview:
    'Documento recebido: a equipe está conferindo seu registro. Enquanto isso, seus documentos saem com o aviso "Identificação profissional não verificada".',
  verified: (date: string) =>
    `Registro profissional e CPF verificados${date ? ` em ${date}` : ''}. Seus documentos saem com sua identificação completa.`,
  refused: (reason: string) =>
    `A verificação foi recusada: ${reason} Corrija o perfil se preciso e envie o certificado ou um novo documento.`,
  certificateTitle: 'Com certificado ICP-Brasil (imediato)',
  certificateHint:
    'Envie seu certificado e-CPF A1 (.pfx ou .p12) e a senha dele. O CPF do certificado precisa ser o do seu perfil. O certificado não fica guardado aqui.',
  certificateFile: 'Arquivo do certificado',
  certificatePassword: 'Senha do certificado',
  verifyWithCertificate: 'Verificar com certificado',
  verifiedNow: 'Identificação profissional verificada',
  evidenceTitle: 'Com a carteira do conselho (conferida pela equipe)',
  evidenceHint:
    'Envie uma foto (JPG ou PNG) ou um PDF da carteira do conselho, até 5 MB. O arquivo fica criptografado e é apagado após a conferência.',
  evidenceFile: 'Foto ou PDF da carteira',
  sendEvidence: 'Enviar para conferência',
  evidenceSent: 'Documento enviado para conferência',
  failed: 'Não foi possível concluir a verificação. Tente novamente.',
} as const;
