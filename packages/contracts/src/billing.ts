import { type Static, Type } from '@sinclair/typebox';
import { DateTimeSchema, ErrorSchema, Nullable, UuidSchema } from './common.js';
import { defineRoute } from './route.js';

/** Premium price (spec 2 §1, §9): R$ 29,90 per month, in centavos, renewed monthly. */
export const PREMIUM_PRICE_CENTS = 2990;
export const PREMIUM_CURRENCY = 'brl';

/** Super Transcritor allowance per calendar month in America/Sao_Paulo (spec 1 §9). */
export const SPEECH_ALLOWANCE_SECONDS = { free: 3_600, premium: 36_000 } as const;
/** The calendar month every counter of the product is kept in. */
export const BILLING_TIME_ZONE = 'America/Sao_Paulo';
/** One report never adds more than this: a client reports running sessions every few minutes. */
export const MAX_SECONDS_PER_REPORT = 3_600;

/** Free monthly limits (spec 2 §9); Premium is unlimited (-1) with 10000 of storage. */
export const FREE_LIMITS = {
  transcriptionLimit: 50,
  formattingLimit: 30,
  pdfLimit: 20,
  aiRequestLimit: 100,
  storageLimit: 1000,
} as const;
export const PREMIUM_LIMITS = {
  transcriptionLimit: -1,
  formattingLimit: -1,
  pdfLimit: -1,
  aiRequestLimit: -1,
  storageLimit: 10_000,
} as const;

/** What a metered action is; the formatting and documents services consume one per call. */
export const QUOTA_KINDS = ['formatting', 'pdf'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

export const BillingMessages = {
  // spec 1 §5, literal
  usageLimitTitle: 'Limite de uso atingido',
  usageLimitReached: (minutes: number) =>
    `Você já utilizou todo o tempo disponível do Super Transcritor (${minutes} minutos).`,
  considerUpgrade: 'Considere fazer upgrade para Premium para mais tempo.',
  // spec 1 §8, literal
  speechUnavailable: 'Transcritor alternativo indisponível',
  // designed here (spec silent), documented in docs/decisions.md
  formattingLimit: (limit: number) =>
    `Você atingiu o limite mensal de ${limit} formatações do plano gratuito. Assine o Premium para formatar sem limites.`,
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
  speechProviderError:
    'Não foi possível obter uma chave do Super Transcritor agora. Tente novamente em instantes.',
  monthRequired: 'Informe year e month (1 a 12) para consultar as métricas de uso.',
} as const;

const tags = ['billing'];
const adminTags = ['billing', 'admin'];

export const SpeechUsageSchema = Type.Object({ usedSeconds: Type.Integer({ minimum: 0 }) });
export type SpeechUsage = Static<typeof SpeechUsageSchema>;

export const AddSpeechUsageBodySchema = Type.Object({
  secondsToAdd: Type.Integer({
    minimum: 0,
    maximum: MAX_SECONDS_PER_REPORT,
    errorMessage: BillingMessages.secondsToAdd,
  }),
});
export type AddSpeechUsageBody = Static<typeof AddSpeechUsageBodySchema>;

export const TemporaryKeySchema = Type.Object({
  apiKey: Type.String(),
  expiresAt: DateTimeSchema,
  /** Seconds of Super Transcritor the key's session may last: the allowance left this month. */
  maxSessionSeconds: Type.Integer({ minimum: 1 }),
  /**
   * Where the browser opens the realtime socket with this key (billing's SONIOX_WS_URL), so the
   * address is the server's run-time setting, not baked into the SPA's build.
   */
  wsUrl: Type.Optional(Type.String({ pattern: '^wss?://' })),
});
export type TemporaryKey = Static<typeof TemporaryKeySchema>;

export const CreateSubscriptionResponseSchema = Type.Object({
  clientSecret: Type.String(),
  subscriptionId: Type.String(),
  message: Type.String(),
  /** Stripe.js needs it to mount the card form; the SPA reads it from here. */
  publishableKey: Type.String(),
});
export type CreateSubscriptionResponse = Static<typeof CreateSubscriptionResponseSchema>;

export const SubscriptionStateSchema = Type.Object({
  message: Type.String(),
  subscriptionId: Type.String(),
  /** Stripe's subscription status: incomplete, active, past_due, canceled, ... */
  subscriptionStatus: Type.String(),
  isPremium: Type.Boolean(),
});
export type SubscriptionState = Static<typeof SubscriptionStateSchema>;

export const ConfirmPaymentBodySchema = Type.Object({
  paymentIntentId: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^pi_',
    errorMessage: 'Informe o paymentIntentId devolvido pelo provedor de pagamentos.',
  }),
  subscriptionId: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^sub_',
    errorMessage: 'Informe o subscriptionId devolvido ao criar a assinatura.',
  }),
});
export type ConfirmPaymentBody = Static<typeof ConfirmPaymentBodySchema>;

