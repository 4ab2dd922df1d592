import type {
  ConfirmPaymentBody,
  CreateSubscriptionResponse,
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
  useCreateSubscriptionMutation,
  useConfirmPaymentMutation,
  useUpgradeSubscriptionMutation,
} = billingApi;
