import { mountSpa } from '@pv/web-kit';
import { AppProviders } from './providers';
import { routes } from './routes';
import type { AppStore } from './store';

/** Draws the console (its routes and layout) in `#root` over `store`. */
export function mountApp(store: AppStore) {
  // The gateway serves this build under /admin (vite `base`), so routes are relative to it.
  mountSpa({ routes, store, Providers: AppProviders, basename: '/admin' });
}
