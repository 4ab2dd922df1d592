/**
 * A tiny cookie-keeping client over real HTTP, as a browser page calls a service: JSON content
 * type on every call, the session cookie kept from Set-Cookie, the parsed body returned.
 */
export class Client {
  cookie = '';
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...extraHeaders,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    // `pv_session`, or `__Host-pv_session` behind https origins; the last one set wins.
    const setCookie = response.headers
      .getSetCookie()
      .filter((c) => /^(__Host-)?pv_session=/.test(c))
      .at(-1);
    if (setCookie) {
      const value = setCookie.split(';')[0]!;
      this.cookie = value.endsWith('=') ? '' : value;
    }
    const text = await response.text();
    let json: Record<string, unknown> & { message?: string; code?: string } = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = {};
    }
    return { status: response.status, body: json, headers: response.headers, setCookie };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.call('POST', path, body, headers);
  put = (path: string, body?: unknown) => this.call('PUT', path, body);
  delete = (path: string) => this.call('DELETE', path);

  /** `extra`: e.g. an admin's `totpCode` (see withTotp). */
  async login(email: string, password: string, extra: Record<string, string> = {}) {
    const result = await this.post('/auth/login', { email, password, ...extra });
    if (result.status !== 200)
      throw new Error(`login failed: ${result.status} ${JSON.stringify(result.body)}`);
    return result;
  }
}
