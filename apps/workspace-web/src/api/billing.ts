import type {
  CancelSubscriptionResponse,
  ConfirmPaymentBody,
  CreateSubscriptionResponse,
  MySubscriptionResponse,
  PortalSessionResponse,
  SubscriptionState,
  UpgradeResponse,
  UserMetrics,
} from '@pv/contracts';
import { api } from './base';

/** The user area's metrics and the Premium purchase (billing service). */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserMetrics: build.query<UserMetrics, void>({
      query: () => '/api/user-metrics',
      providesTags: ['UserMetrics'],
    }),
    /** The caller's running Premium subscription (Minha Área's plan card). */
    getMySubscription: build.query<MySubscriptionResponse, void>({
      query: () => '/api/subscription',
      providesTags: ['Subscription'],
    }),
    /** Cancels at the end of the paid period: Premium lasts until then. */
    cancelSubscription: build.mutation<CancelSubscriptionResponse, void>({
      query: () => ({ url: '/api/subscription/cancel', method: 'POST', body: {} }),
      invalidatesTags: ['Subscription'],
    }),
    /** A Stripe Customer Portal session: its url is opened at once (it expires soon). */
    openSubscriptionPortal: build.mutation<PortalSessionResponse, void>({
      query: () => ({ url: '/api/subscription/portal', method: 'POST', body: {} }),
    }),
    /** A mutation, not a query: every visit to /subscribe starts (or resumes) one subscription. */
    createSubscription: build.mutation<CreateSubscriptionResponse, void>({
      query: () => ({ url: '/api/create-subscription', method: 'POST', body: {} }),
    }),
    confirmPayment: build.mutation<SubscriptionState, ConfirmPaymentBody>({
      query: (body) => ({ url: '/api/confirm-payment', method: 'POST', body }),
      invalidatesTags: ['CurrentUser', 'UserMetrics', 'SpeechUsage', 'Subscription'],
    }),
    /** The upgrade call after payment (docs/decisions.md, "Billing"). */
    upgradeSubscription: build.mutation<UpgradeResponse, { subscriptionId: string }>({
      query: (body) => ({ url: '/api/subscription/upgrade', method: 'POST', body }),
      invalidatesTags: ['CurrentUser', 'UserMetrics', 'SpeechUsage', 'Subscription'],
    }),
  }),
});

export const {
  useGetUserMetricsQuery,
  useGetMySubscriptionQuery,
  useCancelSubscriptionMutation,
  useOpenSubscriptionPortalMutation,
  useCreateSubscriptionMutation,
  useConfirmPaymentMutation,
  useUpgradeSubscriptionMutation,
} = billingApi;
