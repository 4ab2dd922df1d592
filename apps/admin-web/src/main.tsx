import { mountSpa } from '@pv/web-kit';
import { AppProviders } from './providers';
import { routes } from './routes';
import { makeStore } from './store';

// The gateway serves this build under /admin (vite `base`), so routes are relative to it.
mountSpa({ routes, store: makeStore(), Providers: AppProviders, basename: '/admin' });
