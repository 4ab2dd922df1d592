import {
  BillingMessages,
  DocumentMessages,
  DocumentRuleMessages,
  type DocumentType,
  type Specialty,
} from '@pv/contracts/constants';

/** pt-BR texts of the workspace screen (`/`). Literal spec 1 messages are marked "spec". */
export const WorkspaceStrings = {
  pageTitle: 'Área de trabalho: transcrição e formatação do atendimento',
  cards: {
    recording: 'Gravação',
    formatting: 'Formatação',
    additionalInfo: 'Informações adicionais',
    transcription: 'Transcrição',
    formattedText: 'Texto formatado',
    documents: 'Geração de documentos',
  },
  cardFailed:
    'Este cartão encontrou um erro. Tente novamente; o texto da transcrição continua guardado.',
  retry: 'Tentar novamente',
  dragHandle: (card: string) => `Arrastar para reordenar o cartão ${card}`,

  // Recording card (spec 1 §2)
  recordingTitle: 'TRANSCREVENDO...',
  idleTitle: 'Pressione e inicie a transcrição',
  engineSuper: 'Super - ativado',
  engineSoniox: 'Soniox',
  engineBrowser: 'Navegador',
  engineConnecting: 'Conectando...',
  startRecording: 'Iniciar transcrição',
  stopRecording: 'Parar transcrição',
  wordsIdentified: (n: number) => `${n} palavras identificadas`,
  speakingNow: 'Falando agora...',
  superTranscritor: 'Super Transcritor',
  superUsage: (usedMinutes: number, allowanceMinutes: number) =>
    `${usedMinutes} de ${allowanceMinutes} minutos usados este mês`,
  newPatient: 'Novo Paciente',

  // Validation (spec 1 §5)
  markerNeedsRecording: 'Você deve estar gravando para adicionar marcadores de paciente',
  nothingToExport: 'Não há transcrição para exportar',
  noFormattedText: DocumentMessages.noFormattedText,
  confirmClearAll: 'Tem certeza que deseja apagar tudo e recomeçar? Esta ação é irreversível.',
  registeredOnly: (feature: string) =>
    `${feature} está disponível apenas para usuários cadastrados. Crie uma conta ou entre para usar.`,
  registeredOnlyTitle: 'Função para usuários cadastrados',
  usageLimitTitle: BillingMessages.usageLimitTitle,
  usageLimitReached: BillingMessages.usageLimitReached,
  considerUpgrade: BillingMessages.considerUpgrade,
  speechNotSupported: 'Reconhecimento de voz não é suportado neste navegador. Use Chrome ou Edge.',
  speechInitFailed: 'Não foi possível inicializar o reconhecimento de voz',
  permissionDeniedTitle: 'Permissão Negada',
  permissionDenied: 'Permita o acesso ao microfone para usar a transcrição',
  microphoneError: 'Erro de Microfone',
  microphoneErrorDescription:
    'Nenhum microfone foi encontrado ou ele está em uso por outro aplicativo. Conecte um microfone ou feche o outro aplicativo e tente novamente.',
  alternativeUnavailable: BillingMessages.speechUnavailable,
  fallbackToBrowser: 'Usando o reconhecimento de voz do navegador.',
  autoEnded: 'Encerrado automaticamente: silêncio ≥8 horas',
  recognitionErrorLine: (code: string) => `[Erro no reconhecimento de voz: ${code}]`,

  // Transcription card
  transcriptionLabel: 'Transcrição do atendimento',
  transcriptionPlaceholder:
    'A transcrição aparece aqui. Você também pode digitar ou colar o texto.',
  exportCsv: 'Exportar CSV',
  clearAll: 'Limpar tudo',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  uploadPreviousReport: 'Enviar relatório anterior',
  previousReportAdded: 'Relatório anterior adicionado às informações adicionais.',
  previousReportHeading: (fileName: string) => `Relatório anterior (${fileName}):`,
  wordFileNoted: (fileName: string) =>
    `[Relatório anterior anexado: ${fileName}. O conteúdo de arquivos Word não é lido; cole o texto se precisar dele.]`,
  csvHeader: ['Segmento', 'Início', 'Fim', 'Texto'],

  // Additional info card
  additionalInfoLabel: 'Informações adicionais (enviadas com a formatação e os documentos)',

  // Formatting card
  professional: 'Profissional',
  multiplePatients: 'Múltiplos pacientes',
  medicalDictionary: 'Dicionário médico',
  superAI: 'SUPER-IA',
  alternativeAI: 'IA-ALTERNATIVA',
  formatButton: 'Format with AI',
  formatting: 'Formatando...',
  template: 'Template',
  defaultTemplate: 'Template padrão da especialidade',
  customBadge: 'Personalizado',
  manageTemplates: 'Gerenciar templates',
  noCustomTemplates: 'Nenhum template personalizado',
  createTemplate: 'Criar template',
  diagnosticAnalysis: 'Análise diagnóstica',
  diagnosticTitle: 'Análise diagnóstica (apoio à decisão)',
  engineLlm: (model: string) => `Formatado por IA (${model})`,
  engineOffline: 'Formatado pelo formatador offline',

  // Formatted text card
  formattedEmpty: 'O texto formatado aparece aqui depois de usar Format with AI.',
  edit: 'Editar',
  save: 'Salvar',
  saved: 'Texto salvo',
  patientBlock: (n: number) => `Paciente ${n}`,
  summary: 'Resumo',
  patientName: 'Nome',
  patientAge: 'Idade',
  patientGender: 'Sexo',

  // Document card
  documentType: 'Tipo de documento',
  generate: 'Gerar documento',
  generating: 'Gerando...',
  downloadPdf: 'Baixar PDF',
  androidPdfFallback: 'PDF não disponível no Android. O documento foi baixado em formato de texto.',
  tryDesktop: 'Tente usar a versão desktop.',
  reprocess: 'Reprocessar com correções',
  corrections: 'Correções para o reprocessamento',
  requiredNotification: 'Notificação necessária',
  documentPatient: 'Paciente do documento',
  documentPatientOption: (n: number, name: string) =>
    name ? `Paciente ${n}: ${name}` : `Paciente ${n}`,
  documentPatientHint: 'A nota tem mais de um paciente: cada documento é de um paciente só.',
  documentFor: (n: number, name: string) =>
    name ? `Documento do paciente ${n}: ${name}` : `Documento do paciente ${n}`,
  patientRequired: DocumentRuleMessages.patientRequired,
  controlledRow: 'Medicamento controlado',

  // Prescription editors
  medication: 'Medicamento',
  route: 'Via',
  dilution: 'Diluição',
  schedule: 'Horário',
  observations: 'Observações',
  dosage: 'Posologia',
  instructions: 'Instruções',
  controlled: 'Controlado',
  quantity: 'Quantidade',
  unit: 'Unidade',
  posology: 'Posologia',
  addMedication: 'Adicionar medicamento',
  removeMedication: 'Remover medicamento',
  medicalRecord: 'Prontuário',
  birthDate: 'Data de nascimento',
  cpf: 'CPF',
  rg: 'RG',
  address: 'Endereço',
  phone: 'Telefone',
  prescriptionDate: 'Data da prescrição',
  generalObservations: 'Observações gerais',
  generalInstructions: 'Orientações gerais',
  returnDate: 'Retorno',
  prescribingPhysician: 'Médico prescritor',
  institutionName: 'Nome da instituição',
  crm: 'CRM',
  date: 'Data',
  controlledText: 'Receituário controlado (texto livre)',
  hasControlled: 'Contém medicamentos controlados',
  noMedications: 'Nenhum medicamento.',

  // Toast titles and prefixes (spec 1 §8)
  errorTitle: 'Erro',
  formatError: 'Erro ao formatar texto: ',
  prescriptionError: 'Erro ao gerar prescrição: ',
  ambulatoryError: 'Erro ao gerar prescrição ambulatorial: ',
  reprocessError: 'Erro ao reprocessar prescrição: ',
  diagnosticError: 'Erro na análise diagnóstica: ',
  documentError: 'Erro ao gerar documento: ',
  pdfError: 'Erro ao gerar PDF: ',
  fileError: 'Erro ao processar arquivo: ',
  controlledError: 'Erro ao gerar receituário controlado: ',
} as const;

