import { commitsAsInABrowser } from '@pv/web-kit/testing';
import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGetMfaStatusQuery } from '../../api/auth';
import { jsonResponses, renderAt } from '../../test/render';
import { SecondFactorGate } from './second-factor';

// The answer of /auth/mfa opens the whole console (issue 25: drawn in the synchronous render
// RTK Query's answer gets, it was one long task of a phone's CPU). Rendered with React's
// scheduler, not inside act() (which would flush both renders as one).
commitsAsInABrowser();
afterEach(() => vi.unstubAllGlobals());

/** The witness's commits: whether it had the answer, and whether the console was on screen. */
const commits: { answered: boolean; console: boolean }[] = [];

/** Beside the gate, subscribed to the same answer: it sees every commit. */
function Witness() {
  const { data } = useGetMfaStatusQuery();
  useLayoutEffect(() => {
    commits.push({
      answered: data !== undefined,
      console: document.querySelector('[data-testid="console"]') !== null,
    });
  });
  return null;
}

describe('SecondFactorGate', () => {
  it('keeps its spinner in the render that brings the answer and draws the console in a later commit', async () => {
    commits.length = 0;
    vi.stubGlobal('fetch', jsonResponses({ 'GET /auth/mfa': [200, { secondFactor: 'verified' }] }));
    renderAt(
      <>
        <Witness />
        <SecondFactorGate>
          <p data-testid="console">Painel</p>
        </SecondFactorGate>
      </>,
    );
    // Drawn in the end, in a commit of its own after the one that brought the answer.
    expect(await screen.findByTestId('console')).toBeInTheDocument();
    const answeredAt = commits.findIndex((commit) => commit.answered);
    expect(answeredAt).toBeGreaterThan(-1);
    expect(commits[answeredAt]).toEqual({ answered: true, console: false });
  });
});
