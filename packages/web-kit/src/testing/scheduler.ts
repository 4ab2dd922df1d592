import { afterEach, beforeEach } from 'vitest';

/**
 * For a file whose tests watch React's commits one by one, as a browser gets them from React's
 * scheduler: outside act(), which would flush every render as one. Call at the file's top.
 * @example commitsAsInABrowser(); root.render(<Cards />); await expect.poll(...)
 */
export function commitsAsInABrowser(): void {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let previous: boolean | undefined;
  beforeEach(() => {
    previous = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    environment.IS_REACT_ACT_ENVIRONMENT = previous;
  });
}
