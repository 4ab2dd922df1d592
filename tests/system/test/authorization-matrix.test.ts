import { randomUUID } from 'node:crypto';
import { type AnyRouteContract, allRouteContracts, MfaMessages } from '@pv/contracts';
import { serviceFor } from '@pv/gateway';
import { withTotp } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Browser, confirmEmail, startStack } from './stack.js';

type Role = 'anonymous' | 'free' | 'premium' | 'admin' | 'adminPasswordOnly' | 'mustChange';
let stack: Awaited<ReturnType<typeof startStack>>;
const browsers = {} as Record<Role, Browser>;

async function signUp(premium: boolean): Promise<Browser> {
  const browser = new Browser(stack.url);
  const email = `${premium ? 'premium' : 'free'}.${randomUUID()}@clinica.test`;
  const res = await browser.call('POST', '/auth/register', {
    firstName: 'Teste',
    lastName: 'Matriz',
    email,
    password: 'Segredo-forte-1',
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  // Confirmed accounts (issue 23 item 1): the matrix compares roles, not e-mail states.
  await confirmEmail(stack, email);
  if (premium) {
    const id = (res.body.user as { id: string }).id;
    const set = await browsers.admin.call('PUT', `/api/admin/users/${id}`, { isPremium: true });
    if (set.status !== 200) throw new Error('could not make the user Premium');
  }
  return browser;
}

beforeAll(async () => {
  stack = await startStack();
  browsers.anonymous = new Browser(stack.url);
  browsers.admin = new Browser(stack.url);
  await browsers.admin.call('POST', '/auth/login', withTotp(ADMIN));
  browsers.free = await signUp(false);
  browsers.premium = await signUp(true);
  // The same admin without the authenticator's code: a user, not the console (issue 23).
  browsers.adminPasswordOnly = new Browser(stack.url);
  await browsers.adminPasswordOnly.call('POST', '/auth/login', ADMIN);
  // A user created by the admin with a temporary password, signed in before changing it.
  const created = await browsers.admin.call('POST', '/api/admin/users', {
    fullName: 'Troca Obrigatória',
    email: `troca.${randomUUID()}@clinica.test`,
    isPremium: true,
  });
  browsers.mustChange = new Browser(stack.url);
  const forced = await browsers.mustChange.call('POST', '/auth/login', {
    email: (created.body.user as { email: string }).email,
    password: created.body.temporaryPassword,
  });
  if (forced.body.mustChangePassword !== true) throw new Error('expected a forced change');
});
afterAll(() => stack.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());
const INFRA = /^\/(health|ready|metrics|docs)(\/|$)/;

describe('every route is routed and declared', () => {
  it('each contract route belongs, by the gateway routing table, to the service that registers it', () => {
    for (const route of allRouteContracts) {
      const owner = serviceFor(concrete(route.url));
      expect(owner, `${route.method} ${route.url} has no owner in the routing table`).toBeDefined();
      const app = stack.services[owner!.service];
      expect(app, `${owner!.service} is not in the system test stack`).toBeDefined();
      expect(app!.contractRoutes).toContain(route);
    }
  });

  it('each route a service registers has a contract (so it is in this matrix)', () => {
    for (const [name, app] of Object.entries(stack.services)) {
      const declared = new Set(app.contractRoutes.map((r) => `${r.method} ${r.url}`));
      const undeclared = app.registeredRoutes
        .filter((r) => r.method !== 'HEAD' && !INFRA.test(r.url))
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => !declared.has(r));
      expect(undeclared, `${name} has routes without a contract`).toEqual([]);
    }
  });
});

// Logout ends the caller's session, so it goes last for each role.
const routes = [...allRouteContracts].sort(
  (a, b) => Number(a.url === '/auth/logout') - Number(b.url === '/auth/logout'),
);

function expectation(route: AnyRouteContract, role: Role): { status?: number; message?: string } {
  if (route.access === 'public') return {};
  if (role === 'mustChange') {
    // Until the new password is set, only the sign-in flow's own routes answer (issue 23 item 6).
    if (route.allowDuringForcedPasswordChange) return {};
    return { status: 403, message: 'Você precisa criar uma nova senha antes de continuar.' };
  }
  if (role === 'adminPasswordOnly' && route.access === 'admin')
    return { status: 401, message: MfaMessages.mfaRequired };
  if (role === 'anonymous')
    return { status: 401, message: 'Você precisa entrar na sua conta para continuar.' };
  if (route.access === 'admin' && role !== 'admin' && role !== 'adminPasswordOnly') {
    return { status: 403, message: 'Acesso negado. Esta área é restrita a administradores.' };
  }
  // The seeded admin is not Premium: isAdmin and isPremium are separate flags.
  if (route.access === 'premium' && role !== 'premium')
    return {
      status: 403,
      message: route.forbiddenMessage ?? 'Este recurso é exclusivo do plano Premium.',
    };
  // Past its access level, a route that needs a second credential (the vault's unlock) says so.
  if (route.extraCredential) return { status: 401, message: route.extraCredential.message };
  return {};
}

describe.each([
  'anonymous',
  'free',
  'premium',
  'admin',
  'adminPasswordOnly',
  'mustChange',
] as Role[])('as %s, through the gateway', (role) => {
  it.each(routes.map((r) => [`${r.method} ${r.url} (${r.access})`, r] as const))(
    '%s',
    async (_name, route) => {
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const res = await browsers[role].call(route.method, concrete(route.url), body);
      const expected = expectation(route, role);
      if (expected.status) {
        expect(res.status).toBe(expected.status);
        expect(res.body.message).toBe(expected.message);
      } else {
        expect([401, 403]).not.toContain(res.status);
        expect(res.status).toBeLessThan(500);
      }
    },
  );
});

// A session that must change its password is a visitor on every public route (issue 23 item 6):
// each answers it exactly as it answers an anonymous caller (Super-IA without the user's
// templates, no vault archive or ticket under the user's name).
describe('a session that must change its password, on the public routes', () => {
  it.each(
    routes
      .filter((r) => r.access === 'public' && !r.allowDuringForcedPasswordChange)
      .map((r) => [`${r.method} ${r.url}`, r] as const),
  )('%s answers as to an anonymous visitor', async (_name, route) => {
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
    const url = concrete(route.url);
    const visitor = await browsers.anonymous.call(route.method, url, body);
    const forced = await browsers.mustChange.call(route.method, url, body);
    expect(forced.status).toBe(visitor.status);
    expect(forced.body.code).toBe(visitor.body.code);
  });
});
