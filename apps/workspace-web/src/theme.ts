import { createTheme } from '@mui/material/styles';

/** The workspace's one MUI theme (STYLE.md: the theme in one file). */
export const theme = createTheme({
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
  components: {
    // Spec 1 §9: tooltips open after 700 ms; moving between them skips the delay for 300 ms.
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300, arrow: true } },
  },
});
