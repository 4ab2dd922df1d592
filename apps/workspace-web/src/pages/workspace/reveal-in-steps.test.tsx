import { useRevealInSteps } from '@pv/web-kit';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The workspace's six cards reach the screen in several commits, not one (issue 25: a phone
// committing all of them at once is one long task). Rendered here as a browser renders it, with
// React's scheduler, not inside act() (which would flush every step as one).
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previous: boolean | undefined;
beforeEach(() => {
  previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
});

/** What each commit put on screen. */
const commits: string[][] = [];

function Cards({ ids }: { ids: string[] }) {
  const shown = ids.slice(0, useRevealInSteps(ids.length, 2));
  useLayoutEffect(() => {
    commits.push(shown);
  });
  return shown.map((id) => <section key={id}>{id}</section>);
}

describe('useRevealInSteps in a browser', () => {
  it('commits the first parts, then one more per commit, in order', async () => {
    commits.length = 0;
    const container = document.createElement('div');
    const root = createRoot(container);
    root.render(<Cards ids={['a', 'b', 'c', 'd', 'e', 'f']} />);
    await expect.poll(() => container.querySelectorAll('section').length).toBe(6);
    expect(commits).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd', 'e'],
      ['a', 'b', 'c', 'd', 'e', 'f'],
    ]);
    root.unmount();
  });
});
