import { useRevealInSteps } from '@pv/web-kit';
import { commitsAsInABrowser } from '@pv/web-kit/testing';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';

// The workspace's six cards reach the screen in several commits, not one (issue 25: a phone
// committing all of them at once is one long task). Rendered here as a browser renders it, with
// React's scheduler, not inside act() (which would flush every step as one).
commitsAsInABrowser();

/** What each commit put on screen. */
const commits: string[][] = [];

function Cards({ ids, first = 2, step }: { ids: string[]; first?: number; step?: number }) {
  const shown = ids.slice(0, useRevealInSteps(ids.length, first, step));
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

  it("commits `step` more parts per commit when told (the console's rows), never past the end", async () => {
    commits.length = 0;
    const container = document.createElement('div');
    const root = createRoot(container);
    root.render(<Cards ids={['a', 'b', 'c', 'd', 'e', 'f', 'g']} first={3} step={3} />);
    await expect.poll(() => container.querySelectorAll('section').length).toBe(7);
    expect(commits.map((shown) => shown.length)).toEqual([3, 6, 7]);
    root.unmount();
  });
});
