import type {
  CancelSubscriptionResponse,
  ConfirmPaymentBody,
  CreateSubscriptionResponse,
  MySubscriptionResponse,
  SubscriptionState,
  UpgradeResponse,
  UserMetrics,
} from '@pv/contracts';
import { api } from './base';

/** The user area's metrics and the Premium purchase (billing service, spec 2 §7). */
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
  useCreateSubscriptionMutation,
  useConfirmPaymentMutation,
  useUpgradeSubscriptionMutation,
} = billingApi;
