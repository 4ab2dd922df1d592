/** Spec 1 §2: the document types of the document generation card. */
export const DOCUMENT_TYPES = [
  'receituario',
  'hospitalar',
  'ambulatorial',
  'controlada',
  'atestado_medico',
  'orientacoes_paciente',
  'orientacoes_enfermagem',
  'pedido_exames',
  'resumo_consulta',
  'plano_alimentar',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DocumentMessages = {
  /** Spec 1 §5, literal. */
  noFormattedText: 'Texto formatado não disponível',
  unknownDocumentType:
    'Tipo de documento desconhecido. Escolha um dos tipos da lista de documentos.',
  noContent: 'O documento está vazio. Gere ou escreva o conteúdo antes de baixar.',
  pdfUnavailable: 'O gerador de PDF está indisponível no momento. Tente novamente em instantes.',
  pdfTimeout: 'A geração do PDF demorou demais. Tente novamente em instantes.',
  pdfFailed: 'Não foi possível gerar o PDF. Tente novamente.',
  notMultipart: 'Envie o arquivo PDF no campo "file" de um formulário multipart/form-data.',
  noFile: 'Nenhum arquivo foi enviado. Escolha um arquivo PDF.',
  notPdf: 'O arquivo enviado não é um PDF. Envie um arquivo .pdf.',
  pdfTooLarge: 'O arquivo PDF passa do limite de 10 MB. Envie um arquivo menor.',
  pdfTooManyPages: 'O arquivo PDF tem mais de 200 páginas. Envie um arquivo com até 200 páginas.',
  pdfEncrypted:
    'O arquivo PDF está protegido por senha. Remova a proteção e envie o arquivo novamente.',
  pdfCorrupt: 'O arquivo PDF está corrompido ou não pôde ser lido. Verifique o arquivo.',
  pdfExtractTimeout:
    'A leitura do PDF demorou mais de 20 segundos. Envie um arquivo menor ou mais simples.',
  noControlledDrug:
    'Nenhum medicamento controlado foi informado. Preencha ao menos um medicamento do receituário.',
} as const;

// ---- digital signature (issue 14) -------------------------------------------------------------

/** The password of an A1 certificate as a request carries it (never stored, logged or echoed). */
export const SIGNING_PASSWORD_MAX_LENGTH = 256;
/** Days before expiry from which the workspace warns that the certificate is about to expire. */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 30;
/** The `_format` the ITI validator (validar.iti.gov.br) sends to a document's verify URL. */
export const ITI_VALIDATOR_FORMAT = 'application/validador-iti+json';
/** Verification codes printed on signed documents: alphanumeric, at most 64 (ITI guide). */
export const VERIFICATION_CODE_PATTERN = '^[A-Za-z0-9]{1,64}$';

export const SigningMessages = {
  /** 403 for Free users (spec 2 §1 lists the signature as a Premium benefit). */
  premiumOnly:
    'A assinatura digital com certificado ICP-Brasil é exclusiva do plano Premium. Faça o upgrade para assinar seus documentos.',
  signInRequired: 'Entre na sua conta para assinar documentos digitalmente.',
  notMultipart:
    'Envie o certificado no campo "certificate" e a senha no campo "password" de um formulário multipart/form-data.',
  noCertificateFile: 'Nenhum arquivo foi enviado. Escolha o arquivo .pfx ou .p12 do certificado.',
  noPassword: 'Informe a senha do certificado.',
  noCertificate:
    'Nenhum certificado digital cadastrado. Envie seu certificado A1 em Minha Área, em "Certificado digital".',
  unavailable:
    'A assinatura digital não está disponível neste servidor no momento. Tente novamente mais tarde.',
  /** The literal of issue 14; the other certificate rules' messages come from @pv/signing. */
  wrongPassword: 'Senha do certificado incorreta.',
  removed: 'Certificado digital removido.',
  wrongCode: 'Código de verificação incorreto. Confira o código impresso no documento.',
  unknownDocument:
    'Documento não encontrado. Confira o endereço do QR code; documentos vencidos são apagados.',
  badFormat: `Formato não suportado. Use _format=${'application/validador-iti+json'}.`,
  tooManyVerifications:
    'Muitas consultas de verificação a partir deste endereço. Aguarde um minuto e tente novamente.',
  expiringSoon: (date: string) =>
    `Seu certificado digital vence em ${date}. Renove o certificado e envie o novo arquivo.`,
  expired: (date: string) =>
    `Seu certificado digital venceu em ${date}. Renove o certificado e envie o novo arquivo.`,
} as const;
