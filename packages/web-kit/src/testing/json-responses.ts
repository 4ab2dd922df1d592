/** The component tests' stand-in for the server: `fetch` answered from a table. */

export interface RecordedCall {
  method: string;
  /** Path and query, e.g. `/api/admin/support-tickets?status=open`. */
  url: string;
  body: unknown;
}

/** A canned answer: [status, JSON body] (a string body is sent as text/csv), or a function. */
export type CannedResponse = [number, unknown] | ((call: RecordedCall) => [number, unknown]);

/**
 * The SPAs ask GET /auth/session (200 `{ user }`, `null` for a visitor); tables say who is
 * signed in the way GET /auth/user answers (the user, or 401 for a visitor), so both read alike.
 */
function sessionFromCurrentUser(
  table: Record<string, CannedResponse>,
  call: RecordedCall,
): [number, unknown] | undefined {
  const entry = table['GET /auth/user'] ?? table['/auth/user'];
  if (!entry) return undefined;
  const [status, body] = typeof entry === 'function' ? entry(call) : entry;
  if (status === 401) return [200, { user: null }];
  return status === 200 ? [200, { user: body }] : [status, body];
}

/**
 * A `fetch` that answers by "METHOD path" (or path) with JSON, 404 otherwise; records the calls.
 * GET /auth/session is answered from the table's GET /auth/user entry unless it has its own.
 * @example vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, { message: 'x' }] }))
 */
export function jsonResponses(table: Record<string, CannedResponse>) {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const text = await request.text();
    const call = {
      method: request.method,
      url: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const hit =
      table[`${request.method} ${url.pathname}`] ??
      table[url.pathname] ??
      (url.pathname === '/auth/session' ? sessionFromCurrentUser(table, call) : undefined);
    const [status, body] = (typeof hit === 'function' ? hit(call) : hit) ?? [
      404,
      { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado' },
    ];
    if (typeof body === 'string') {
      return new Response(body, { status, headers: { 'Content-Type': 'text/csv' } });
    }
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return Object.assign(fetchFn, { calls });
}
