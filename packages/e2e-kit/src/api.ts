import { randomBytes } from 'node:crypto';
import { totpCode } from '@pv/service-kit';
import type { APIResponse, BrowserContext, Page } from 'playwright-core';

/** A page or a browser context: requests go through the context, so cookies land in the browser. */
export type BrowserTarget = Page | BrowserContext;

function contextOf(target: BrowserTarget): BrowserContext {
  return 'goto' in target ? target.context() : target;
}

async function readBody(response: APIResponse): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { raw: text.slice(0, 500) };
  }
}

/**
 * A JSON call from the browser context: it carries the context's cookies, stores the cookies the
 * answer sets, and sends the Origin a page of `baseUrl` would send (the gateway's CSRF rule wants an
 * Origin in PUBLIC_ORIGINS on every cookie-authenticated write). Throws on a non-2xx answer.
 *
 * @example
 *   const me = await apiCall(page, stack.baseUrl, 'GET', '/auth/user');
 */
export async function apiCall(
  target: BrowserTarget,
  baseUrl: string,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const origin = new URL(baseUrl).origin;
  const response = await contextOf(target).request.fetch(new URL(urlPath, baseUrl).toString(), {
    method,
    headers: { origin, 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
    failOnStatusCode: false,
  });
  const parsed = await readBody(response);
  if (!response.ok()) {
    throw new Error(
      `${method} ${urlPath} answered ${response.status()}: ${String(parsed.message ?? parsed.raw ?? '')}`,
    );
  }
  return parsed;
}

/**
 * Signs in through POST /auth/login; the session cookie lands in the page's browser context, so
 * the next `page.goto` is signed in.
 *
 * @example
 *   await loginThroughApi(page, stack.baseUrl, stack.admin.email, stack.admin.password);
 *   await page.goto('/admin');
 */
export async function loginThroughApi(
  target: BrowserTarget,
  baseUrl: string,
  email: string,
  password: string,
): Promise<Record<string, unknown>> {
  return apiCall(target, baseUrl, 'POST', '/auth/login', { email, password });
}

/**
 * Signs in as a staff account with its authenticator's current code, so the console's routes
 * answer (a password-only admin session gets 401 MFA_REQUIRED there).
 *
 * @example
 *   const { admin } = inject('e2e');
 *   await loginAdminThroughApi(page, stack.baseUrl, admin);
 */
export async function loginAdminThroughApi(
  target: BrowserTarget,
  baseUrl: string,
  admin: { email: string; password: string; totpSecret: string },
): Promise<Record<string, unknown>> {
  return apiCall(target, baseUrl, 'POST', '/auth/login', {
    email: admin.email,
    password: admin.password,
    totpCode: totpCode(admin.totpSecret),
  });
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates an account through POST /auth/register (the simple sign-up form, which signs in):
 * the cookie lands in the browser context. Unspecified fields get unique test values.
 *
 * @example
 *   const user = await registerThroughApi(page, stack.baseUrl);
 *   await page.goto('/'); // signed in as user.email
 */
export async function registerThroughApi(
  target: BrowserTarget,
  baseUrl: string,
  user: Partial<NewUser> = {},
): Promise<NewUser & { response: Record<string, unknown> }> {
  const account: NewUser = {
    email: user.email ?? `e2e-${Date.now()}-${randomBytes(3).toString('hex')}@exemplo.test`,
    password: user.password ?? 'Senha-E2e-2026',
    firstName: user.firstName ?? 'Ana',
    lastName: user.lastName ?? 'Souza',
  };
  const response = await apiCall(target, baseUrl, 'POST', '/auth/register', account);
  return { ...account, response };
}

/**
 * Issue 23: a professional's registry and CPF are verified before they print without the 'não
 * verificada' notice, issue an RCE or sign. Tests that need a verified professional save the
 * profile (council, UF, number, CPF) and have the stack's admin approve it in a context of its
 * own (`adminTarget`, signed in as an admin), as staff do in 'Verificações'.
 *
 * @example
 *   await verifyProfessionalThroughApi(page, adminPage, stack.baseUrl, userId, {
 *     professionalRegistry: 'CRM', registryNumber: '123456', registryUf: 'SP', cpf: '52998224725' });
 */
export async function verifyProfessionalThroughApi(
  target: BrowserTarget,
  adminTarget: BrowserTarget,
  baseUrl: string,
  userId: string,
  profile: {
    fullName?: string;
    professionalRegistry: string;
    registryNumber: string;
    registryUf: string;
    cpf: string;
  } & Record<string, unknown>,
): Promise<void> {
  const me = await apiCall(target, baseUrl, 'GET', '/auth/user');
  await apiCall(target, baseUrl, 'PUT', '/api/profile', {
    fullName: profile.fullName ?? String(me.fullName),
    ...profile,
  });
  await apiCall(adminTarget, baseUrl, 'POST', `/api/admin/verifications/${userId}/approve`, {});
}
