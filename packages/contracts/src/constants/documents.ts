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
  // Issue 15: anonymous visitors' hourly limits per address, worded like formatting's.
  anonymousDocumentsLimit:
    'Você atingiu o limite de documentos por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
  anonymousPrescriptionsLimit:
    'Você atingiu o limite de receitas por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
  anonymousPdfsLimit:
    'Você atingiu o limite de PDFs por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
  anonymousExtractionLimit:
    'Você atingiu o limite de leituras de PDF por hora para visitantes. Entre ou crie uma conta gratuita para continuar.',
} as const;
