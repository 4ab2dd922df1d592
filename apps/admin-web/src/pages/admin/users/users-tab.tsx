import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Avatar, Box, Button, Chip, IconButton, Stack, TextField } from '@mui/material';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { AdminUser, AdminUserSort } from '@pv/contracts';
import { DEFAULT_USERS_PER_PAGE } from '@pv/contracts/constants';
import { useFailureToast, useToast } from '@pv/web-kit';
import { useDeferredValue, useMemo, useState } from 'react';
import { FIRST_USERS_PAGE, useDeleteUserMutation, useListUsersQuery } from '../../../api/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../format';
import { professionalLabel, T, USER_STATUS_LABELS } from '../../../messages';
import { useDebounced } from '../../../use-debounced';
import { DataGrid, ptBR } from './grid';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UserProfileDialog } from './user-profile-dialog';

/** jsdom has no layout, so component tests render every row; browsers virtualize. */
const VIRTUALIZE = import.meta.env.MODE !== 'test';
const PAGE_SIZES = [DEFAULT_USERS_PER_PAGE, 50, 100];
/** The search reaches the server once typing pauses this long (as the support queue's). */
export const USER_SEARCH_DELAY_MS = 300;
/** Grid columns the server sorts by (their ids are the API's `sort` values). */
const SERVER_SORTS: readonly string[] = [
  'fullName',
  'email',
  'specialty',
  'registry',
  'lastLoginAt',
];

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'reset'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'profile'; userId: string };

/** The "Usuários" tab: search, list, create, edit, reset password, delete, full profile. */
export default function UsersTab() {
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [deleteUser, deleting] = useDeleteUserMutation();
  const toast = useToast();
  const failed = useFailureToast();

  // Opens on the page the console prefetches (admin-page.tsx): one request, shared.
  const [paging, setPaging] = useState<GridPaginationModel>({
    page: FIRST_USERS_PAGE.page - 1,
    pageSize: FIRST_USERS_PAGE.limit,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const q = useDebounced(query.trim(), USER_SEARCH_DELAY_MS);

  // The first console searched the list it fetched; with tens of thousands of users the server pages,
  // searches (name or email, case-insensitive) and sorts it instead (issue 17).
  const sorted = sortModel[0];
  const { data, isLoading, isFetching, isError } = useListUsersQuery({
    page: paging.page + 1,
    limit: paging.pageSize,
    ...(q ? { q } : {}),
    ...(sorted?.sort && SERVER_SORTS.includes(sorted.field)
      ? { sort: sorted.field as AdminUserSort, order: sorted.sort }
      : {}),
  });
  // A new search starts at page 1.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    if (paging.page !== 0) setPaging({ ...paging, page: 0 });
  }
  // The grid's first render with rows is the console's heaviest (~250 ms of a phone's CPU): it
  // renders as a transition, in slices between the browser's other work, instead of in one task
  // the moment the users arrive (an answer reaches React synchronously). Later pages the same way;
  // `loading` follows the request at once.
  const shown = useDeferredValue(data);
  const rows = shown?.users ?? [];
  const columns = useMemo(() => userColumns(setDialog), []);
  const close = () => setDialog({ kind: 'none' });

  const confirmDelete = async (user: AdminUser) => {
    try {
      await deleteUser(user.id).unwrap();
      toast({ title: 'Usuário excluído', description: user.email, variant: 'success' });
      close();
    } catch (error) {
      failed(error, { title: 'Erro ao excluir usuário', fallback: 'Tente novamente' });
    }
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={T.searchUsers}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'aria-label': T.searchUsers, type: 'search' } }}
        />
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          onClick={() => setDialog({ kind: 'create' })}
        >
          {T.newUser}
        </Button>
      </Stack>
      <QueryState isLoading={isLoading || (!isError && shown === undefined)} isError={isError}>
        <Box sx={{ height: 640, width: '100%' }}>
          <DataGrid
            rows={rows}
            columns={columns}
            getRowId={(user) => user.id}
            rowHeight={64}
            disableRowSelectionOnClick
            disableColumnFilter
            disableVirtualization={!VIRTUALIZE}
            pageSizeOptions={PAGE_SIZES}
            paginationMode="server"
            sortingMode="server"
            rowCount={shown?.pagination.totalCount ?? 0}
            loading={isFetching}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            sortModel={sortModel}
            onSortModelChange={(model) => {
              setSortModel(model);
              setPaging((current) => ({ ...current, page: 0 }));
            }}
            aria-label="Usuários"
            // A localeText prop replaces the theme's pt-BR texts instead of merging with them.
            localeText={{
              ...ptBR.components.MuiDataGrid.defaultProps.localeText,
              noRowsLabel: 'Nenhum usuário encontrado',
            }}
          />
        </Box>
      </QueryState>
      {(dialog.kind === 'create' || dialog.kind === 'edit') && (
        <UserFormDialog user={dialog.kind === 'edit' ? dialog.user : undefined} onClose={close} />
      )}
      {dialog.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={close} />}
      {dialog.kind === 'profile' && <UserProfileDialog userId={dialog.userId} onClose={close} />}
      <ConfirmDialog
        open={dialog.kind === 'delete'}
        title="Excluir usuário"
        message={T.deleteUserConfirm}
        confirmLabel={T.delete}
        busy={deleting.isLoading}
        onClose={close}
        onConfirm={() => dialog.kind === 'delete' && confirmDelete(dialog.user)}
      />
    </>
  );
}

