import type {
  ChangePasswordBody,
  CurrentUser,
  EmailChangeBody,
  EmailConfirmBody,
  EmailConfirmResponse,
  LoginBody,
  LoginResponse,
  MessageBody,
  ProfessionalVerification,
  ProfileBody,
  RegisterBody,
  VerificationCertificateBody,
  VerificationEvidenceBody,
} from '@pv/contracts';
import { fetchCurrentUser } from '@pv/web-kit';
import { api } from './base';

/** GET /api/terms/current. */
export interface CurrentTerms {
  version: string;
  title: string;
  content: string;
  effectiveDate: string;
}

/** POST /auth/register answers the new user, already signed in. */
export interface RegisterResponse {
  user: CurrentUser;
  message: string;
}

/** Everything that belongs to one signed-in person: refetched after login, logout or sign-up. */
const PER_USER_TAGS = [
  'CurrentUser',
  'Profile',
  'UserMetrics',
  'UserTemplates',
  'SpeechUsage',
  'Subscription',
] as const;

/** The current user is cached for 5 minutes. */
const CURRENT_USER_CACHE_SECONDS = 5 * 60;

/**
 * The signed-in user. A 401 on the current user means "anonymous", not an error, so
 * the query resolves to `null` and no component has to tell the two apart.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser | null, void>({
      queryFn: fetchCurrentUser,
      keepUnusedDataFor: CURRENT_USER_CACHE_SECONDS,
      providesTags: ['CurrentUser'],
    }),
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      invalidatesTags: [...PER_USER_TAGS],
    }),
    register: build.mutation<RegisterResponse, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      invalidatesTags: [...PER_USER_TAGS],
    }),
    /** The caller clears the whole cache afterwards (see `useLogout`). */
    logout: build.mutation<MessageBody, void>({
      query: () => ({ url: '/auth/logout', method: 'POST', body: {} }),
    }),
    changePassword: build.mutation<MessageBody, ChangePasswordBody>({
      // The forced-change dialog refetches the user itself, after its redirect pause.
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
    getCurrentTerms: build.query<CurrentTerms, void>({
      query: () => '/api/terms/current',
      providesTags: ['Terms'],
    }),
    /** PUT /api/profile answers the updated user, which replaces the cached one at once. */
    updateProfile: build.mutation<CurrentUser, ProfileBody>({
      query: (body) => ({ url: '/api/profile', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // The form shows the error; the cached user stays as it was.
        }
      },
    }),
    /** Issue 23 item 1: the confirmation page posts the link's token (from the URL fragment). */
    confirmEmail: build.mutation<EmailConfirmResponse, EmailConfirmBody>({
      query: (body) => ({ url: '/auth/email/confirm', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    resendEmailConfirmation: build.mutation<MessageBody, void>({
      query: () => ({ url: '/auth/email/resend', method: 'POST', body: {} }),
    }),
    changeEmail: build.mutation<MessageBody, EmailChangeBody>({
      query: (body) => ({ url: '/auth/email/change', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    /** Issue 23: verify registry + CPF with an ICP-Brasil certificate of the same CPF. */
    verifyByCertificate: build.mutation<ProfessionalVerification, VerificationCertificateBody>({
      query: (body) => ({ url: '/api/profile/verification/certificate', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    /** Issue 23: a photo or PDF of the council card for staff review. */
    sendVerificationEvidence: build.mutation<MessageBody, VerificationEvidenceBody>({
      query: (body) => ({ url: '/api/profile/verification/evidence', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useGetCurrentTermsQuery,
  useUpdateProfileMutation,
  useVerifyByCertificateMutation,
  useSendVerificationEvidenceMutation,
  useConfirmEmailMutation,
  useResendEmailConfirmationMutation,
  useChangeEmailMutation,
} = authApi;

export type Viewer =
  | { kind: 'loading' }
  | { kind: 'anonymous' }
  | { kind: 'user'; user: CurrentUser; isPremium: boolean; isAdmin: boolean };

/** Premium is isPremium or an active subscription. */
export function isPremiumUser(
  user: Pick<CurrentUser, 'isPremium' | 'subscriptionStatus'>,
): boolean {
  return user.isPremium || user.subscriptionStatus === 'active';
}

/** Council, UF and number: what the documents service needs to print the registry line. */
export const hasRegistry = (
  user: Pick<CurrentUser, 'professionalRegistry' | 'registryNumber' | 'registryUf'>,
) => Boolean(user.professionalRegistry && user.registryNumber && user.registryUf);

/** Who is looking at the page: the access rules of every card read this. */
export function useViewer(): Viewer {
  const { data, isLoading } = useGetCurrentUserQuery();
  if (isLoading) return { kind: 'loading' };
  if (!data) return { kind: 'anonymous' };
  return {
    kind: 'user',
    user: data,
    isPremium: isPremiumUser(data),
    isAdmin: data.isAdmin,
  };
}
