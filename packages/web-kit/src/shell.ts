import { useLayoutEffect } from 'react';

/** The element around a page pre-rendered at build time (packages/web-kit/build `SHELL_ID`). */
const SHELL_ID = 'pv-shell';

/** Removes the pre-rendered copy of the page, showing the SPA's own (hidden until then). */
export function releaseShell(): void {
  document.getElementById(SHELL_ID)?.remove();
}

/**
 * Rendered beside a page, inside its Suspense boundary: once the SPA's page is on screen, the
 * pre-rendered copy goes (in the same frame, so the page does not flash or shift).
 */
export function ShellRelease(): null {
  useLayoutEffect(releaseShell, []);
  return null;
}
