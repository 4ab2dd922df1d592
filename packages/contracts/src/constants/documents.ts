/** The document types of the document generation card. */
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
  /** Literal. */
  noFormattedText: 'Texto formatado não disponível',
  /** FHIR export (issue 28): the signed document named is not the caller's or has expired. */
  fhirSignedDocumentNotFound:
    'O documento assinado não foi encontrado entre os seus documentos válidos. Exporte sem ele ou assine o documento novamente.',
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
  // Issue 15: anonymous visitors' hourly limits per address, worded like formatting's.
  anonymousDocumentsLimit:
    'Você atingiu o limite de documentos por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
  anonymousPrescriptionsLimit:
    'Você atingiu o limite de receitas por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
  anonymousPdfsLimit:
    'Você atingiu o limite de PDFs por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
  anonymousExtractionLimit:
    'Você atingiu o limite de leituras de PDF por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
  // issue 24: every signed-in user's hourly ceiling on PDF text extraction
  extractionHourlyLimit:
    'Você atingiu o limite de leituras de PDF por hora. Aguarde alguns minutos e tente novamente.',
} as const;

/** pt-BR messages of the one-patient-per-document and controlled-drug rules (issue 12). */
export const DocumentRuleMessages = {
  /** A note with several patients and no `patientIndex`. */
  patientRequired: 'Escolha o paciente para este documento.',
  /** `patientIndex` beyond the note's patients. */
  patientNotFound: (index: number, count: number) =>
    `A nota não tem o paciente ${index}: ela tem ${count} ${count === 1 ? 'paciente' : 'pacientes'}. Escolha um paciente de 1 a ${count}.`,
  patientIndexInvalid: 'O número do paciente deve ser um número inteiro a partir de 1.',
  /** A prescription row with no medication written (1-based row). */
  emptyMedicationRow: (row: number) =>
    `A linha ${row} da prescrição está sem medicamento. Preencha o medicamento ou remova a linha.`,
  /** Starts the 422 of a simple prescription that names a controlled drug. */
  controlledInSimple:
    'A receita simples não pode levar medicamento controlado (Portaria SVS/MS 344/98). Retire-o desta receita:',
  /** Ends that 422: where the RCE drugs go instead. */
  useControlledType:
    'Para os de Receituário de Controle Especial, gere o documento "Receituário Controlado".',
  /** Starts the 422 of an RCE that names a drug needing a notification. */
  notificationRequired:
    'Este receituário não pode ser impresso: há medicamento que exige notificação de receita, que não é impressa por aqui.',
} as const;

/** One patient's part of a note (see `notePatients`). */
export interface NotePatient {
  /** 1-based, in the note's order. */
  number: number;
  /** The name on the patient's "Paciente: ..." line; '' when missing or 'Não informado'. */
  name: string;
  /** That patient's part of the note only (no other patient, no shared summary). */
  text: string;
}

/** Longest patient number read in a marker (bounded, so matching stays linear). */
const MARKER_ANYWHERE = /\[Paciente (\d{1,6})\]/g;
const HEADING_LINE = /^PACIENTE \d{1,6}$/;
const SUMMARY_HEADING = 'RESUMO DO ATENDIMENTO';

function patientNameIn(text: string): string {
  for (const line of text.split('\n')) {
    const at = line.search(/paciente\s*:/i);
    if (at < 0) continue;
    const value = (line.slice(line.indexOf(':', at) + 1).split('|')[0] ?? '').trim();
    return value === 'Não informado' ? '' : value;
  }
  return '';
}

/**
 * The patients of a formatted note. The formatter renders a multi-patient note as one block per
 * patient, each opened by a line `PACIENTE N`, then a `RESUMO DO ATENDIMENTO` block about all of
 * them; a note typed or pasted by hand may instead carry the workspace's `[Paciente N]` markers.
 * Both split the note; text before the first marker is a patient of its own (as in the
 * formatter's rule); the summary belongs to no patient; empty parts are no patient. Patients are
 * numbered 1..N in the order they appear. A note with no marker is one patient: the whole text.
 * One pass over the lines, bounded patterns: linear in the text.
 */
export function notePatients(text: string): NotePatient[] {
  const parts: string[][] = [[]];
  let inSummary = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = line.trim();
    if (HEADING_LINE.test(trimmed)) {
      parts.push([]);
      inSummary = false;
      continue;
    }
    if (trimmed === SUMMARY_HEADING && parts.length > 1) {
      inSummary = true;
      continue;
    }
    if (inSummary) continue;
    let from = 0;
    for (const marker of line.matchAll(MARKER_ANYWHERE)) {
      parts.at(-1)?.push(line.slice(from, marker.index));
      parts.push([]);
      from = (marker.index ?? 0) + marker[0].length;
    }
    parts.at(-1)?.push(line.slice(from));
  }
  return parts
    .map((lines) => lines.join('\n').trim())
    .filter((part) => part !== '')
    .map((part, i) => ({ number: i + 1, name: patientNameIn(part), text: part }));
}

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
  /** 403 for Free users (the signature is a Premium benefit). */
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
  /** 422: the stored certificate does not open for its owner (altered or copied from another row). */
  certificateUnreadable:
    'Não foi possível abrir o certificado digital guardado. Envie o arquivo do certificado A1 novamente em Minha Área.',
  /** 500: a kept signed PDF does not open for its own row (altered or copied from another). */
  documentUnreadable:
    'Não foi possível abrir este documento assinado. Peça ao profissional que o emitiu uma nova via.',
  /** The signed PDF could not be kept (or read back) in the configured store: 503. */
  storeUnavailable:
    'O armazenamento de documentos assinados está indisponível no momento. Tente novamente em instantes.',
  badFormat: `Formato não suportado. Use _format=${'application/validador-iti+json'}.`,
  tooManyVerifications:
    'Muitas consultas de verificação a partir deste endereço. Aguarde um minuto e tente novamente.',
  expiringSoon: (date: string) =>
    `Seu certificado digital vence em ${date}. Renove o certificado e envie o novo arquivo.`,
  expired: (date: string) =>
    `Seu certificado digital venceu em ${date}. Renove o certificado e envie o novo arquivo.`,
  /** 422: a signed document cannot be stamped by hand, so it must print the registration. */
  registryRequired:
    'Para assinar digitalmente, complete seu registro profissional (conselho, número e UF) em Minha Área: um documento assinado não pode receber carimbo.',
  /** 422: a signed document must print the professional address and contact (CFM 2.381/2024). */
  contactRequired:
    'Para assinar digitalmente, complete o endereço e o telefone profissionais em Minha Área: eles são obrigatórios no documento e um documento assinado não pode ser completado à mão.',
  /** 422: a signed RCE cannot be completed by hand, so the patient's name and address are due. */
  rcePatientRequired:
    'Para assinar digitalmente o Receituário de Controle Especial, preencha o nome e o endereço do paciente: um documento assinado não pode ser completado à mão.',
  /** 422: the RCE's quantity in figures (printed in words too) cannot be written in by hand. */
  /** Issue 23: printed in place of 'assinado digitalmente (ICP-Brasil)' under an extra root. */
  extraRootNotice:
    'ATENÇÃO: assinado com certificado de uma raiz de teste (SIGNING_EXTRA_TRUST_ROOTS), não da ICP-Brasil: sem validade jurídica',
  rceQuantityRequired: (medications: readonly string[]) =>
    `Para assinar digitalmente o Receituário de Controle Especial, informe a quantidade em algarismos (ela é impressa também por extenso) de: ${medications.join('; ')}.`,
} as const;
