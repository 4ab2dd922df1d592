/**
 * Renders an SPA route to HTML at build time (Node only: the `pv:prerender-shell` plugin of
 * ./build loads each app's `src/shell/prerender.tsx`, which calls this). Waits for the route's
 * lazy chunks, so the HTML is the page as it first paints, with its styles in one tag before it.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Store } from '@reduxjs/toolkit';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';

export { accountWithoutPersonalData } from './accounts.js';

import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

export async function prerenderShell<S extends Store>(app: {
  routes: RouteObject[];
  store: S;
  Providers: ComponentType<{ store: S; children: ReactNode }>;
  pathname: string;
}): Promise<string> {
  const page = () => (
    <app.Providers store={app.store}>
      <RouterProvider router={createMemoryRouter(app.routes, { initialEntries: [app.pathname] })} />
    </app.Providers>
  );
  // The first pass loads the route's lazy chunks (and would stream them as out-of-order
  // segments with a script); the second renders them in place, as plain HTML.
  const { prelude } = await prerenderToNodeStream(page());
  for await (const _ of prelude);
  // Emotion's "compat" mode keeps each style in the cache instead of a <style> beside its
  // element: the page's styles then go out as the one tag the browser's emotion adopts as
  // already inserted. Hundreds of inline tags cost a phone a style recalculation each when the
  // SPA's emotion gathers them into <head> (~50 ms of a 4x slowed CPU on `/`).
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(<CacheProvider value={cache}>{page()}</CacheProvider>);
  return `${styleTag(cache)}${html}`;
}

/**
 * Every style the render inserted, as the browser's emotion adopts them: the elements' styles
 * in one `data-emotion="css <names>"` tag (its cache marks each name inserted), and each global
 * style (`<Global>`, MUI's CssBaseline) in a `data-emotion="css-global <name>"` tag of its own,
 * first, which that `<Global>` takes over on mount instead of compiling its rules again (~15 ms
 * of a phone's start-up for the baseline's reset). An element's rules name its class
 * (`.css-<name>`); `keyframes` are named `animation-<hash>` and belong with the elements (their
 * users insert them by name); what is left with rules is a global's.
 */
function styleTag(cache: EmotionCache): string {
  const names: string[] = [];
  let css = '';
  let globals = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const global =
      rules !== '' && !name.startsWith('animation-') && !rules.includes(`.${cache.key}-${name}`);
    if (!global) {
      names.push(name);
      css += rules;
    } else {
      globals += `<style data-emotion="${cache.key}-global ${name}">${rules}</style>`;
    }
  }
  return `${globals}<style data-emotion="${cache.key} ${names.join(' ')}">${css}</style>`;
}
