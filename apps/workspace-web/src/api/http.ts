import type { ErrorBody } from '@pv/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@pv/contracts/constants';

/**
 * Calls that RTK Query cannot express (streams, files) go through `fetch` directly, with the
 * same conventions as the API slice: credentials included, absolute URL (component tests).
 */
export function apiUrl(path: string): string {
  return typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
}

/** A failed call: `message` is what the user reads after the toast's prefix. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The service's error code when the answer had the error shape (a clear answer). */
    readonly code?: string,
    /** The answer's Retry-After (seconds), when it said when to try again (a 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * A non-success answer becomes "status: body text" (status text when empty); our
 * services answer the one error shape, whose pt-BR `message` is shown instead.
 */
export async function errorFromResponse(response: Response): Promise<ApiCallError> {
  const text = await response.text().catch(() => '');
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  const after = Number.isFinite(retryAfter) ? retryAfter : undefined;
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.message === 'string' && body.message !== '')
      return new ApiCallError(
        response.status,
        body.message,
        typeof body.code === 'string' ? body.code : undefined,
        after,
      );
  } catch {
    // not JSON: fall through to the generic text
  }
  return new ApiCallError(
    response.status,
    `${response.status}: ${text || response.statusText}`,
    undefined,
    after,
  );
}

/** The header of a write's idempotency key, when it has one (see api/retries.ts). */
export const idempotencyHeader = (key: string | undefined): Record<string, string> =>
  key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {};

/**
 * A failed call as an RTK Query error (`{ status, data: { message, code } }`), for an endpoint
 * whose `queryFn` makes its own calls (a retried write): failureText reads it as any other.
 */
export function queryErrorOf(error: unknown): {
  status: number;
  data: { message: string; code?: string };
} {
  const call = error instanceof ApiCallError ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: call?.status ?? 0,
    data: { message, ...(call?.code ? { code: call.code } : {}) },
  };
}

/** The message of anything thrown by a call or returned by an RTK Query mutation. */
export function failureText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'status' in error) {
    const { status, data } = error as { status: number | string; data?: unknown };
    if (data && typeof data === 'object' && 'message' in data) {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message !== '') return message;
    }
    if (typeof data === 'string' && data !== '') return `${status}: ${data}`;
    if (typeof status === 'number') return `${status}: ${statusText(status)}`;
    return String((error as { error?: string }).error ?? status);
  }
  return String(error);
}

function statusText(status: number): string {
  const known: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return known[status] ?? 'Error';
}

/**
 * POST JSON and read JSON; throws ApiCallError on a non-success status. An idempotency key makes
 * the call safe to send again (api/retries.ts).
 */
export async function postJson<T>(
  path: string,
  body: unknown,
  options: { idempotencyKey?: string } = {},
): Promise<T> {
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...idempotencyHeader(options.idempotencyKey),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}
