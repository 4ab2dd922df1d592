import type { CurrentUser } from '@pv/contracts';
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
  }),
});

export const { useGetCurrentUserQuery } = authApi;
