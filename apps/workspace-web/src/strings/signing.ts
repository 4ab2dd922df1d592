import { CERTIFICATE_EXPIRY_WARNING_DAYS, SigningMessages } from '@pv/contracts/constants';

/** pt-BR texts of the digital signature (issue 14): Minha Área and the documents card. */
export const SigningStrings = {
  sectionTitle: 'Certificado digital',
  sectionText:
    'Envie seu certificado A1 (ICP-Brasil, arquivo .pfx ou .p12) para assinar digitalmente receitas e documentos. A senha não é guardada: ela é pedida a cada assinatura.',
  premiumOnly: SigningMessages.premiumOnly,
  fileLabel: 'Arquivo do certificado (.pfx ou .p12)',
  chooseFile: 'Escolher arquivo',
  noFileChosen: 'Nenhum arquivo escolhido',
  passwordLabel: 'Senha do certificado',
  upload: 'Enviar certificado',
  uploading: 'Enviando...',
  replace: 'Substituir certificado',
  remove: 'Remover certificado',
  removeConfirm: 'Remover o certificado digital? Você poderá enviá-lo de novo depois.',
  uploaded: 'Certificado digital salvo.',
  holder: 'Titular',
  cpf: 'CPF',
  issuer: 'Emitido por',
  validity: 'Validade',
  validityRange: (from: string, to: string) => `de ${from} a ${to}`,
  icpBrasil: 'Cadeia ICP-Brasil',
  yes: 'Sim',
  noIcp: 'Não (o validador do ITI não aprovará assinaturas com este certificado)',
  expiringSoon: SigningMessages.expiringSoon,
  expired: SigningMessages.expired,
  warningDays: CERTIFICATE_EXPIRY_WARNING_DAYS,
  // documents card
  sign: 'Assinar digitalmente',
  signTitle: 'Assinar digitalmente',
  signText:
    'Informe a senha do seu certificado digital. Ela fica só nesta página enquanto ela estiver aberta.',
  signAndDownload: 'Assinar e baixar PDF',
  cancel: 'Cancelar',
  signedToast: 'PDF assinado',
  signedText: (code: string) => `Código de verificação: ${code}`,
} as const;
