/** Premium price: R$ 29,90 per month, in centavos, renewed monthly. */
export const PREMIUM_PRICE_CENTS = 2990;
export const PREMIUM_CURRENCY = 'brl';

/** Super Transcritor allowance per calendar month in America/Sao_Paulo. */
export const SPEECH_ALLOWANCE_SECONDS = { free: 3_600, premium: 36_000 } as const;
/** The calendar month every counter of the product is kept in. */
export const BILLING_TIME_ZONE = 'America/Sao_Paulo';
/** One report never adds more than this: a client reports running sessions every few minutes. */
export const MAX_SECONDS_PER_REPORT = 3_600;

/** Free monthly limits; Premium is unlimited (-1) with 10000 of storage. */
export const FREE_LIMITS = {
  transcriptionLimit: 50,
  formattingLimit: 30,
  pdfLimit: 20,
  aiRequestLimit: 100,
  storageLimit: 1000,
  /** PDF text extractions a month (issue 24); billing's FREE_EXTRACTIONS_PER_MONTH overrides it. */
  extractionLimit: 30,
} as const;
export const PREMIUM_LIMITS = {
  transcriptionLimit: -1,
  formattingLimit: -1,
  pdfLimit: -1,
  aiRequestLimit: -1,
  storageLimit: 10_000,
  extractionLimit: -1,
} as const;

/**
 * What a user stores, by the service that keeps it (issue 17): custom templates (formatting),
 * signed documents and the signing certificate (documents). `storageLimit` is in MB (10^6 bytes).
 */
export const STORAGE_SOURCES = [
  'custom-templates',
  'signed-documents',
  'signing-certificate',
] as const;
export type StorageSource = (typeof STORAGE_SOURCES)[number];
export const BYTES_PER_MB = 1_000_000;
/** Bytes as the MB the usage views show: 3 decimals, and never 0 for something stored. */
export function storageMb(bytes: number): number {
  if (bytes <= 0) return 0;
  return Math.max(0.001, Math.round((bytes / BYTES_PER_MB) * 1000) / 1000);
}

/** What a metered action is; the formatting and documents services consume one per call. */
export const QUOTA_KINDS = ['formatting', 'pdf', 'ai-request', 'extraction'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

export const BillingMessages = {
  // literal
  usageLimitTitle: 'Limite de uso atingido',
  usageLimitReached: (minutes: number) =>
    `Você já utilizou todo o tempo disponível do Super Transcritor (${minutes} minutos).`,
  considerUpgrade: 'Considere fazer upgrade para Premium para mais tempo.',
  // literal
  speechUnavailable: 'Transcritor alternativo indisponível',
  // designed here (spec silent), documented in docs/decisions.md
  formattingLimit: (limit: number) =>
    `Você atingiu o limite mensal de ${limit} formatações do plano gratuito. Assine o Premium para formatar sem limites.`,
  transcriptionLimit: (limit: number) =>
    `Você atingiu o limite mensal de ${limit} transcrições do plano gratuito. Assine o Premium para transcrever sem limites.`,
  aiRequestLimit: (limit: number) =>
    `Você atingiu o limite mensal de ${limit} solicitações de IA do plano gratuito. Assine o Premium para usar a IA sem limites.`,
  storageLimit: (limitMb: number, premium: boolean) =>
    premium
      ? `Você atingiu o limite de armazenamento de ${limitMb} MB do plano Premium. Exclua templates ou documentos que não usa mais para liberar espaço.`
      : `Você atingiu o limite de armazenamento de ${limitMb} MB do plano gratuito. Assine o Premium para ter ${PREMIUM_LIMITS.storageLimit} MB.`,
  pdfLimit: (limit: number) =>
    `Você atingiu o limite mensal de ${limit} PDFs do plano gratuito. Assine o Premium para gerar PDFs sem limites.`,
  secondsToAdd:
    'Informe em secondsToAdd um número inteiro de segundos entre 0 e 3600 para registrar o uso.',
  paymentsNotConfigured:
    'Os pagamentos ainda não estão configurados neste servidor. Tente novamente mais tarde ou fale com o suporte.',
  paymentProviderError:
    'Não foi possível falar com o provedor de pagamentos. Tente novamente em instantes.',
  subscriptionCreated: 'Assinatura criada. Confirme o pagamento para ativar o Premium.',
  alreadyPremium: 'Sua assinatura Premium já está ativa.',
  subscriptionNotFound: 'Assinatura não encontrada para a sua conta.',
  paymentNotYours: 'Este pagamento não pertence à sua conta.',
  paymentConfirmed: 'Pagamento confirmado. Seu plano Premium está ativo.',
  paymentPending:
    'O pagamento ainda não foi confirmado pelo provedor. Seu plano será ativado assim que ele for aprovado.',
  paymentFailed:
    'O pagamento não foi aprovado. Verifique os dados do cartão ou use outro cartão e tente novamente.',
  upgraded: 'Plano Premium ativado.',
  notUpgraded:
    'Ainda não recebemos a confirmação do pagamento. Seu plano será ativado assim que ele for aprovado.',
  webhookSignature: 'Assinatura do webhook inválida.',
  // issue 15: one live Super Transcritor stream per user, and a ceiling on minting keys
  speechStreamActive:
    'Já existe uma transcrição do Super Transcritor em andamento na sua conta. Encerre-a antes de iniciar outra.',
  tooManySpeechKeys:
    'Muitas sessões do Super Transcritor iniciadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
  noSubscriptionToCancel:
    'Você não tem uma assinatura Premium ativa para cancelar. Se acredita que isso é um erro, fale com o suporte.',
  /** `until` is the end of the paid period, dd/mm/aaaa. */
  subscriptionCanceled: (until: string) =>
    `Assinatura cancelada. Você continua com o Premium até ${until}; depois disso, nenhuma nova cobrança será feita.`,
  subscriptionAlreadyCanceled: (until: string) =>
    `Sua assinatura já está cancelada. O Premium continua ativo até ${until}.`,
  // issue 17: Stripe's Customer Portal, where configured
  portalNotConfigured:
    'O portal de assinatura não está disponível neste servidor. Para cancelar, use "Cancelar assinatura".',
  noCustomerForPortal:
    'Sua conta ainda não tem uma assinatura no provedor de pagamentos. Assine o Premium para gerenciá-la.',
  speechProviderError:
    'Não foi possível obter uma chave do Super Transcritor agora. Tente novamente em instantes.',
  monthRequired: 'Informe year e month (1 a 12) para consultar as métricas de uso.',
  // issue 24: streams settled by Soniox's record; paid work fails closed; reservations by owner
  speechStreamSettling:
    'Sua transcrição anterior do Super Transcritor ainda está sendo contabilizada. Tente novamente em alguns instantes.',
  billingUnavailable:
    'Não foi possível verificar o limite do seu plano agora. Tente novamente em alguns instantes; nada foi cobrado.',
  reservationNotYours: 'Esta reserva de uso não pertence à sua conta.',
  extractionLimit: (limit: number) =>
    `Você atingiu o limite mensal de ${limit} extrações de texto de PDF do plano gratuito. Assine o Premium para extrair sem limites.`,
} as const;
