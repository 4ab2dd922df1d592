import type { CurrentUser, ErrorBody, SessionState } from '@pv/contracts';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The `baseQuery` RTK Query hands a `queryFn`: the app's fetch, already bound to its API. */
type BoundBaseQuery = (
  arg: string | FetchArgs,
) =>
  | PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }>
  | { data?: unknown; error?: FetchBaseQueryError };

/** The pt-BR message of a failed call: the server's `message`, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: Partial<ErrorBody> }).data;
    if (data && typeof data.message === 'string' && data.message !== '') return data.message;
  }
  return fallback;
}

/** The HTTP status of a failed call, when there was a response. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/**
 * `queryFn` of the current-user query. An anonymous visitor is not an error, so the
 * query resolves to `null` and no screen has to tell the two apart. It asks GET /auth/session,
 * which answers 200 `{ user: null }` for a visitor, so a visit logs no failed request (issue 25
 * item 4); GET /auth/user (401 when anonymous) stays for API clients.
 * @example getCurrentUser: build.query<CurrentUser | null, void>({ queryFn: fetchCurrentUser })
 */
export async function fetchCurrentUser(
  _arg: unknown,
  _api: unknown,
  _extra: unknown,
  baseQuery: BoundBaseQuery,
): Promise<{ data: CurrentUser | null } | { error: FetchBaseQueryError }> {
  const result = await baseQuery('/auth/session');
  if (result.error) {
    // A session that ended between the two calls reads as a visitor too.
    if (result.error.status === 401) return { data: null };
    return { error: result.error };
  }
  return { data: (result.data as SessionState).user };
}
