import type {
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginResponse,
  MessageBody,
  MfaCodeBody,
  MfaEnrolment,
  MfaRecoveryCodes,
  MfaStatus,
  MfaVerifyBody,
} from '@pv/contracts';
import { fetchCurrentUser } from '@pv/web-kit';
import { api } from './base';

/**
 * The signed-in user. A 401 means "not signed in": the query resolves to `null` so the console
 * shows the access denial instead of an error.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser | null, void>({
      queryFn: fetchCurrentUser,
      providesTags: ['CurrentUser'],
    }),
    /** The console's own sign-in (the admin host does not reach the workspace's login page). */
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      invalidatesTags: ['CurrentUser', 'MfaStatus'],
    }),
    /** Where this session stands with the admins' second factor (issue 23). */
    getMfaStatus: build.query<MfaStatus, void>({
      query: () => '/auth/mfa',
      providesTags: ['MfaStatus'],
    }),
    startMfaEnrolment: build.mutation<MfaEnrolment, void>({
      query: () => ({ url: '/auth/mfa/enrolment', method: 'POST', body: {} }),
    }),
    /** Answers the recovery codes; the status is refetched once the admin has saved them. */
    confirmMfaEnrolment: build.mutation<MfaRecoveryCodes, MfaCodeBody>({
      query: (body) => ({ url: '/auth/mfa/enrolment/confirm', method: 'POST', body }),
    }),
    verifyMfa: build.mutation<MfaStatus, MfaVerifyBody>({
      query: (body) => ({ url: '/auth/mfa/verify', method: 'POST', body }),
      invalidatesTags: ['MfaStatus'],
    }),
    logout: build.mutation<MessageBody, void>({
      query: () => ({ url: '/auth/logout', method: 'POST', body: {} }),
    }),
    changePassword: build.mutation<MessageBody, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useGetMfaStatusQuery,
  useStartMfaEnrolmentMutation,
  useConfirmMfaEnrolmentMutation,
  useVerifyMfaMutation,
} = authApi;
