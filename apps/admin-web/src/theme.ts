import { ptBR as corePtBR } from '@mui/material/locale';
import { createAppTheme } from '@pv/web-kit';

/** The console's MUI theme: the shared one of both SPAs, with pt-BR component texts. */
export const theme = createAppTheme(corePtBR);
