import { mountSpa } from '@pv/web-kit';
import { AppProviders } from './providers';
import { routes } from './routes';
import type { AppStore } from './store';

/** Draws the workspace SPA (its routes and layout) in `#root` over `store`. */
export function mountApp(store: AppStore) {
  mountSpa({ routes, store, Providers: AppProviders });
}
