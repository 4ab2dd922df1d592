import { randomBytes } from 'node:crypto';
import { totpCode } from '@pv/service-kit/http';
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

/** Where a suite reaches the stack: its gateway and, for a stack it started, the mail catcher. */
export interface StackAddress {
  baseUrl: string;
  /** MailDev's web UI and REST API (`GET /api/email`), e.g. http://localhost:1080. */
  mailUrl?: string;
}

/** One message as MailDev's REST API lists it (`GET /api/email`). */
export interface CatcherMail {
  subject: string;
  to: { address: string }[];
  text?: string;
  html?: string;
  /** When MailDev received it. */
  time: string;
}

/**
 * The newest mail to `to` in the stack's mail catcher (MailDev, `GET /api/email`), waiting for it
 * (default 30 s): what the product mailed, as a person would open it.
 *
 * @example
 *   const mail = await mailTo(inject('e2e').mailUrl!, user.email);
 */
export async function mailTo(
  mailUrl: string,
  to: string,
  options: { match?: (mail: CatcherMail) => boolean; timeoutMs?: number } = {},
): Promise<CatcherMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const address = to.toLowerCase();
  for (;;) {
    const response = await fetch(`${mailUrl.replace(/\/+$/, '')}/api/email`);
    const list = (await response.json()) as CatcherMail[];
    const found = list
      .filter((m) => m.to.some((r) => r.address.toLowerCase() === address))
      .filter((m) => !options.match || options.match(m))
      .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${mailUrl} in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The confirmation link of a mail's text part (`<origin>/confirmar-email#token=...`). */
export function confirmationLinkIn(mail: { text?: string; subject: string }): string {
  const link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link in the mail "${mail.subject}"`);
  return link;
}

/**
 * Issue 23 item 1: confirms the account's e-mail through the real flow, the link read from the
 * mail catcher. With a page, the page opens the link (the workspace's confirmation page posts the
 * token); with a context, the token is posted as that page would.
 */
export async function confirmEmailThroughMail(
  target: BrowserTarget,
  stack: StackAddress,
  email: string,
): Promise<void> {
  if (!stack.mailUrl) throw new Error('this stack has no mail catcher (set E2E_MAIL_URL)');
  const link = confirmationLinkIn(await mailTo(stack.mailUrl, email));
  if ('goto' in target) {
    await target.goto(link);
    await target.getByText('E-mail confirmado!').waitFor();
    return;
  }
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  await apiCall(target, stack.baseUrl, 'POST', '/auth/email/confirm', { token });
}

/**
 * Creates an account through POST /auth/register (the simple sign-up form, which signs in):
 * the cookie lands in the browser context. Unspecified fields get unique test values. Given the
 * stack's address with its mail catcher (`inject('e2e')`), it also confirms the e-mail through
 * the mailed link (issue 23 item 1), as most specs need a confirmed account; `confirm: false`
 * leaves it unconfirmed.
 *
 * @example
 *   const user = await registerThroughApi(page, inject('e2e'));
 *   await page.goto('/'); // signed in as user.email, e-mail confirmed
 */
export async function registerThroughApi(
  target: BrowserTarget,
  stack: string | StackAddress,
  user: Partial<NewUser> & { confirm?: boolean } = {},
): Promise<NewUser & { response: Record<string, unknown> }> {
  const address = typeof stack === 'string' ? { baseUrl: stack } : stack;
  const account: NewUser = {
    email: user.email ?? `e2e-${Date.now()}-${randomBytes(3).toString('hex')}@exemplo.test`,
    password: user.password ?? 'Senha-E2e-2026',
    firstName: user.firstName ?? 'Ana',
    lastName: user.lastName ?? 'Souza',
  };
  const response = await apiCall(target, address.baseUrl, 'POST', '/auth/register', account);
  if (address.mailUrl && user.confirm !== false) {
    // Through the context: the spec's page stays where it is.
    await confirmEmailThroughMail(contextOf(target), address, account.email);
  }
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
