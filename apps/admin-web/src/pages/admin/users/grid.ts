/**
 * The data grid the Usuários tab draws, as a chunk of its own: the tab loads it in a task before
 * its own code (admin-page.tsx), so evaluating MUI X's grid is not one long task with the tab.
 */
export { DataGrid } from '@mui/x-data-grid';
export { ptBR } from '@mui/x-data-grid/locales';
