import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponses } from '../test/render';
import { renderInLayout } from './testing';

// The visitor's page pre-rendered into the HTML (docs/performance.md) stays until the SPA has
// drawn its own page, and goes in the same commit.
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('pv-shell')?.remove();
});

function addShell() {
  const shell = document.createElement('div');
  shell.id = 'pv-shell';
  shell.textContent = 'cópia pré-renderizada';
  document.body.prepend(shell);
}

describe('the pre-rendered copy of the page', () => {
  it('stays while / waits for the visitor, and goes once the page is drawn', async () => {
    // Every call waits until the test answers them all: "nobody signed in".
    const waiting: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => waiting.push(resolve))),
    );
    addShell();
    renderInLayout('/');
    await screen.findByRole('progressbar');
    expect(document.getElementById('pv-shell')).not.toBeNull();
    for (const answer of waiting.splice(0)) {
      answer(Response.json({ user: null }));
    }
    expect(await screen.findByRole('heading', { name: 'Página inicial' })).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('pv-shell')).toBeNull());
  });

  it('goes on any other route once its page is drawn', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/session': [200, { user: null }] }));
    addShell();
    renderInLayout('/auth');
    expect(await screen.findByRole('heading', { name: 'Página de login' })).toBeInTheDocument();
    expect(document.getElementById('pv-shell')).toBeNull();
  });
});
