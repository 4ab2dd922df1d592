import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, asAdmin } from '../../test/fixtures';
import { jsonResponses, renderAt } from '../../test/render';
import AdminPage from './admin-page';

const DENIED = 'Acesso negado. Esta área é restrita a administradores.';

describe('/admin access and header (spec 2 §2, §6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('denies an anonymous visitor (GET /auth/user 401) without calling admin routes', async () => {
    const fetchFn = jsonResponses({
      'GET /auth/user': [401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AdminPage />);
    expect(await screen.findByText(DENIED)).toBeInTheDocument();
    expect(fetchFn.calls.some((call) => call.url.startsWith('/api/admin'))).toBe(false);
  });

  it('denies a signed-in user who is not an admin', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ 'GET /auth/user': [200, { ...adminUser, isAdmin: false }] }),
    );
    renderAt(<AdminPage />);
    expect(await screen.findByText(DENIED)).toBeInTheDocument();
  });

  it("shows the admin's name, 'Voltar ao App' to / and the eleven tabs, then 'Auditoria'", async () => {
    vi.stubGlobal('fetch', jsonResponses({ ...asAdmin }));
    renderAt(<AdminPage />);
    expect(await screen.findByTestId('admin-name')).toHaveTextContent('Ana Admin');
    expect(screen.getByRole('link', { name: /Voltar ao App/ })).toHaveAttribute('href', '/');
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Dashboard',
      'Analytics',
      'Usuários',
      'Suporte',
      'Templates',
      'Templates IA',
      'Termos Médicos',
      'Instruções',
      'Termos',
      'Mensagens',
      'Transcript Vault',
      'Auditoria',
    ]);
  });

  it('keeps the open tab in the URL (?tab=) so it survives a reload', async () => {
    vi.stubGlobal('fetch', jsonResponses({ ...asAdmin, 'GET /api/admin/users': [200, []] }));
    const { router } = renderAt(<AdminPage />, { path: '/?tab=termos-medicos' });
    expect(await screen.findByRole('tab', { name: 'Termos Médicos' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Usuários' }));
    expect(router.state.location.search).toBe('?tab=usuarios');
  });
});
