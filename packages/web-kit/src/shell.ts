import { useLayoutEffect } from 'react';
import { releaseShell } from './shell-dom.js';

// React-free, so the SPAs' entry (boot.ts) can drop the copy without loading React.
export { releaseShell } from './shell-dom.js';

/**
 * Rendered beside a page, inside its Suspense boundary: once the SPA's page is on screen, the
 * pre-rendered copy goes (in the same frame, so the page does not flash or shift).
 */
export function ShellRelease(): null {
  useLayoutEffect(releaseShell, []);
  return null;
}
