/**
 * The audit trail of staff access to sensitive data (LGPD art. 37: the controller keeps a record
 * of its processing operations). Each action names what a member of staff did; the console shows
 * the pt-BR label.
 */
export const AUDIT_ACTIONS = {
  'vault.unlock': 'Desbloqueou o cofre',
  'vault.unlock-denied': 'Chave do cofre recusada',
  'vault.records.list': 'Listou registros do cofre',
  'vault.record.view': 'Abriu um registro do cofre',
  'vault.records.export': 'Exportou registros do cofre',
  'vault.record.delete': 'Excluiu um registro do cofre',
  'vault.records.delete-all': 'Excluiu todos os registros do cofre',
  'user.profile.view': 'Viu o perfil de um usuário',
  'users.list': 'Viu o usuário na lista de usuários',
  'users.search': 'Viu o usuário numa busca de usuários (nome ou e-mail)',
  'users.recent.view': 'Viu o usuário entre os cadastros recentes do painel',
  'user.login-history.view': 'Viu o histórico de acesso de um usuário',
  'user.usage.view': 'Viu o uso de um usuário',
  'usage.month.view': 'Viu o uso do mês de todos os usuários',
  'user.subscription.view': 'Viu a assinatura de um usuário',
  'user.password.reset': 'Redefiniu a senha de um usuário',
  'user.premium.grant': 'Concedeu Premium a um usuário',
  'user.premium.revoke': 'Retirou o Premium de um usuário',
  'user.admin.grant': 'Tornou um usuário administrador',
  'user.admin.revoke': 'Retirou o acesso de administrador de um usuário',
  'user.mfa.reset': 'Redefiniu a verificação em duas etapas de um administrador',
  'user.create': 'Criou um usuário',
  'user.update': 'Editou um usuário',
  'user.delete': 'Excluiu um usuário',
  'user.verification.approve': 'Aprovou a identificação profissional de um usuário',
  'user.verification.refuse': 'Recusou a identificação profissional de um usuário',
  'user.verification.evidence.view': 'Abriu o documento de verificação profissional de um usuário',
  'user.tickets.view': 'Viu os tickets de suporte de um usuário',
  'support.ticket.view': 'Abriu um ticket de suporte',
  'support.ticket.update': 'Alterou um ticket de suporte',
  'support.tickets.search': 'Buscou tickets de suporte por texto',
  'analytics.visitors.view': 'Viu a lista de visitantes (endereços IP)',
  // Content that reaches every user (issue 23 item 9): the target type says which list.
  'content.create': 'Criou conteúdo que chega a todos os usuários',
  'content.update': 'Alterou conteúdo que chega a todos os usuários',
  'content.delete': 'Excluiu conteúdo que chega a todos os usuários',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** What an audited action was done to. */
export const AUDIT_TARGET_TYPES = [
  'vault',
  'vault-record',
  'user',
  /** A users search that matched nobody (a search that found someone names each one). */
  'users',
  'usage',
  'support-ticket',
  'support-tickets',
  'visitors',
  /** Content every user gets (the `content.*` actions). */
  'system-instruction',
  'ai-template',
  'professional-template',
  'medical-term',
  'terms-version',
  'marketing-message',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_MAX_PAGE_SIZE = 200;

export const AuditMessages = {
  invalidFilter:
    'Filtro da auditoria inválido. Confira a ação, as datas (AAAA-MM-DD) e os identificadores.',
  invalidPage: 'Página inválida.',
} as const;
