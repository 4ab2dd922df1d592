import type {
  AdminCreateUserBody,
  AdminUpdateUserBody,
  AdminUser,
  AdminUserList,
  AdminUserListQuery,
  AuthRoutes,
  MessageBody,
  MonthlyUsage,
  PremiumSubscription,
  ResetPasswordBody,
} from '@pv/contracts';
import { DEFAULT_USERS_PER_PAGE } from '@pv/contracts/constants';
import { api, type SchemaType } from './base';

export type LoginHistoryEntry = SchemaType<
  (typeof AuthRoutes)['adminLoginHistory']['response'][200]
>[number];
export type AdminCreateUserResponse = SchemaType<
  (typeof AuthRoutes)['adminCreateUser']['response'][201]
>;

/** Users of the console: the auth service's admin routes. */
/** The list the Usuários tab opens on (no search, no sort): fetched while the tab's code loads. */
export const FIRST_USERS_PAGE = {
  page: 1,
  limit: DEFAULT_USERS_PER_PAGE,
} satisfies AdminUserListQuery;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of users, searched and sorted on the server (issue 17). */
    listUsers: build.query<AdminUserList, AdminUserListQuery>({
      query: (args) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(args)) {
          if (value !== undefined && value !== '') params.set(key, String(value));
        }
        return `/api/admin/users?${params.toString()}`;
      },
      providesTags: ['Users'],
    }),
    createUser: build.mutation<AdminCreateUserResponse, AdminCreateUserBody>({
      query: (body) => ({ url: '/api/admin/users', method: 'POST', body }),
      invalidatesTags: ['Users', 'Dashboard'],
    }),
    updateUser: build.mutation<AdminUser, { id: string; body: AdminUpdateUserBody }>({
      query: ({ id, body }) => ({ url: `/api/admin/users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Users', 'UserProfile', 'Dashboard'],
    }),
    deleteUser: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/api/admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Users', 'Dashboard'],
    }),
    resetPassword: build.mutation<MessageBody, ResetPasswordBody>({
      query: (body) => ({ url: '/api/admin/reset-password', method: 'POST', body }),
    }),
    userProfile: build.query<AdminUser, string>({
      query: (id) => `/api/admin/user-profile/${id}`,
      providesTags: ['UserProfile'],
    }),
    loginHistory: build.query<LoginHistoryEntry[], string>({
      query: (userId) => `/api/admin/login-history/${userId}`,
      providesTags: ['UserProfile'],
    }),
    userUsage: build.query<MonthlyUsage[], string>({
      query: (userId) => `/api/admin/usage-metrics/${userId}`,
      providesTags: ['UserProfile'],
    }),
    /** Every user's counters in one month (billing), busiest first. */
    monthUsage: build.query<MonthlyUsage[], { year: number; month: number }>({
      query: ({ year, month }) => `/api/admin/usage-metrics?year=${year}&month=${month}`,
      providesTags: ['Dashboard'],
    }),
    userSubscriptions: build.query<PremiumSubscription[], string>({
      query: (userId) => `/api/admin/premium-subscriptions/${userId}`,
      providesTags: ['UserProfile'],
    }),
  }),
});

export const {
  useListUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useResetPasswordMutation,
  useUserProfileQuery,
  useLoginHistoryQuery,
  useUserUsageQuery,
  useMonthUsageQuery,
  useUserSubscriptionsQuery,
} = usersApi;
