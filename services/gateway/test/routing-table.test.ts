import { AuthRoutes, allRouteContracts } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import { ROUTING_TABLE, routerFor, type ServiceName, serviceFor } from '../src/routing-table.js';

// Every public call of the product, with sample ids where a path has placeholders.
const SPEC_PATHS: [string, ServiceName][] = [
  // the workspace's calls
  ['/auth/user', 'auth'],
  ['/auth/logout', 'auth'],
  ['/api/user-templates', 'formatting'],
  ['/api/super-transcritor/usage', 'billing'],
  ['/api/soniox/temporary-key', 'billing'],
  ['/api/marketing-messages?type=signup', 'analytics'],
  ['/api/marketing-messages?type=premium', 'analytics'],
  ['/api/extract-pdf-text', 'documents'],
  ['/api/format-text', 'formatting'],
  ['/api/diagnostic-analysis', 'formatting'],
  ['/api/generate-document', 'documents'],
  ['/api/generate-pdf', 'documents'],
  ['/api/generate-text-document', 'documents'],
  ['/api/generate-hospital-prescription-pdf', 'documents'],
  ['/api/transcript-vault/consult', 'vault'],
  // Authentication and account
  ['/auth/login', 'auth'],
  ['/auth/register', 'auth'],
  ['/auth/change-password', 'auth'],
  ['/api/terms/current', 'auth'],
  ['/api/user-metrics', 'billing'],
  ['/api/profile', 'auth'],
  // subscription
  ['/api/create-subscription', 'billing'],
  ['/api/confirm-payment', 'billing'],
  // support
  ['/api/support/create-ticket', 'support'],
  // administration
  ['/api/admin/user-profile/7d1f0c2e-0000-4000-8000-000000000001', 'auth'],
  ['/api/admin/login-history/7d1f0c2e-0000-4000-8000-000000000001', 'auth'],
  ['/api/admin/usage-metrics/7d1f0c2e-0000-4000-8000-000000000001', 'billing'],
  ['/api/admin/usage-metrics?year=2026&month=11', 'billing'],
  ['/api/admin/premium-subscriptions/7d1f0c2e-0000-4000-8000-000000000001', 'billing'],
  ['/api/admin/support-tickets/7d1f0c2e-0000-4000-8000-000000000001', 'support'],
  ['/api/admin/support-tickets', 'support'],
  ['/api/admin/support-tickets/7d1f0c2e-0000-4000-8000-000000000001/details', 'support'],
  ['/api/admin/templates', 'formatting'],
  ['/api/admin/templates/12', 'formatting'],
  ['/api/admin/medical-terms', 'formatting'],
  ['/api/admin/medical-terms/12', 'formatting'],
  ['/api/admin/system-instructions', 'formatting'],
  ['/api/admin/system-instructions/12', 'formatting'],
  ['/api/admin/users', 'auth'],
  ['/api/admin/users/7d1f0c2e-0000-4000-8000-000000000001', 'auth'],
  ['/api/admin/reset-password', 'auth'],
  ['/api/ai-templates', 'formatting'],
  ['/api/ai-templates/12', 'formatting'],
  ['/api/admin/terms', 'auth'],
  ['/api/admin/terms/12', 'auth'],
  ['/api/admin/marketing-messages', 'analytics'],
  ['/api/admin/marketing-messages/12', 'analytics'],
  ['/api/admin/site-analytics?days=30', 'analytics'],
  ['/api/admin/visitor-tracking', 'analytics'],
  // transcript vault
  ['/api/admin/transcript-vault/login', 'vault'],
  ['/api/admin/transcript-vault/records?page=1&ym=2026-11&uf=SP', 'vault'],
  ['/api/admin/transcript-vault/export?format=csv&limit=1000', 'vault'],
  ['/api/admin/transcript-vault/record/12', 'vault'],
  ['/api/admin/transcript-vault/records?confirm=true', 'vault'],
];

// Paths the specs leave open, designed here.
const DESIGNED_PATHS: [string, ServiceName][] = [
  ['/auth', 'auth'],
  ['/api/prescriptions/ambulatory/pdf', 'documents'],
  ['/api/subscription/upgrade', 'billing'],
  ['/api/stripe/webhook', 'billing'],
  ['/api/admin/dashboard', 'analytics'],
  ['/api/analytics/page-view', 'analytics'],
  // issue 14: digital signature
  ['/api/signing-certificate', 'documents'],
  [
    '/api/documents/7d1f0c2e-0000-4000-8000-000000000001/verify?_format=application/validador-iti+json&_secretCode=ABC',
    'documents',
  ],
  ['/api/documents/7d1f0c2e-0000-4000-8000-000000000001/file?_secretCode=ABC', 'documents'],
];

describe('routing table', () => {
  it.each([...SPEC_PATHS, ...DESIGNED_PATHS])('%s is served by %s', (path, service) => {
    expect(serviceFor(path)?.service).toBe(service);
  });

  it('the longest prefix wins over a shorter one that also matches', () => {
    // Today's table has no nested prefixes; a nested pair must still resolve to the inner owner.
    const route = routerFor([
      { service: 'auth', label: 'autenticação', prefixes: ['/api/admin'] },
      {
        service: 'vault',
        label: 'arquivo de transcrições',
        prefixes: ['/api/admin/transcript-vault'],
      },
    ]);
    expect(route('/api/admin/transcript-vault/records')?.service).toBe('vault');
    expect(route('/api/admin/transcript-vault')?.service).toBe('vault');
    expect(route('/api/admin/transcript-vaults')?.service).toBe('auth');
    expect(route('/api/admin/users')?.service).toBe('auth');
  });

  it('a prefix owns itself, its subpaths and its query, never a longer sibling', () => {
    expect(serviceFor('/api/terms')?.service).toBe('auth');
    expect(serviceFor('/api/terms/')?.service).toBe('auth');
    expect(serviceFor('/api/terms?x=1')?.service).toBe('auth');
    expect(serviceFor('/api/terms-foo')).toBeUndefined();
    expect(serviceFor('/authx')).toBeUndefined();
    expect(serviceFor('/api/generate-pdfs')).toBeUndefined();
  });

  it('every declared route contract has an owner, and auth contracts go to auth', () => {
    for (const contract of allRouteContracts) {
      expect(serviceFor(contract.url), `${contract.method} ${contract.url}`).toBeDefined();
    }
    for (const contract of Object.values(AuthRoutes)) {
      expect(serviceFor(contract.url)?.service, contract.url).toBe('auth');
    }
  });

  it('unknown paths belong to nobody', () => {
    expect(serviceFor('/api/nope')).toBeUndefined();
    expect(serviceFor('/api')).toBeUndefined();
    expect(serviceFor('/')).toBeUndefined();
  });

  it('no prefix is claimed twice, and every one is a clean absolute path', () => {
    const prefixes = ROUTING_TABLE.flatMap((r) => r.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^\/[a-z0-9/-]+[a-z0-9]$/);
  });

  it('every service has a pt-BR label for the 503 message', () => {
    expect(Object.fromEntries(ROUTING_TABLE.map((r) => [r.service, r.label]))).toEqual({
      auth: 'autenticação',
      formatting: 'formatação',
      documents: 'documentos',
      billing: 'cobrança',
      support: 'suporte',
      vault: 'arquivo de transcrições',
      analytics: 'análises',
    });
  });
});
