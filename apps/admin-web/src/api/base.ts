import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * Where the API lives. Same origin by default: in one-machine mode the gateway serves this app
 * under /admin, and in production the admin subdomain's ingress reaches the same gateway.
 * VITE_API_BASE_URL (build time) points the console at another origin when needed.
 */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_BASE_URL as string | undefined;
  if (configured) return configured.replace(/\/+$/, '');
  // Absolute, because `Request` outside a browser (component tests) rejects relative URLs.
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * The one RTK Query API of the console. Each service's endpoints live in their own file
 * (`src/api/<service>.ts`) and are added with `api.injectEndpoints`. Cached data never
 * goes stale, no retries, no refetch on focus or reconnect.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: apiBaseUrl(),
    credentials: 'include',
    prepareHeaders: (headers) => {
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      return headers;
    },
  }),
  keepUnusedDataFor: 3600,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  tagTypes: [
    'CurrentUser',
    'MfaStatus',
    'Dashboard',
    'Users',
    'UserProfile',
    'Tickets',
    'Content',
    'Analytics',
    'VaultRecords',
    'Verifications',
  ],
  endpoints: () => ({}),
});

/** The static type of a TypeBox schema from @pv/contracts (without depending on TypeBox here). */
export type SchemaType<T extends { static: unknown }> = T['static'];
