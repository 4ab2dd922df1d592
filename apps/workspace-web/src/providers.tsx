import { type AppProvidersProps, SpaProviders } from '@pv/web-kit';
import { theme } from './theme';

/** Store and theme around the app; tests wrap components in the same providers. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <SpaProviders store={store} theme={theme}>
      {children}
    </SpaProviders>
  );
}
