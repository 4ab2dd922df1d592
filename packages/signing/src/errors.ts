/** Why a certificate file cannot be used; each has its own pt-BR message for the user. */
export type CertificateErrorCode =
  | 'WRONG_PASSWORD'
  | 'NOT_PKCS12'
  | 'UNSUPPORTED_CERTIFICATE'
  | 'NO_PRIVATE_KEY'
  | 'NO_SIGNING_KEY'
  | 'EXPIRED'
  | 'NOT_YET_VALID'
  | 'FILE_TOO_LARGE';

/** The largest PKCS#12 file accepted; an A1 with its whole chain is about 10 KB. */
export const MAX_PKCS12_BYTES = 64 * 1024;

const ptBrDate = (date: Date) =>
  date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The user-facing messages. WRONG_PASSWORD is the literal text. */
export const CertificateMessages = {
  WRONG_PASSWORD: () => 'Senha do certificado incorreta.',
  NOT_PKCS12: () =>
    'O arquivo enviado não é um certificado digital A1. Envie o arquivo .pfx ou .p12 do certificado.',
  UNSUPPORTED_CERTIFICATE: () =>
    'Este certificado usa um formato ou algoritmo que não é aceito. Exporte o certificado A1 novamente (.pfx ou .p12) e envie outra vez.',
  NO_PRIVATE_KEY: () =>
    'O arquivo não contém a chave privada do certificado. Exporte o certificado A1 com a chave privada (.pfx ou .p12).',
  NO_SIGNING_KEY: () =>
    'Este certificado não permite assinatura digital. Use um certificado de assinatura (e-CPF A1).',
  EXPIRED: (notAfter?: Date) =>
    notAfter
      ? `O certificado venceu em ${ptBrDate(notAfter)}. Renove o certificado e envie o novo arquivo.`
      : 'O certificado está vencido. Renove o certificado e envie o novo arquivo.',
  NOT_YET_VALID: (notBefore?: Date) =>
    notBefore
      ? `O certificado só passa a valer em ${ptBrDate(notBefore)}.`
      : 'O certificado ainda não está válido.',
  FILE_TOO_LARGE: () =>
    'O arquivo do certificado passa do limite de 64 KB. Envie somente o arquivo .pfx ou .p12 do certificado A1.',
} satisfies Record<CertificateErrorCode, (date?: Date) => string>;

/**
 * A certificate that cannot be used, as a typed value for the route to map to 422.
 * It never carries the password, the file or an underlying library error (which could echo
 * either): only the code, the pt-BR message and, for validity errors, the date at stake.
 */
export class CertificateError extends Error {
  readonly code: CertificateErrorCode;
  readonly date: Date | undefined;

  constructor(code: CertificateErrorCode, date?: Date) {
    super(CertificateMessages[code](date));
    this.name = 'CertificateError';
    this.code = code;
    this.date = date;
  }

  toJSON() {
    return { name: this.name, code: this.code, message: this.message };
  }
}

export const isCertificateError = (error: unknown): error is CertificateError =>
  error instanceof CertificateError;
