import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { VAULT_UF_FILTER_OPTIONS } from '@pv/contracts/constants';
import { useState } from 'react';
import type { VaultFilters } from '../../../api/vault';

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month filter is YYYY-MM (or empty for every month). */
export function isValidMonthFilter(value: string): boolean {
  return value === '' || MONTH_PATTERN.test(value);
}

/** The month and UF filters (a month applies once it is complete) and the vault's actions. */
export function VaultToolbar(props: {
  uf: string;
  onFilter: (change: Partial<VaultFilters>) => void;
  onExport: () => void;
  exporting: boolean;
  onDeleteAll: () => void;
  onLock: () => void;
}) {
  const [monthInput, setMonthInput] = useState('');
  const applyMonth = (value: string) => {
    setMonthInput(value);
    if (isValidMonthFilter(value)) props.onFilter({ ym: value });
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        label="Mês (AAAA-MM)"
        size="small"
        value={monthInput}
        placeholder="2026-11"
        onChange={(event) => applyMonth(event.target.value)}
        error={!isValidMonthFilter(monthInput)}
        helperText={isValidMonthFilter(monthInput) ? ' ' : 'Use o formato AAAA-MM'}
      />
      <TextField
        select
        label="UF"
        size="small"
        value={props.uf}
        onChange={(event) => props.onFilter({ uf: event.target.value })}
        sx={{ minWidth: 120 }}
      >
        {VAULT_UF_FILTER_OPTIONS.map((uf) => (
          <MenuItem key={uf} value={uf}>
            {uf === 'all' ? 'Todas' : uf}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flex: 1 }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={props.onExport}
          disabled={props.exporting}
        >
          Exportar CSV
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverIcon />}
          onClick={props.onDeleteAll}
        >
          Excluir Todos
        </Button>
        <Button startIcon={<LockIcon />} onClick={props.onLock}>
          Bloquear
        </Button>
      </Stack>
    </Stack>
  );
}
