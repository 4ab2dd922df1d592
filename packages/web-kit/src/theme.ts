import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

/** What both SPAs share in their look: colours, corners and type (STYLE.md: the theme in one file). */
const baseTheme: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#0b6e69' },
    secondary: { main: '#5b4bb7' },
    background: { default: '#f4f7f7' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
};

/**
 * An app's MUI theme: the shared base, then the app's own overrides and locale packs, merged in
 * the order given.
 * @example export const theme = createAppTheme(corePtBR);
 */
export function createAppTheme(...overrides: object[]): Theme {
  return createTheme(baseTheme, ...overrides);
}
