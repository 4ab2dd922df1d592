/**
 * How an SPA's entry (apps/<app>/src/main.tsx) starts the app: its first JavaScript evaluated in
 * steps, one task each. Kept apart from the package's index so the entry chunk holds nothing else.
 */

import { releaseShell } from './shell-dom.js';

/**
 * Shown instead of the app when its code cannot be loaded (the connection lost halfway, a
 * release that removed the chunks an open page still asks for).
 */
export const START_FAILED_MESSAGE =
  'Não foi possível carregar o aplicativo. Verifique a conexão e recarregue a página.';

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

/** An app's store, as far as starting it goes. */
interface StartingStore {
  dispatch(action: never): unknown;
}

/** An app's API with the current-user query (`build.query` with `fetchCurrentUser`). */
interface CurrentUserApi {
  endpoints: { getCurrentUser: { initiate(arg: undefined): unknown } };
}

/** The pieces `startInSteps` loads, in this order. */
export interface StartSteps<S extends StartingStore> {
  /** The libraries, a task each (React, then MUI with the theme). */
  libraries: Array<() => Promise<unknown>>;
  /** The app's store module and its current-user API (`src/store.ts`, `src/api/auth.ts`). */
  store: () => Promise<readonly [{ makeStore: () => S }, { authApi: CurrentUserApi }]>;
  /** The routes and layout, and how to draw them over the store. */
  app: () => Promise<{ mountApp: (store: S) => void }>;
}

/**
 * Starts an SPA in steps instead of evaluating all of its first-paint JavaScript in one long
 * task, after the page's HTML has been drawn once: each library, then the store, which asks who
 * is visiting at once, then the app, drawn when the answer is in or after VIEWER_WAIT_MS. The
 * chunks are fetched together all the same (the build preloads them). If a piece cannot be
 * loaded, START_FAILED_MESSAGE replaces the page.
 * @example startInSteps({ libraries: [() => import('react-dom/client')], store: () => Promise.all([import('./store'), import('./api/auth')]), app: () => import('./app') })
 */
export async function startInSteps<S extends StartingStore>(steps: StartSteps<S>): Promise<void> {
  try {
    await startSteps(steps);
  } catch (error) {
    showStartFailure();
    console.error('the app could not start', error);
  }
}

async function startSteps<S extends StartingStore>(steps: StartSteps<S>): Promise<void> {
  await afterFirstFrame();
  for (const library of steps.libraries) {
    await library();
    await nextTask();
  }
  const [{ makeStore }, { authApi }] = await steps.store();
  const store = makeStore();
  // Asked at once: the answer travels while the app's step evaluates.
  const request = authApi.endpoints.getCurrentUser.initiate(undefined) as never;
  const viewer = store.dispatch(request) as ViewerRequest;
  await nextTask();
  const { mountApp } = await steps.app();
  await Promise.race([viewer, new Promise((resolve) => setTimeout(resolve, VIEWER_WAIT_MS))]);
  mountApp(store);
  // The layout holds its own subscription from the first render on; the answer stays cached.
  viewer.unsubscribe();
}

/**
 * The pre-rendered copy is inert (nothing in it works) and the app will not come: both give way
 * to a message the person can act on.
 */
function showStartFailure(): void {
  releaseShell();
  const root = document.getElementById('root');
  if (!root) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = START_FAILED_MESSAGE;
  message.style.cssText = 'font-family: system-ui, sans-serif; margin: 2rem; text-align: center';
  root.replaceChildren(message);
}
