import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { VaultRecordSummary } from '@pv/contracts';
import { VAULT_CONSULT_ID_PREVIEW_CHARS, VAULT_UF_FILTER_OPTIONS } from '@pv/contracts/constants';
import { errorMessage, errorStatus, useToast } from '@pv/web-kit';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  useLazyVaultRecordQuery,
  useVaultDeleteAllMutation,
  useVaultDeleteRecordMutation,
  useVaultExportMutation,
  useVaultLoginMutation,
  useVaultRecordsQuery,
  type VaultFilters,
} from '../../../api/vault';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../format';
import { T } from '../../../messages';
import { vaultLocked, vaultUnlocked } from '../../../state/vault-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { VaultRecordDialog } from './vault-record-dialog';

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Spec 2 §5: the month filter is YYYY-MM (or empty for every month). */
export function isValidMonthFilter(value: string): boolean {
  return value === '' || MONTH_PATTERN.test(value);
}

/** True for a failed call with no answer from the server (network down, CORS, DNS). */
function isCommunicationFailure(error: unknown): boolean {
  return (
    !!error &&
    typeof error === 'object' &&
    'status' in error &&
    (error as { status: unknown }).status === 'FETCH_ERROR'
  );
}

/** Spec 2 §2, §4: the transcript vault, locked until the admin key is accepted. */
export default function VaultTab() {
  const unlocked = useAppSelector((state) => state.vault.unlocked);
  return unlocked ? <VaultRecords /> : <VaultLogin />;
}

function VaultLogin() {
  const [adminKey, setAdminKey] = useState('');
  const [login, { isLoading }] = useVaultLoginMutation();
  const dispatch = useAppDispatch();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adminKey.trim() === '') return;
    try {
      await login({ adminKey }).unwrap();
      setAdminKey('');
      dispatch(vaultUnlocked());
    } catch (error) {
      if (isCommunicationFailure(error)) {
        toast({ title: 'Erro', description: T.vaultCommError, variant: 'destructive' });
      } else {
        toast({
          title: T.vaultLoginError,
          description: errorMessage(error, T.vaultCommError),
          variant: 'destructive',
        });
      }
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 480, mx: 'auto' }}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={submit}
        aria-label="Desbloquear Transcript Vault"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LockIcon color="action" />
          <Typography component="h2" variant="h6">
            Transcript Vault bloqueado
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Informe a chave de administrador do Transcript Vault para acessar os registros
          anonimizados.
        </Typography>
        <TextField
          label="Chave de administrador"
          type="password"
          autoComplete="off"
          value={adminKey}
          onChange={(event) => setAdminKey(event.target.value)}
          required
        />
        <Button type="submit" variant="contained" disabled={isLoading || adminKey.trim() === ''}>
          Desbloquear
        </Button>
      </Stack>
    </Paper>
  );
}

type Confirming =
  | { kind: 'none' }
  | { kind: 'one'; record: VaultRecordSummary }
  | { kind: 'all'; step: 1 | 2 };

