import type { CurrentUser } from '@pv/contracts';
import { api } from './base';

/**
 * The signed-in user. A 401 means "not signed in": the query resolves to `null` so the console
 * shows the access denial instead of an error.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/auth/user');
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: result.data as CurrentUser };
      },
      providesTags: ['CurrentUser'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = authApi;
