import { type Static, Type } from '@sinclair/typebox';
import { UserStatusSchema } from './auth.js';
import { DateTimeSchema, IdParamsSchema, MessageSchema, Nullable, UuidSchema } from './common.js';
import {
  ANALYTICS_PERIODS,
  AnalyticsMessages,
  DEFAULT_ANALYTICS_PERIOD,
  MARKETING_MESSAGE_TYPES,
} from './constants/analytics.js';
import { defineRoute } from './route.js';

const tags = ['analytics'];
const adminTags = ['analytics', 'admin'];

// ---- page views -------------------------------------------------------------------------------

export const PageViewBodySchema = Type.Object({
  path: Type.String({
    minLength: 1,
    maxLength: 2_048,
    pattern: '^/',
    errorMessage: AnalyticsMessages.invalidPath,
  }),
  app: Type.Union([Type.Literal('workspace'), Type.Literal('admin')], {
    errorMessage: AnalyticsMessages.invalidApp,
  }),
  referrer: Type.Optional(Nullable(Type.String({ maxLength: 2_048 }))),
});
export type PageViewBody = Static<typeof PageViewBodySchema>;

/** What a page view answers: it was counted (202), nothing else to say. */
export const PageViewAcceptedSchema = Type.Object({ recorded: Type.Boolean() });

// ---- site analytics and visitor tracking ------------------------------------------------------

export const SiteAnalyticsQuerySchema = Type.Object({
  days: Type.Optional(
    Type.Union(
      ANALYTICS_PERIODS.map((d) => Type.Literal(d)),
      { default: DEFAULT_ANALYTICS_PERIOD, errorMessage: AnalyticsMessages.invalidPeriod },
    ),
  ),
});
export type SiteAnalyticsQuery = Static<typeof SiteAnalyticsQuerySchema>;

const Count = Type.Integer({ minimum: 0 });

export const SiteAnalyticsSchema = Type.Object({
  /** The period asked for: `days` São Paulo calendar days ending today. */
  period: Type.Object({
    days: Type.Integer(),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
  }),
  summary: Type.Object({
    /** Sum of each day's unique visitors (one address counts once per day). */
    totalVisitors: Count,
    totalPageViews: Count,
    totalAiRequests: Count,
    totalAiTokensUsed: Count,
    /** totalVisitors / days, one decimal. */
    avgDailyVisitors: Type.Number({ minimum: 0 }),
    /** totalPageViews / days, one decimal. */
    avgDailyPageViews: Type.Number({ minimum: 0 }),
  }),
  todayAnalytics: Type.Object({
    uniqueVisitors: Count,
    totalPageViews: Count,
    totalAiRequests: Count,
    totalAiTokensUsed: Count,
  }),
  /** One entry per day of the period, oldest first, days without visits included as zeros. */
  analytics: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      uniqueVisitors: Count,
      totalPageViews: Count,
    }),
  ),
});
export type SiteAnalytics = Static<typeof SiteAnalyticsSchema>;

export const VisitorSchema = Type.Object({
  /** When the page was viewed. */
  date: DateTimeSchema,
  ipAddress: Type.String(),
  userAgent: Type.String(),
  /** The signed-in user, or null for an anonymous visitor ('Anônimo'). */
  userId: Nullable(UuidSchema),
});
export type Visitor = Static<typeof VisitorSchema>;

export const VisitorTrackingSchema = Type.Object({
  /** Page views today (São Paulo). */
  todayCount: Count,
  /** Distinct addresses today. */
  uniqueIpsToday: Count,
  /** Page views in the last 7 days, today included (the list below is bounded). */
  totalLast7Days: Count,
  /** The newest page views of the last 7 days, newest first, at most 500. */
  visitors: Type.Array(VisitorSchema),
});
export type VisitorTracking = Static<typeof VisitorTrackingSchema>;

// ---- admin dashboard --------------------------------------------------------------------------

export const RecentUserSchema = Type.Object({
  id: UuidSchema,
  fullName: Type.String(),
  email: Type.String(),
  isAdmin: Type.Boolean(),
  isPremium: Type.Boolean(),
  userStatus: UserStatusSchema,
  createdAt: DateTimeSchema,
  /** null: never logged in ('Nunca'). */
  lastLoginAt: Nullable(DateTimeSchema),
});
export type RecentUser = Static<typeof RecentUserSchema>;

export const AdminDashboardSchema = Type.Object({
  totalUsers: Count,
  /** Users whose userStatus is active. */
  activeUsers: Count,
  premiumUsers: Count,
  /** premiumUsers / totalUsers * 100, one decimal (0 without users). */
  premiumPercentage: Type.Number({ minimum: 0, maximum: 100 }),
  /** The current calendar month in São Paulo, 'YYYY-MM'. */
  month: Type.String(),
  aiRequestsThisMonth: Count,
  /** Estimated AI cost of the month in USD, a decimal string with 6 places (shown with 4). */
  aiCostUSDThisMonth: Type.String(),
  /** The 5 most recently registered users, newest first. */
  recentUsers: Type.Array(RecentUserSchema),
});
export type AdminDashboard = Static<typeof AdminDashboardSchema>;

