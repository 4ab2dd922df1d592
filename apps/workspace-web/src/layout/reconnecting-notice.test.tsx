import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withRetries } from '../api/retries';
import { ReconnectingNotice } from './reconnecting-notice';

describe('"Reconectando…" (issue 29)', () => {
  it('shows while a call waits to retry, and goes away by itself when it gets through', async () => {
    render(<ReconnectingNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    let release: () => void = () => {};
    const cameBack = new Promise<void>((resolve) => {
      release = resolve;
    });
    let attempts = 0;
    const call = withRetries(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        await cameBack;
        return 'nota';
      },
      { delaysMs: [1] },
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Reconectando…');
    release();
    await expect(call).resolves.toBe('nota');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
