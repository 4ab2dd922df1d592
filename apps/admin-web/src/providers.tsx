import { type AppProvidersProps, SpaProviders } from '@pv/web-kit';
import { theme } from './theme';
import { Toaster } from './toast/toaster';

/** Store, theme and toaster around the app; tests wrap components in the same providers. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <SpaProviders store={store} theme={theme} overlay={<Toaster />}>
      {children}
    </SpaProviders>
  );
}
