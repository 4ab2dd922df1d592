import type {
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginResponse,
  MessageBody,
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
      invalidatesTags: ['CurrentUser'],
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
} = authApi;
