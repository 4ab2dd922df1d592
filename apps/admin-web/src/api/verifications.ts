import type { VerificationQueueEntry } from '@pv/contracts';
import { api, apiBaseUrl } from './base';

/** 'Verificações' (issue 23): the professionals waiting for staff review, and the decisions. */
export const verificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    verificationQueue: build.query<VerificationQueueEntry[], void>({
      query: () => '/api/admin/verifications',
      providesTags: ['Verifications'],
      // The queue changes under other reviewers: asked again each time the tab opens.
      keepUnusedDataFor: 0,
    }),
    approveVerification: build.mutation<{ message: string }, string>({
      query: (userId) => ({
        url: `/api/admin/verifications/${userId}/approve`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: ['Verifications', 'Users', 'UserProfile'],
    }),
    refuseVerification: build.mutation<{ message: string }, { userId: string; reason: string }>({
      query: ({ userId, reason }) => ({
        url: `/api/admin/verifications/${userId}/refuse`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Verifications', 'Users', 'UserProfile'],
    }),
  }),
});

/** Opened in a new tab (the cookie goes with it); each opening is audited by auth. */
export const evidenceUrl = (userId: string) =>
  `${apiBaseUrl()}/api/admin/verifications/${userId}/evidence`;

export const {
  useVerificationQueueQuery,
  useApproveVerificationMutation,
  useRefuseVerificationMutation,
} = verificationsApi;
