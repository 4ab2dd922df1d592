/**
 * How an SPA's entry (apps/<app>/src/main.tsx) starts the app: its first JavaScript evaluated in
 * steps, one task each. Kept apart from the package's index so the entry chunk holds nothing else.
 */

/**
 * How long the first render waits for "who is visiting". Drawn before the answer, the whole
 * layout is drawn twice (loading, then the visitor's or the user's page), which on a phone's CPU
 * is a long task of its own; the wait is capped so a slow answer never leaves the page blank.
 */
export const VIEWER_WAIT_MS = 800;

/**
 * Resolves in a new task, so whatever the browser has waiting (a tap, a paint) runs first.
 * Between two `import()`s of an SPA's pieces it ends the task that evaluated the first: a
 * phone's main thread is then busy in several short tasks instead of one long one (Total
 * Blocking Time counts only the part of a task over 50 ms).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How long to wait for a first frame where the browser draws none (a tab in the background). */
const FIRST_FRAME_WAIT_MS = 100;

/**
 * Resolves once the browser has drawn a frame (or after FIRST_FRAME_WAIT_MS where it draws none).
 * The page's HTML (a pre-rendered copy, the layout's frame) is then on screen before the app's
 * JavaScript runs: chunks that arrive at once (preloaded, cached) would otherwise be evaluated
 * first, and the page would paint only after all of them.
 */
export function afterFirstFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_FRAME_WAIT_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      // rAF runs just before the frame is drawn; the next task runs after it.
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0);
    });
  });
}

/** The "who is visiting" request a store was sent (RTK Query's `initiate()` result). */
interface ViewerRequest extends PromiseLike<unknown> {
  unsubscribe(): void;
}

/**
 * Starts an SPA in steps instead of evaluating all of its first-paint JavaScript in one long
 * task, after the page's HTML has been drawn once: each library step (React, then MUI with the theme), then the store, which asks who is
 * visiting at once, then the app (routes and layout), drawn when the answer is in or after
 * VIEWER_WAIT_MS. The chunks are fetched together all the same (the build preloads them).
 * @example startInSteps({ libraries: [() => import('react-dom/client')], store: ..., app: () => import('./app') })
 */
export async function startInSteps<S>(steps: {
  libraries: Array<() => Promise<unknown>>;
  /** Makes the store and sends it the current-user query. */
  store: () => Promise<{ store: S; viewer: ViewerRequest }>;
  app: () => Promise<{ mountApp: (store: S) => void }>;
}): Promise<void> {
  await afterFirstFrame();
  for (const library of steps.libraries) {
    await library();
    await nextTask();
  }
  const { store, viewer } = await steps.store();
  await nextTask();
  const { mountApp } = await steps.app();
  await Promise.race([viewer, new Promise((resolve) => setTimeout(resolve, VIEWER_WAIT_MS))]);
  mountApp(store);
  // The layout holds its own subscription from the first render on; the answer stays cached.
  viewer.unsubscribe();
}