function VaultRecords() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [filters, setFilters] = useState<VaultFilters>({ ym: '', uf: 'all' });
  const [monthInput, setMonthInput] = useState('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Confirming>({ kind: 'none' });
  const [viewing, setViewing] = useState<string | null>(null);
  const records = useVaultRecordsQuery({ ...filters, page });
  const [loadRecord] = useLazyVaultRecordQuery();
  const [deleteRecord, deletingOne] = useVaultDeleteRecordMutation();
  const [deleteAll, deletingAll] = useVaultDeleteAllMutation();
  const [exportCsv, exporting] = useVaultExportMutation();

  /** Any 401 from the vault means its session ended: back to the key screen. */
  const lockedAgain = useCallback(
    (error: unknown) => {
      if (errorStatus(error) !== 401) return false;
      dispatch(vaultLocked());
      return true;
    },
    [dispatch],
  );

  useEffect(() => {
    if (!records.error) return;
    if (lockedAgain(records.error)) return;
    toast({ title: 'Erro', description: T.vaultLoadRecordsError, variant: 'destructive' });
  }, [records.error, lockedAgain, toast]);

  const applyMonth = (value: string) => {
    setMonthInput(value);
    if (isValidMonthFilter(value)) {
      setFilters((current) => ({ ...current, ym: value }));
      setPage(1);
    }
  };

  const runExport = async () => {
    try {
      const csv = await exportCsv(filters).unwrap();
      downloadCsv(csv, `transcript-vault-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      if (lockedAgain(error)) return;
      toast({
        title: T.vaultExportErrorTitle,
        description: errorMessage(error, T.vaultExportError),
        variant: 'destructive',
      });
    }
  };

  const removeOne = async (record: VaultRecordSummary) => {
    try {
      await deleteRecord(record.consult_id).unwrap();
      toast({ title: 'Registro excluído', variant: 'success' });
      setConfirming({ kind: 'none' });
    } catch (error) {
      setConfirming({ kind: 'none' });
      if (lockedAgain(error)) return;
      toast({
        title: T.vaultDeleteErrorTitle,
        description: errorMessage(error, T.vaultDeleteError),
        variant: 'destructive',
      });
    }
  };

  const removeAll = async () => {
    try {
      const result = await deleteAll().unwrap();
      toast({ title: result.message, variant: 'success' });
      setConfirming({ kind: 'none' });
      setPage(1);
    } catch (error) {
      setConfirming({ kind: 'none' });
      if (lockedAgain(error)) return;
      toast({
        title: T.vaultDeleteAllErrorTitle,
        description: errorMessage(error, T.vaultDeleteAllError),
        variant: 'destructive',
      });
    }
  };

  const pagination = records.data?.pagination;
  return (
    <>
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
          value={filters.uf}
          onChange={(event) => {
            setFilters((current) => ({ ...current, uf: event.target.value }));
            setPage(1);
          }}
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
            onClick={runExport}
            disabled={exporting.isLoading}
          >
            Exportar CSV
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteForeverIcon />}
            onClick={() => setConfirming({ kind: 'all', step: 1 })}
          >
            Excluir Todos
          </Button>
          <Button startIcon={<LockIcon />} onClick={() => dispatch(vaultLocked())}>
            Bloquear
          </Button>
        </Stack>
      </Stack>
      <QueryState isLoading={records.isLoading} isError={false}>
        {records.isError ? (
          <Alert severity="error">{T.vaultLoadRecordsError}</Alert>
        ) : records.data && records.data.records.length === 0 ? (
          <EmptyState>Nenhum registro encontrado</EmptyState>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Registros do Transcript Vault">
              <TableHead>
                <TableRow>
                  <TableCell>Consulta</TableCell>
                  <TableCell>Mês</TableCell>
                  <TableCell>UF</TableCell>
                  <TableCell>Trecho</TableCell>
                  <TableCell>Registrado em</TableCell>
                  <TableCell align="right">Ações</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(records.data?.records ?? []).map((record) => {
                  const shortId = record.consult_id.slice(0, VAULT_CONSULT_ID_PREVIEW_CHARS);
                  return (
                    <TableRow key={record.consult_id}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{shortId}</TableCell>
                      <TableCell>{record.date_ym}</TableCell>
                      <TableCell>{record.geo_region ?? '—'}</TableCell>
                      <TableCell sx={{ maxWidth: 420 }}>{record.transcript_teaser}</TableCell>
                      <TableCell>{formatDateTime(record.timestamp_utc)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          aria-label={`Ver registro ${shortId}`}
                          onClick={() => setViewing(record.consult_id)}
                        >
                          Ver
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          aria-label={`Excluir registro ${shortId}`}
                          onClick={() => setConfirming({ kind: 'one', record })}
                        >
                          Excluir
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
      {pagination && pagination.totalPages > 0 && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 2 }}
        >
          <Typography variant="body2">
            Página {pagination.currentPage} de {pagination.totalPages} ({pagination.totalCount}{' '}
            registros)
          </Typography>
          <Button disabled={!pagination.hasPrev} onClick={() => setPage((p) => p - 1)}>
            Anterior
          </Button>
          <Button disabled={!pagination.hasNext} onClick={() => setPage((p) => p + 1)}>
            Próxima
          </Button>
        </Stack>
      )}
      {viewing && (
        <VaultRecordDialog
          consultId={viewing}
          load={loadRecord}
          onUnauthorized={lockedAgain}
          onClose={() => setViewing(null)}
        />
      )}
      <ConfirmDialog
        open={confirming.kind === 'one'}
        title="Excluir registro"
        message="Tem certeza que deseja excluir este registro do Transcript Vault? Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        busy={deletingOne.isLoading}
        onClose={() => setConfirming({ kind: 'none' })}
        onConfirm={() => confirming.kind === 'one' && removeOne(confirming.record)}
      />
      <ConfirmDialog
        open={confirming.kind === 'all' && confirming.step === 1}
        title="Excluir todos os registros"
        message="Tem certeza que deseja excluir TODOS os registros do Transcript Vault?"
        confirmLabel="Continuar"
        onClose={() => setConfirming({ kind: 'none' })}
        onConfirm={() => setConfirming({ kind: 'all', step: 2 })}
      />
      <ConfirmDialog
        open={confirming.kind === 'all' && confirming.step === 2}
        title="Confirmação final"
        message="Esta ação é irreversível: todos os registros serão apagados definitivamente. Confirma a exclusão de todos os registros?"
        confirmLabel="Excluir Todos"
        busy={deletingAll.isLoading}
        onClose={() => setConfirming({ kind: 'none' })}
        onConfirm={removeAll}
      />
    </>
  );
}

/** Saves the export as a file; the BOM keeps accents right when a spreadsheet opens it. */
function downloadCsv(csv: string, fileName: string) {
  const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
