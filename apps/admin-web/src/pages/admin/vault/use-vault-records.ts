import type { VaultRecordSummary } from '@pv/contracts';
import { errorStatus, useFailureToast, useToast } from '@pv/web-kit';
import { useCallback, useEffect, useState } from 'react';
import {
  useLazyVaultRecordQuery,
  useVaultDeleteAllMutation,
  useVaultDeleteRecordMutation,
  useVaultExportMutation,
  useVaultRecordsQuery,
  type VaultFilters,
} from '../../../api/vault';
import { T } from '../../../messages';
import { vaultLocked } from '../../../state/vault-slice';
import { useAppDispatch } from '../../../store';

/** Which confirmation is open: none, one record's, or step 1 or 2 of "delete all". */
export type Confirming =
  | { kind: 'none' }
  | { kind: 'one'; record: VaultRecordSummary }
  | { kind: 'all'; step: 1 | 2 };

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

/**
 * The unlocked vault's state and actions: filters and page, the record being viewed, the open
 * confirmation, export and deletions. Any 401 from the vault locks it again.
 */
export function useVaultRecords() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const failureToast = useFailureToast();
  const [filters, setFilters] = useState<VaultFilters>({ ym: '', uf: 'all' });
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

  /** A failed action: the key screen after a 401, else the spec's toast for that action. */
  const failed = (error: unknown, toastText: { title: string; fallback: string }) => {
    if (!lockedAgain(error)) failureToast(error, toastText);
  };

  const filterBy = (change: Partial<VaultFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  const runExport = async () => {
    try {
      const csv = await exportCsv(filters).unwrap();
      downloadCsv(csv, `transcript-vault-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      failed(error, { title: T.vaultExportErrorTitle, fallback: T.vaultExportError });
    }
  };

  const removeOne = async (record: VaultRecordSummary) => {
    try {
      await deleteRecord(record.consult_id).unwrap();
      toast({ title: 'Registro excluído', variant: 'success' });
      setConfirming({ kind: 'none' });
    } catch (error) {
      setConfirming({ kind: 'none' });
      failed(error, { title: T.vaultDeleteErrorTitle, fallback: T.vaultDeleteError });
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
      failed(error, { title: T.vaultDeleteAllErrorTitle, fallback: T.vaultDeleteAllError });
    }
  };

  return {
    records,
    filters,
    filterBy,
    setPage,
    confirming,
    setConfirming,
    viewing,
    setViewing,
    loadRecord,
    lockedAgain,
    lock: () => dispatch(vaultLocked()),
    runExport,
    exporting: exporting.isLoading,
    removeOne,
    deletingOne: deletingOne.isLoading,
    removeAll,
    deletingAll: deletingAll.isLoading,
  };
}
