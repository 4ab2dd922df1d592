import { Alert } from '@mui/material';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Pager } from '../../../components/pager';
import { EmptyState, QueryState } from '../../../components/query-state';
import { T } from '../../../messages';
import { useVaultRecords } from './use-vault-records';
import { VaultRecordDialog } from './vault-record-dialog';
import { VaultRecordsTable } from './vault-records-table';
import { VaultToolbar } from './vault-toolbar';

/** The unlocked vault's records, filters, export and deletions. */
export function VaultRecords() {
  const vault = useVaultRecords();
  const { records, confirming, setConfirming } = vault;
  const closeConfirmation = () => setConfirming({ kind: 'none' });
  const pagination = records.data?.pagination;
  return (
    <>
      <VaultToolbar
        uf={vault.filters.uf}
        onFilter={vault.filterBy}
        onExport={vault.runExport}
        exporting={vault.exporting}
        onDeleteAll={() => setConfirming({ kind: 'all', step: 1 })}
        onLock={vault.lock}
      />
      <QueryState isLoading={records.isLoading} isError={false}>
        {records.isError ? (
          <Alert severity="error">{T.vaultLoadRecordsError}</Alert>
        ) : records.data && records.data.records.length === 0 ? (
          <EmptyState>Nenhum registro encontrado</EmptyState>
        ) : (
          <VaultRecordsTable
            records={records.data?.records ?? []}
            onView={vault.setViewing}
            onDelete={(record) => setConfirming({ kind: 'one', record })}
          />
        )}
      </QueryState>
      {pagination && pagination.totalPages > 0 && (
        <Pager pagination={pagination} onStep={(pages) => vault.setPage((page) => page + pages)} />
      )}
      {vault.viewing && (
        <VaultRecordDialog
          consultId={vault.viewing}
          load={vault.loadRecord}
          onUnauthorized={vault.lockedAgain}
          onClose={() => vault.setViewing(null)}
        />
      )}
      <ConfirmDialog
        open={confirming.kind === 'one'}
        title="Excluir registro"
        message="Tem certeza que deseja excluir este registro do Transcript Vault? Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        busy={vault.deletingOne}
        onClose={closeConfirmation}
        onConfirm={() => confirming.kind === 'one' && vault.removeOne(confirming.record)}
      />
      <ConfirmDialog
        open={confirming.kind === 'all' && confirming.step === 1}
        title="Excluir todos os registros"
        message="Tem certeza que deseja excluir TODOS os registros do Transcript Vault?"
        confirmLabel="Continuar"
        onClose={closeConfirmation}
        onConfirm={() => setConfirming({ kind: 'all', step: 2 })}
      />
      <ConfirmDialog
        open={confirming.kind === 'all' && confirming.step === 2}
        title="Confirmação final"
        message="Esta ação é irreversível: todos os registros serão apagados definitivamente. Confirma a exclusão de todos os registros?"
        confirmLabel="Excluir Todos"
        busy={vault.deletingAll}
        onClose={closeConfirmation}
        onConfirm={vault.removeAll}
      />
    </>
  );
}
