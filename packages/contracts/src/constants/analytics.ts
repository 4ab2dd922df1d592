/** Periods the admin Analytics tab offers, and the default one. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export const DEFAULT_ANALYTICS_PERIOD = 30;
/** Days every analytics figure is counted in (calendar days of São Paulo, like the counters). */
export const ANALYTICS_TIME_ZONE = 'America/Sao_Paulo';
/** Visitor tracking covers the last 7 days; the list is bounded to the newest rows. */
export const VISITOR_TRACKING_DAYS = 7;
export const VISITOR_TRACKING_MAX_ROWS = 500;
/** Most recent users on the admin dashboard. */
export const DASHBOARD_RECENT_USERS = 5;

export const MARKETING_MESSAGE_TYPES = ['signup', 'premium'] as const;
export type MarketingMessageType = (typeof MARKETING_MESSAGE_TYPES)[number];

export const AnalyticsMessages = {
  // literal: the admin console's toast titles for marketing messages
  createMessageError: 'Erro ao criar mensagem de marketing',
  updateMessageError: 'Erro ao atualizar mensagem de marketing',
  deleteMessageError: 'Erro ao deletar mensagem de marketing',
  // designed here (spec silent), documented in docs/decisions.md
  invalidPeriod: 'Período inválido: escolha 7, 30 ou 90 dias.',
  invalidMessageType:
    'Tipo de mensagem inválido: use signup (visitantes sem conta) ou premium (usuários do plano gratuito).',
  titleRequired: 'Informe o título da mensagem.',
  messageRequired: 'Informe o texto da mensagem.',
  messageNotFound: 'Mensagem de marketing não encontrada.',
  messageDeleted: 'Mensagem de marketing excluída com sucesso',
  invalidPath: 'Informe em path o caminho da página visitada (começando com /).',
  invalidApp: 'Informe em app qual aplicação foi visitada: workspace ou admin.',
  tooManyPageViews: 'Muitas visualizações registradas em pouco tempo. Aguarde um momento.',
} as const;