export const UpgradeBodySchema = Type.Object({
  subscriptionId: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^sub_',
    errorMessage: 'Informe o subscriptionId devolvido ao criar a assinatura.',
  }),
});
export type UpgradeBody = Static<typeof UpgradeBodySchema>;

export const UpgradeResponseSchema = Type.Intersect([
  SubscriptionStateSchema,
  Type.Object({ upgraded: Type.Boolean() }),
]);
export type UpgradeResponse = Static<typeof UpgradeResponseSchema>;

export const WebhookResponseSchema = Type.Object({ received: Type.Boolean() });

const LimitsSchema = Type.Object({
  transcriptionLimit: Type.Integer(),
  formattingLimit: Type.Integer(),
  pdfLimit: Type.Integer(),
  aiRequestLimit: Type.Integer(),
  storageLimit: Type.Integer(),
});

export const UserMetricsSchema = Type.Object({
  currentMonth: Type.Object({
    transcriptionCount: Type.Integer({ minimum: 0 }),
    formattingCount: Type.Integer({ minimum: 0 }),
    pdfGenerationCount: Type.Integer({ minimum: 0 }),
    aiRequestCount: Type.Integer({ minimum: 0 }),
    /** Seconds of Super Transcritor used this month. */
    sessionDuration: Type.Integer({ minimum: 0 }),
  }),
  limits: LimitsSchema,
  totalUsage: Type.Object({
    totalTranscriptions: Type.Integer({ minimum: 0 }),
    totalFormatting: Type.Integer({ minimum: 0 }),
    totalPDFs: Type.Integer({ minimum: 0 }),
    totalAIRequests: Type.Integer({ minimum: 0 }),
    memberSince: Nullable(DateTimeSchema),
  }),
});
export type UserMetrics = Static<typeof UserMetricsSchema>;

export const MonthlyUsageSchema = Type.Object({
  userId: UuidSchema,
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  year: Type.Integer(),
  loginCount: Type.Integer({ minimum: 0 }),
  transcriptionCount: Type.Integer({ minimum: 0 }),
  pdfGenerationCount: Type.Integer({ minimum: 0 }),
  aiRequestCount: Type.Integer({ minimum: 0 }),
  /** Estimated AI cost in USD, a decimal string (e.g. "0.0123"). */
  aiCostUSD: Type.String(),
  storageUsedMB: Type.Number({ minimum: 0 }),
});
export type MonthlyUsage = Static<typeof MonthlyUsageSchema>;

export const UsageMonthQuerySchema = Type.Object({
  year: Type.Integer({ minimum: 2000, maximum: 9999, errorMessage: BillingMessages.monthRequired }),
  month: Type.Integer({ minimum: 1, maximum: 12, errorMessage: BillingMessages.monthRequired }),
});

export const PremiumSubscriptionSchema = Type.Object({
  subscriptionId: Type.String(),
  subscriptionType: Type.String(),
  isActive: Type.Boolean(),
  status: Type.String(),
  startDate: Nullable(DateTimeSchema),
  endDate: Nullable(DateTimeSchema),
  /** Decimal string in the currency's unit, e.g. "29.90". */
  paymentAmount: Type.String(),
  paymentCurrency: Type.String(),
  paymentMethod: Type.String(),
});
export type PremiumSubscription = Static<typeof PremiumSubscriptionSchema>;

const UserIdParamsSchema = Type.Object({ userId: UuidSchema });

