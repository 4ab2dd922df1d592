import { createAppTheme } from '@pv/web-kit';

/** The workspace's MUI theme: the shared one of both SPAs plus the workspace's tooltips. */
export const theme = createAppTheme({
  components: {
    // Tooltips open after 700 ms; moving between them skips the delay for 300 ms.
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300, arrow: true } },
  },
});
