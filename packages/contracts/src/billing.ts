import { type Static, Type } from '@sinclair/typebox';
import { DateTimeSchema, ErrorSchema, Nullable, UuidSchema } from './common.js';
import { BillingMessages, MAX_SECONDS_PER_REPORT, QUOTA_KINDS } from './constants/billing.js';
import { defineRoute } from './route.js';

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
  /** The browser closed its Super Transcritor stream: it is charged and a new key may be minted. */
  streamEnded: Type.Optional(Type.Boolean()),
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

/** The caller's current Premium subscription as Minha Área shows it. */
export const MySubscriptionSchema = Type.Object({
  subscriptionId: Type.String(),
  /** Stripe's subscription status: active, past_due, canceled, ... */
  status: Type.String(),
  isPremium: Type.Boolean(),
  /** Cancelled by the user: Premium lasts until currentPeriodEnd, then the subscription ends. */
  cancelAtPeriodEnd: Type.Boolean(),
  currentPeriodEnd: Nullable(DateTimeSchema),
});
export type MySubscription = Static<typeof MySubscriptionSchema>;

export const MySubscriptionResponseSchema = Type.Object({
  /** null when the caller never subscribed, or only has subscriptions that ended. */
  subscription: Nullable(MySubscriptionSchema),
  /**
   * Stripe's Customer Portal is configured (STRIPE_PORTAL_CONFIGURATION) and the caller is a
   * Stripe customer: Minha Área offers 'Gerenciar assinatura' (POST /api/subscription/portal).
   */
  portalAvailable: Type.Boolean(),
});
export type MySubscriptionResponse = Static<typeof MySubscriptionResponseSchema>;

export const PortalSessionResponseSchema = Type.Object({
  /** Stripe's hosted portal page for this customer; short-lived, opened at once. */
  url: Type.String(),
});
export type PortalSessionResponse = Static<typeof PortalSessionResponseSchema>;

export const CancelSubscriptionResponseSchema = Type.Object({
  message: Type.String(),
  subscription: MySubscriptionSchema,
});
export type CancelSubscriptionResponse = Static<typeof CancelSubscriptionResponseSchema>;

/** One speech session (first final text to 60 s of silence or a stop), counted once per sessionId. */
export const TranscriptionSessionBodySchema = Type.Object({
  sessionId: Type.String({
    format: 'uuid',
    errorMessage: 'Informe em sessionId um identificador (UUID) da sessão de transcrição.',
  }),
});
export type TranscriptionSessionBody = Static<typeof TranscriptionSessionBodySchema>;
export const TranscriptionSessionResponseSchema = Type.Object({
  /** false when this sessionId had already been counted (a retried call). */
  counted: Type.Boolean(),
});

export const WebhookResponseSchema = Type.Object({ received: Type.Boolean() });

const LimitsSchema = Type.Object({
  transcriptionLimit: Type.Integer(),
  formattingLimit: Type.Integer(),
  pdfLimit: Type.Integer(),
  aiRequestLimit: Type.Integer(),
  storageLimit: Type.Integer(),
  /** PDF text extractions a month (issue 24); -1: unlimited. */
  extractionLimit: Type.Integer(),
});

export const UserMetricsSchema = Type.Object({
  currentMonth: Type.Object({
    transcriptionCount: Type.Integer({ minimum: 0 }),
    formattingCount: Type.Integer({ minimum: 0 }),
    pdfGenerationCount: Type.Integer({ minimum: 0 }),
    aiRequestCount: Type.Integer({ minimum: 0 }),
    /** PDF text extractions this month (issue 24). */
    extractionCount: Type.Integer({ minimum: 0 }),
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
  /** What the user stores (custom templates, signed documents, certificate), in MB of 10^6 bytes. */
  storageUsedMB: Type.Number({ minimum: 0 }),
  /** The same, exact. */
  storageUsedBytes: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Who the row is about, as billing last heard from auth (the month view lists many users). */
  email: Type.Optional(Nullable(Type.String())),
  fullName: Type.Optional(Nullable(Type.String())),
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
  mySubscription: defineRoute({
    method: 'GET',
    url: '/api/subscription',
    access: 'user',
    summary: "The caller's current Premium subscription (null when none is running)",
    tags,
    response: { 200: MySubscriptionResponseSchema },
  }),
  cancelSubscription: defineRoute({
    method: 'POST',
    url: '/api/subscription/cancel',
    access: 'user',
    summary:
      "Cancel the caller's Premium at the end of the paid period (Stripe cancel_at_period_end)",
    tags,
    response: { 200: CancelSubscriptionResponseSchema, 404: ErrorSchema, 502: ErrorSchema },
  }),
  subscriptionPortal: defineRoute({
    method: 'POST',
    url: '/api/subscription/portal',
    access: 'user',
    summary:
      'A Stripe Customer Portal session for the caller (POST /v1/billing_portal/sessions); 503 when it is not configured',
    tags,
    response: { 200: PortalSessionResponseSchema, 404: ErrorSchema, 502: ErrorSchema },
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
  countTranscriptionSession: defineRoute({
    method: 'POST',
    url: '/api/user-metrics/transcription-sessions',
    access: 'user',
    summary:
      "Count one speech session in the caller's monthly transcriptions (a retry with the same sessionId counts once)",
    tags,
    body: TranscriptionSessionBodySchema,
    response: { 200: TranscriptionSessionResponseSchema },
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
export const StorageCheckBodySchema = Type.Object({
  /** Bytes the caller is about to add (a replaced item: the growth only; 0 just reads). */
  bytes: Type.Integer({ minimum: 0 }),
});
export type StorageCheckBody = Static<typeof StorageCheckBodySchema>;
export const StorageCheckResponseSchema = Type.Object({
  allowed: Type.Boolean(),
  usedBytes: Type.Integer({ minimum: 0 }),
  /** The plan's storage limit in bytes. */
  limitBytes: Type.Integer({ minimum: 0 }),
});
export type StorageCheckResponse = Static<typeof StorageCheckResponseSchema>;

export const BillingInternalRoutes = {
  checkStorage: defineRoute({
    method: 'POST',
    url: '/internal/quota/storage',
    access: 'user',
    summary:
      "Internal: may the forwarded user store `bytes` more? (429 past the plan's storage limit)",
    tags: ['internal'],
    body: StorageCheckBodySchema,
    response: { 200: StorageCheckResponseSchema },
  }),
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