export const BillingRoutes = {
  getSpeechUsage: defineRoute({
    method: 'GET',
    url: '/api/super-transcritor/usage',
    access: 'user',
    summary: 'Seconds of Super Transcritor the caller used this month (America/Sao_Paulo)',
    tags,
    response: { 200: SpeechUsageSchema },
  }),
  addSpeechUsage: defineRoute({
    method: 'POST',
    url: '/api/super-transcritor/usage',
    access: 'user',
    summary: 'Add seconds of Super Transcritor use; refused (429) once the allowance is used up',
    tags,
    body: AddSpeechUsageBodySchema,
    response: { 200: SpeechUsageSchema },
  }),
  sonioxTemporaryKey: defineRoute({
    method: 'POST',
    url: '/api/soniox/temporary-key',
    access: 'user',
    summary:
      'A short-lived Soniox key whose session is limited to the allowance left (503 without SONIOX_API_KEY)',
    tags,
    response: { 200: TemporaryKeySchema, 502: ErrorSchema },
  }),
  createSubscription: defineRoute({
    method: 'POST',
    url: '/api/create-subscription',
    access: 'user',
    summary: 'Start a Premium subscription (R$ 29,90/month); the client secret confirms the card',
    tags,
    response: { 200: CreateSubscriptionResponseSchema, 502: ErrorSchema },
  }),
  confirmPayment: defineRoute({
    method: 'POST',
    url: '/api/confirm-payment',
    access: 'user',
    summary: "Check the caller's payment with Stripe and activate Premium when it succeeded",
    tags,
    body: ConfirmPaymentBodySchema,
    response: { 200: SubscriptionStateSchema, 402: ErrorSchema, 502: ErrorSchema },
  }),
  upgrade: defineRoute({
    method: 'POST',
    url: '/api/subscription/upgrade',
    access: 'user',
    summary: "The upgrade after payment: Premium when the caller's subscription is active",
    tags,
    body: UpgradeBodySchema,
    response: { 200: UpgradeResponseSchema, 502: ErrorSchema },
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    url: '/api/stripe/webhook',
    access: 'public',
    summary: 'Stripe events (signed): invoice paid or failed, subscription updated or deleted',
    tags,
    response: { 200: WebhookResponseSchema },
  }),
  userMetrics: defineRoute({
    method: 'GET',
    url: '/api/user-metrics',
    access: 'user',
    summary: "The caller's usage this month, plan limits and totals",
    tags,
    response: { 200: UserMetricsSchema },
  }),
  adminUserUsage: defineRoute({
    method: 'GET',
    url: '/api/admin/usage-metrics/:userId',
    access: 'admin',
    summary: "A user's monthly usage, newest month first",
    tags: adminTags,
    params: UserIdParamsSchema,
    response: { 200: Type.Array(MonthlyUsageSchema) },
  }),
  adminMonthUsage: defineRoute({
    method: 'GET',
    url: '/api/admin/usage-metrics',
    access: 'admin',
    summary: "Every user's usage in one month",
    tags: adminTags,
    querystring: UsageMonthQuerySchema,
    response: { 200: Type.Array(MonthlyUsageSchema) },
  }),
  adminPremiumSubscriptions: defineRoute({
    method: 'GET',
    url: '/api/admin/premium-subscriptions/:userId',
    access: 'admin',
    summary: "A user's Premium subscriptions, newest first",
    tags: adminTags,
    params: UserIdParamsSchema,
    response: { 200: Type.Array(PremiumSubscriptionSchema) },
  }),
} as const;

// ---- Internal: service-to-service, never routed by the gateway (not in allRouteContracts) ----

export const QuotaConsumeBodySchema = Type.Object({
  kind: Type.Union(QUOTA_KINDS.map((k) => Type.Literal(k))),
  /** Chosen by the caller; a retried call with the same id reserves once. */
  reservationId: UuidSchema,
});
export type QuotaConsumeBody = Static<typeof QuotaConsumeBodySchema>;

export const QuotaConsumeResponseSchema = Type.Object({
  allowed: Type.Boolean(),
  kind: Type.String(),
  /** -1 for unlimited (Premium). */
  limit: Type.Integer(),
  used: Type.Integer({ minimum: 0 }),
});
export type QuotaConsumeResponse = Static<typeof QuotaConsumeResponseSchema>;

export const QuotaReleaseBodySchema = Type.Object({ reservationId: UuidSchema });
export const QuotaReleaseResponseSchema = Type.Object({ released: Type.Boolean() });

/**
 * Billing's internal API. Paths under /internal are not in the gateway's routing table, so only
 * processes inside the network reach them; the caller's session is forwarded and verified.
 */
export const BillingInternalRoutes = {
  consumeQuota: defineRoute({
    method: 'POST',
    url: '/internal/quota/consume',
    access: 'user',
    summary:
      'Internal: reserve one metered action for the forwarded user, atomically (429 at the limit)',
    tags: ['internal'],
    body: QuotaConsumeBodySchema,
    response: { 200: QuotaConsumeResponseSchema },
  }),
  releaseQuota: defineRoute({
    method: 'POST',
    url: '/internal/quota/release',
    access: 'user',
    summary: 'Internal: give back a reservation whose action failed',
    tags: ['internal'],
    body: QuotaReleaseBodySchema,
    response: { 200: QuotaReleaseResponseSchema },
  }),
} as const;