/** User-facing names of the specialties (spec 1 §3 gives only hints; these are ours). */
export const SPECIALTY_LABELS: Record<Specialty, string> = {
  consulta_medica: 'Consulta médica',
  medico_familia: 'Médico de família',
  medico_familia_personalizado: 'Médico de família (personalizado)',
  medico_ambulatorio: 'Médico de ambulatório',
  medico_trabalho: 'Medicina do trabalho',
  medico_visitador: 'Médico visitador (visita domiciliar)',
  enfermeira: 'Enfermeira(o)',
  tecnico_enfermagem: 'Técnico(a) de enfermagem',
  nutricionista: 'Nutricionista',
  assistente_social: 'Assistente social',
  psiquiatria: 'Psiquiatria',
  psiquiatria_personalizado: 'Psiquiatria (personalizado)',
  psicoterapia: 'Psicologia (perícia forense)',
};

export const DOCUMENT_LABELS: Record<DocumentType, string> = {
  receituario: 'Receituário',
  hospitalar: 'Prescrição hospitalar',
  ambulatorial: 'Prescrição ambulatorial',
  controlada: 'Receituário de controle especial',
  atestado_medico: 'Atestado médico',
  orientacoes_paciente: 'Orientações ao paciente',
  orientacoes_enfermagem: 'Orientações de enfermagem',
  pedido_exames: 'Pedido de exames',
  resumo_consulta: 'Resumo da consulta',
  plano_alimentar: 'Plano alimentar',
};