function userColumns(open: (dialog: Dialog) => void): GridColDef<AdminUser>[] {
  return [
    {
      field: 'fullName',
      headerName: 'Nome',
      flex: 1.4,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%' }}>
          <Avatar src={row.picture ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {(row.fullName || row.email).charAt(0).toUpperCase()}
          </Avatar>
          <span>{row.fullName || T.nameMissing}</span>
        </Stack>
      ),
    },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 180 },
    {
      field: 'badges',
      headerName: 'Situação',
      minWidth: 200,
      sortable: false,
      valueGetter: (_value, row) => row.userStatus,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {row.isAdmin && <Chip size="small" color="secondary" label="Admin" />}
          {(row.isPremium || row.subscriptionStatus === 'active') && (
            <Chip size="small" color="primary" label="Premium" />
          )}
          <Chip
            size="small"
            variant="outlined"
            color={row.userStatus === 'active' ? 'success' : 'default'}
            label={USER_STATUS_LABELS[row.userStatus]}
          />
        </Stack>
      ),
    },
    {
      field: 'specialty',
      headerName: 'Especialidade',
      minWidth: 140,
      valueGetter: (_value, row) => professionalLabel(row.specialty),
    },
    {
      field: 'registry',
      headerName: 'Registro',
      minWidth: 110,
      valueGetter: (_value, row) =>
        [row.professionalRegistry, row.registryNumber].filter(Boolean).join(' '),
    },
    {
      field: 'lastLoginAt',
      headerName: 'Último login',
      minWidth: 140,
      valueFormatter: (value: string | null) => (value ? formatDateTime(value) : T.never),
    },
    {
      field: 'actions',
      headerName: 'Ações',
      width: 176,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => {
        const name = row.fullName || row.email;
        return (
          <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
            <IconButton
              aria-label={`Ver perfil completo de ${name}`}
              title="Ver perfil completo"
              onClick={() => open({ kind: 'profile', userId: row.id })}
            >
              <VisibilityIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={`Editar ${name}`}
              title="Editar"
              onClick={() => open({ kind: 'edit', user: row })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={`Redefinir senha de ${name}`}
              title="Redefinir senha"
              onClick={() => open({ kind: 'reset', user: row })}
            >
              <KeyIcon fontSize="small" />
            </IconButton>
            {/* Admin accounts cannot be deleted from the list. */}
            {!row.isAdmin && (
              <IconButton
                aria-label={`Excluir ${name}`}
                title="Excluir"
                color="error"
                onClick={() => open({ kind: 'delete', user: row })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        );
      },
    },
  ];
}
