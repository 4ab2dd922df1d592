import { CssBaseline, ThemeProvider } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { Store } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

/** What an app's own providers component takes: its store and what it wraps. */
export interface AppProvidersProps {
  store: Store;
  children: ReactNode;
}

/**
 * The providers an app (and each of its component tests) renders inside: its store, its theme
 * with the baseline CSS, and `overlay`, drawn after the pages (the admin console's toaster).
 * @example <SpaProviders store={store} theme={theme} overlay={<Toaster />}>{children}</SpaProviders>
 */
export function SpaProviders({
  store,
  theme,
  overlay,
  children,
}: AppProvidersProps & { theme: Theme; overlay?: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        {overlay}
      </ThemeProvider>
    </Provider>
  );
}
