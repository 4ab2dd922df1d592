/** Records per page of the admin list (spec silent; decisions.md). */
export const VAULT_PAGE_SIZE = 20;
/** The export downloads 1000 records. A caller may ask for 1..10000. */
export const VAULT_EXPORT_DEFAULT_LIMIT = 1000;
export const VAULT_EXPORT_MAX_LIMIT = 10_000;
/** The console shows a consult id by its first 8 characters. */
export const VAULT_CONSULT_ID_PREVIEW_CHARS = 8;
/** Characters of the anonymised note kept as the list's teaser. */
export const VAULT_TEASER_CHARS = 200;
/** Largest text the workspace may send (the same ceiling as format-text). */
export const VAULT_MAX_TEXT_CHARS = 200_000;

/** The 27 federative units; geo_region is one of them or null. */
export const BRAZILIAN_UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type BrazilianUf = (typeof BRAZILIAN_UFS)[number];
/** The console's uf filter options ('all' = no filter). */
export const VAULT_UF_FILTER_OPTIONS = [
  'all',
  'SP',
  'RJ',
  'MG',
  'RS',
  'PR',
  'SC',
  'BA',
  'GO',
  'PE',
  'CE',
] as const;

/** The placeholders the anonymiser writes where an identifier was. */
export const VAULT_REDACTION_TAGS = [
  '[NOME]',
  '[CPF]',
  '[RG]',
  '[CNS]',
  '[TELEFONE]',
  '[EMAIL]',
  '[ENDERECO]',
  '[CEP]',
  '[DATA_NASCIMENTO]',
  '[DATA]',
  '[DOCUMENTO]',
] as const;

export const VaultMessages = {
  // literal: titles and texts of the console's toasts
  loginErrorTitle: 'Erro no login',
  communicationErrorTitle: 'Erro',
  communicationError: 'Falha na comunicação com o servidor',
  loadRecordsFailed: 'Falha ao carregar registros',
  exportErrorTitle: 'Erro no export',
  exportFailed: 'Falha no export',
  deleteErrorTitle: 'Erro ao excluir',
  deleteFailed: 'Falha ao excluir registro',
  deleteAllErrorTitle: 'Erro ao excluir registros',
  deleteAllFailed: 'Falha ao excluir todos os registros',
  loadRecordFailed: 'Falha ao carregar registro completo',
  // literal: what the workspace logs (never shows) when the vault call fails
  workspaceApiError: (status: number) => `Transcript Vault API error: ${status}`,
  // designed here (spec silent), documented in docs/decisions.md
  adminKeyRequired: 'Informe a chave de administrador do Transcript Vault.',
  adminKeyInvalid: 'Chave de administrador do Transcript Vault inválida.',
  tooManyKeyAttempts:
    'Muitas tentativas com a chave do Transcript Vault. Aguarde 15 minutos e tente novamente.',
  unlocked: 'Transcript Vault desbloqueado.',
  locked:
    'O Transcript Vault está bloqueado. Informe a chave de administrador para acessar os registros.',
  invalidMonth: 'O filtro de mês deve estar no formato AAAA-MM (por exemplo, 2026-11).',
  invalidUf: 'O filtro de UF deve ser "all" ou a sigla de um estado brasileiro (por exemplo, SP).',
  invalidPage: 'A página deve ser um número inteiro a partir de 1.',
  recordNotFound: 'Registro não encontrado no Transcript Vault.',
  recordDeleted: 'Registro excluído do Transcript Vault.',
  allRecordsDeleted: 'Todos os registros do Transcript Vault foram excluídos.',
  confirmDeleteAll: 'Para excluir todos os registros, confirme a operação enviando confirm=true.',
  exportFormat: 'O formato de exportação disponível é csv.',
  exportLimit: 'O limite de exportação deve ser um número inteiro entre 1 e 10000.',
  consultTextRequired:
    'Envie o texto formatado (formattedText ou transcript) do atendimento para arquivá-lo.',
  textTooLong: 'O texto passou do limite de 200.000 caracteres.',
  invalidConsultId: 'O consultId deve ser o identificador devolvido pela formatação.',
  invalidTranscriptionId: 'O transcriptionId deve ser o identificador da transcrição (UUID).',
  tooManyConsults:
    'Muitos atendimentos enviados ao Transcript Vault a partir deste endereço. Aguarde alguns minutos.',
  archived: 'Atendimento arquivado no Transcript Vault.',
  /** 403: the public archive only creates; a change needs the owner's session or the record's secret. */
  recordLocked:
    'Este atendimento já está arquivado no Transcript Vault e só pode ser alterado por quem o arquivou.',
  invalidEditSecret: 'O editSecret deve ser o código devolvido quando o atendimento foi arquivado.',
} as const;

/** What every records route needs besides an admin session (checked by the vault service). */
export const VAULT_SESSION_CREDENTIAL = {
  name: 'vault-session',
  message: VaultMessages.locked,
} as const;

/** A record's columns without its full texts: what the list shows. */
export const VAULT_SUMMARY_COLUMNS = [
  'consult_id',
  'date_ym',
  'geo_region',
  'timestamp_utc',
  'audio_length_sec',
  'professional',
  'patient_hash',
  'professional_hash',
  'ip_hash',
  'transcript_teaser',
] as const;

/** The CSV columns of the export, in order (RFC 4180, UTF-8 with BOM, CRLF). */
export const VAULT_EXPORT_COLUMNS = [
  ...VAULT_SUMMARY_COLUMNS,
  'transcript',
  'raw_transcript',
  'edited_transcript',
] as const;
