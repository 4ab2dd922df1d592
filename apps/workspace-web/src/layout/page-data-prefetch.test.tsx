import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponses } from '../test/render';
import { renderInLayout, userFixture } from './testing';

// The layout asks for Minha Área's figures while the page's code downloads (the stand-in pages
// of renderInLayout ask for nothing themselves).
const METRICS = {
  currentMonth: {},
  limits: {},
  totalUsage: {},
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const metricsCalls = (fetchFn: { calls: { url: string }[] }) =>
  fetchFn.calls.filter((call) => call.url === '/api/user-metrics').length;

describe("Minha Área's figures asked for with the page's code", () => {
  it('asks once on /user for a signed-in user', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture()],
      '/api/user-metrics': [200, METRICS],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user');
    await screen.findByRole('heading', { name: 'Página Minha Área' });
    await waitFor(() => expect(metricsCalls(fetchFn)).toBe(1));
  });

  it('does not ask for a visitor, on another tab or another page', async () => {
    // Loaded already, so a wrong prefetch would have been sent within the wait below.
    await import('../api/billing');
    for (const [path, user] of [
      ['/user', null],
      ['/user?tab=profile', userFixture()],
      ['/', userFixture()],
    ] as const) {
      const fetchFn = jsonResponses({
        '/auth/user': user ? [200, user] : [401, {}],
        '/api/user-metrics': [200, METRICS],
      });
      vi.stubGlobal('fetch', fetchFn);
      const view = renderInLayout(path);
      await screen.findByRole('heading', { name: /Página/ });
      // The layout's effects have run (the page is drawn); give a prefetch a moment to start.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(metricsCalls(fetchFn), path).toBe(0);
      view.unmount();
    }
  });
});
