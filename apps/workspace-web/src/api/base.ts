import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the workspace. Each service's endpoints live in their own file
 * (`src/api/<service>.ts`) and are added with `api.injectEndpoints`, so the store registers one
 * reducer and one middleware. No retries, no refetch on focus or reconnect, no polling.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    // Absolute, because `Request` outside a browser (component tests) rejects relative URLs.
    baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
    credentials: 'include',
    prepareHeaders: (headers) => {
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      return headers;
    },
  }),
  refetchOnFocus: false,
  refetchOnReconnect: false,
  tagTypes: [
    'CurrentUser',
    'Profile',
    'Terms',
    'UserMetrics',
    'UserTemplates',
    'SpeechUsage',
    'Subscription',
    'MarketingMessages',
    'SigningCertificate',
  ],
  endpoints: () => ({}),
});
