/** The element around a page pre-rendered at build time (packages/web-kit/build `SHELL_ID`). */
const SHELL_ID = 'pv-shell';

/** Removes the pre-rendered copy of the page, showing the SPA's own (hidden until then). */
export function releaseShell(): void {
  document.getElementById(SHELL_ID)?.remove();
}
