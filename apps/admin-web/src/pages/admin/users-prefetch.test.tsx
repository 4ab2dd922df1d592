import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, noUsers } from '../../test/fixtures';
import { jsonResponses, renderAt } from '../../test/render';
import AdminPage from './admin-page';

// The Usuários tab's code never arrives here (a phone still downloading it): the console must
// have asked for the users' first page anyway, in parallel with the download (issue 25).
vi.mock('./users/users-tab', () => new Promise(() => {}));

describe('Usuários on a slow line', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the users' first page while the tab's code is still loading", async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      ...noUsers,
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AdminPage />, { path: '/?tab=usuarios' });
    expect(await screen.findByRole('tab', { name: 'Usuários' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await vi.waitFor(() =>
      expect(
        fetchFn.calls.filter((call) => call.url.startsWith('/api/admin/users')).map((c) => c.url),
      ).toEqual(['/api/admin/users?page=1&limit=25']),
    );
    // Still the tab's spinner: its code has not run.
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});
