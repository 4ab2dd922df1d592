import { mountSpa } from '@pv/web-kit';
import { AppProviders } from './providers';
import { routes } from './routes';
import { makeStore } from './store';

mountSpa({ routes, store: makeStore(), Providers: AppProviders });
