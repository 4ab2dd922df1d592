import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts of a page to draw: `first` at once, then `step` more per render (one
 * unless told), each in a transition of its own. A page of many heavy parts (the workspace's cards, a long table)
 * then reaches the screen in several short commits instead of one long one, which on a phone is
 * a task of hundreds of milliseconds that no tap can interrupt (Total Blocking Time). Parts are
 * added after the ones drawn, so nothing already on screen moves. Rendered outside a browser
 * (the build's pre-rendered pages) every part is drawn at once.
 * @example const shown = useRevealInSteps(cards.length, 2); cards.slice(0, shown).map(...)
 */
export function useRevealInSteps(total: number, first: number, step = 1): number {
  const [shown, setShown] = useState(() => (typeof document === 'undefined' ? total : first));
  useEffect(() => {
    // Passive effects run after the commit has painted, in a task of their own: the next part
    // renders and commits there.
    if (shown < total) startTransition(() => setShown((count) => count + step));
  }, [shown, total, step]);
  return Math.min(shown, total);
}
