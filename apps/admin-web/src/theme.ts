import { ptBR as corePtBR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { ptBR as dataGridPtBR } from '@mui/x-data-grid/locales';

/** The console's one MUI theme (STYLE.md: the theme in one file), with pt-BR component texts. */
export const theme = createTheme(
  {
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
  },
  dataGridPtBR,
  corePtBR,
);
