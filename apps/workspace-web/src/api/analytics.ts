import type { PageViewBody, Promotion } from '@pv/contracts';
import type { MarketingMessageType } from '@pv/contracts/constants';
import { api } from './base';

/** Page views and the public promotions (analytics service). */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Fire-and-forget: dispatched with `track: false`, its result is never read. */
    recordPageView: build.mutation<{ recorded: boolean }, PageViewBody>({
      query: (body) => ({ url: '/api/analytics/page-view', method: 'POST', body }),
    }),
    getPromotions: build.query<Promotion[], MarketingMessageType>({
      query: (type) => `/api/marketing-messages?type=${type}`,
      providesTags: ['MarketingMessages'],
    }),
  }),
});

export const { useGetPromotionsQuery } = analyticsApi;