// ---- marketing messages -----------------------------------------------------------------------

export const MarketingMessageTypeSchema = Type.Union(
  MARKETING_MESSAGE_TYPES.map((t) => Type.Literal(t)),
  { errorMessage: AnalyticsMessages.invalidMessageType },
);

export const MarketingMessageSchema = Type.Object({
  id: UuidSchema,
  type: MarketingMessageTypeSchema,
  title: Type.String(),
  message: Type.String(),
  displayOrder: Type.Integer(),
  isActive: Type.Boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type MarketingMessage = Static<typeof MarketingMessageSchema>;

/** What the workspace shows. */
export const PromotionSchema = Type.Object({
  id: UuidSchema,
  title: Type.String(),
  message: Type.String(),
});
export type Promotion = Static<typeof PromotionSchema>;

export const PromotionsQuerySchema = Type.Object({
  /** signup for logged-out visitors (the default), premium for free users. */
  type: Type.Optional(MarketingMessageTypeSchema),
});

const NonBlank = (max: number, errorMessage: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', errorMessage });

/**
 * displayOrder "is numeric and falls back to 0": a whole number (or numeric text) of
 * 0 or more is kept; anything else, missing or null included, is stored as 0.
 */
const LenientDisplayOrderSchema = Type.Unknown({
  description:
    'Whole number >= 0 (numeric text accepted); missing, null or anything else falls back to 0',
});

export const CreateMarketingMessageBodySchema = Type.Object({
  /** Defaults to signup. */
  type: Type.Optional(MarketingMessageTypeSchema),
  title: NonBlank(200, AnalyticsMessages.titleRequired),
  message: NonBlank(2_000, AnalyticsMessages.messageRequired),
  displayOrder: Type.Optional(LenientDisplayOrderSchema),
  isActive: Type.Optional(Type.Boolean()),
});
export type CreateMarketingMessageBody = Static<typeof CreateMarketingMessageBodySchema>;
export const UpdateMarketingMessageBodySchema = Type.Partial(CreateMarketingMessageBodySchema);
export type UpdateMarketingMessageBody = Static<typeof UpdateMarketingMessageBodySchema>;

export const AnalyticsRoutes = {
  recordPageView: defineRoute({
    method: 'POST',
    url: '/api/analytics/page-view',
    access: 'public',
    summary:
      'Count a page view of the workspace or the admin console (address, user agent and user recorded; 429 past the per-address limit)',
    tags,
    body: PageViewBodySchema,
    response: { 202: PageViewAcceptedSchema },
  }),
  siteAnalytics: defineRoute({
    method: 'GET',
    url: '/api/admin/site-analytics',
    access: 'admin',
    summary:
      'Visitors, page views, AI requests and tokens over 7, 30 or 90 São Paulo days (default 30), with today and a daily list',
    tags: adminTags,
    querystring: SiteAnalyticsQuerySchema,
    response: { 200: SiteAnalyticsSchema },
  }),
  visitorTracking: defineRoute({
    method: 'GET',
    url: '/api/admin/visitor-tracking',
    access: 'admin',
    summary: "Today's page views and addresses, and the newest page views of the last 7 days",
    tags: adminTags,
    response: { 200: VisitorTrackingSchema },
  }),
  dashboard: defineRoute({
    method: 'GET',
    url: '/api/admin/dashboard',
    access: 'admin',
    summary:
      'Users (total, active, Premium and its share), AI requests and estimated cost this month, the 5 newest users',
    tags: adminTags,
    response: { 200: AdminDashboardSchema },
  }),
  listPromotions: defineRoute({
    method: 'GET',
    url: '/api/marketing-messages',
    access: 'public',
    summary:
      'Active marketing messages of a type (signup by default), by display order then creation',
    tags,
    querystring: PromotionsQuerySchema,
    response: { 200: Type.Array(PromotionSchema) },
  }),
  marketingMessages: {
    list: defineRoute({
      method: 'GET',
      url: '/api/admin/marketing-messages',
      access: 'admin',
      summary: 'Every marketing message, active or not, by type, display order and creation',
      tags: adminTags,
      response: { 200: Type.Array(MarketingMessageSchema) },
    }),
    create: defineRoute({
      method: 'POST',
      url: '/api/admin/marketing-messages',
      access: 'admin',
      summary: 'Create a marketing message',
      tags: adminTags,
      body: CreateMarketingMessageBodySchema,
      response: { 201: MarketingMessageSchema },
    }),
    update: defineRoute({
      method: 'PUT',
      url: '/api/admin/marketing-messages/:id',
      access: 'admin',
      summary: 'Edit a marketing message (only the fields sent change)',
      tags: adminTags,
      params: IdParamsSchema,
      body: UpdateMarketingMessageBodySchema,
      response: { 200: MarketingMessageSchema },
    }),
    remove: defineRoute({
      method: 'DELETE',
      url: '/api/admin/marketing-messages/:id',
      access: 'admin',
      summary: 'Delete a marketing message',
      tags: adminTags,
      params: IdParamsSchema,
      response: { 200: MessageSchema },
    }),
  },
} as const;
