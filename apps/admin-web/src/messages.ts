import { Messages, MfaMessages, SupportMessages } from '@pv/contracts/constants';

/**
 * The console's pt-BR texts in one place (STYLE.md). The product's literal messages are quoted as
 * written; the rest were chosen here where the product texts are silent.
 */
export const T = {
  accessDenied: Messages.adminOnly,
  // Sign-in on the admin host: the workspace's login page is not reachable
  // there, so the console asks for email and password itself.
  signInTitle: 'Entrar no Painel Administrativo',
  signInText: 'Use a sua conta de administrador.',
  password: 'Senha',
  signIn: 'Entrar',
  signingIn: 'Aguarde...',
  loginRequired: 'Informe o email e a senha.',
  invalidEmail: 'Informe um email válido.',
  invalidCredentials: Messages.invalidCredentials,
  connectionError: Messages.connectionError,
  loginError: Messages.loginError,
  loginSuccess: Messages.loginSuccessTitle,
  signOut: 'Sair',
  // The admins' second factor (issue 23 item 4)
  mfaTitle: 'Verificação em duas etapas',
  mfaVerifyText: 'Digite o código de 6 dígitos que o aplicativo autenticador mostra agora.',
  mfaCode: 'Código do aplicativo autenticador',
  mfaRecoveryCode: 'Código de recuperação',
  mfaUseRecovery: 'Usar um código de recuperação',
  mfaUseApp: 'Usar o código do aplicativo',
  mfaConfirm: 'Confirmar',
  mfaRequired: MfaMessages.mfaRequired,
  mfaEnrolText: MfaMessages.enrolmentRequired,
  mfaQrAlt: 'QR code para o aplicativo autenticador',
  mfaSecretLabel: 'Sem câmera? Digite esta chave no aplicativo:',
  mfaEnrolCodeHelp: 'Depois de escanear, digite o código que o aplicativo mostra.',
  mfaRecoveryTitle: 'Guarde seus códigos de recuperação',
  mfaRecoveryText:
    'Cada código abre o painel uma única vez se você perder o celular. Eles não serão mostrados de novo: guarde-os em local seguro.',
  mfaRecoveryDone: 'Já guardei os códigos',
  mfaError: 'Não foi possível confirmar o código.',
  errorTitle: 'Erro',
  signOutError: 'Não foi possível sair agora. Tente novamente.',
  // Unknown console paths
  notFoundTitle: 'Página não encontrada',
  notFoundText: 'Este endereço não existe no Painel Administrativo.',
  backToConsole: 'Ir para o Painel Administrativo',
  backToApp: 'Voltar ao App',
  consoleTitle: 'Painel Administrativo',
  loading: 'Carregando',
  loadError: 'Não foi possível carregar os dados. Tente novamente.',
  never: 'Nunca',
  nameMissing: 'Nome não informado',
  noCategory: 'Sem categoria',
  cancel: 'Cancelar',
  save: 'Salvar',
  create: 'Criar',
  edit: 'Editar',
  delete: 'Excluir',
  close: 'Fechar',
  confirm: 'Confirmar',
  active: 'Ativo',
  inactive: 'Inativo',
  // Users
  newUser: 'Novo Usuário',
  searchUsers: 'Buscar por nome ou email',
  fullName: 'Nome Completo',
  email: 'Email',
  passwordPolicy: Messages.passwordPolicy,
  passwordsDoNotMatch: Messages.passwordsDoNotMatch,
  invalidPasswordTitle: 'Senha inválida',
  mismatchTitle: 'Senhas não coincidem',
  mismatchDescription: 'A nova senha e a confirmação devem ser iguais',
  resetPasswordSuccess: Messages.resetPasswordSuccess,
  deleteUserConfirm:
    'Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita.',
  noUsageMetrics: 'Nenhuma métrica de uso encontrada',
  noPremiumSubscriptions: 'Nenhuma assinatura premium encontrada',
  noUserTickets: SupportMessages.noTicketsForUser,
  noLogins: 'Nenhum login registrado',
  // Support
  noTicketsForFilters: SupportMessages.noTicketsForFilters,
  ticketUpdateErrorTitle: SupportMessages.updateErrorTitle,
  ticketUpdateErrorFallback: SupportMessages.updateErrorFallback,
  // Vault
  vaultLoginError: 'Erro no login',
  vaultCommError: 'Falha na comunicação com o servidor',
  vaultLoadRecordsError: 'Falha ao carregar registros',
  vaultExportErrorTitle: 'Erro no export',
  vaultExportError: 'Falha no export',
  vaultDeleteErrorTitle: 'Erro ao excluir',
  vaultDeleteError: 'Falha ao excluir registro',
  vaultDeleteAllErrorTitle: 'Erro ao excluir registros',
  vaultDeleteAllError: 'Falha ao excluir todos os registros',
  vaultLoadRecordError: 'Falha ao carregar registro completo',
  copied: 'Copiado!',
} as const;

/** "Erro ao criar template" and the same pattern for every admin list. */
export function crudErrorTitles(noun: string) {
  return {
    create: `Erro ao criar ${noun}`,
    update: `Erro ao atualizar ${noun}`,
    remove: `Erro ao deletar ${noun}`,
  };
}

export const USER_STATUS_LABELS = {
  active: 'Ativo',
  inactive: 'Inativo',
  suspended: 'Suspenso',
} as const;

export const TICKET_STATUS_LABELS = {
  open: 'Aberto',
  in_progress: 'Em andamento',
  resolved: 'Resolvido',
  closed: 'Fechado',
} as const;

export const TICKET_PRIORITY_LABELS = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
  urgent: 'Urgente',
} as const;

export const TICKET_CATEGORY_LABELS = {
  general: 'Geral',
  technical: 'Técnico',
  billing: 'Cobrança',
  feature_request: 'Sugestão de recurso',
  bug_report: 'Relato de erro',
} as const;

/** pt-BR names of the `professional` values (specialties and prescription kinds). */
export const PROFESSIONAL_LABELS: Record<string, string> = {
  consulta_medica: 'Consulta Médica',
  medico_familia: 'Médico de Família',
  medico_familia_personalizado: 'Médico de Família (personalizado)',
  medico_ambulatorio: 'Médico Ambulatorial',
  medico_trabalho: 'Médico do Trabalho',
  medico_visitador: 'Médico Visitador',
  enfermeira: 'Enfermeira',
  tecnico_enfermagem: 'Técnico de Enfermagem',
  nutricionista: 'Nutricionista',
  assistente_social: 'Assistente Social',
  psiquiatria: 'Psiquiatria',
  psiquiatria_personalizado: 'Psiquiatria (personalizado)',
  psicoterapia: 'Psicoterapia',
  prescricao_hospitalar: 'Prescrição Hospitalar',
  prescricao_ambulatorial: 'Prescrição Ambulatorial',
  prescricao_controlada: 'Prescrição Controlada',
};

/** The label of a `professional` value, or the value itself when unknown. */
export function professionalLabel(value: string | null | undefined): string {
  if (!value) return '';
  return PROFESSIONAL_LABELS[value] ?? value;
}
