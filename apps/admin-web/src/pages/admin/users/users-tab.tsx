import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Avatar, Box, Button, Chip, IconButton, Stack, TextField } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import type { AdminUser } from '@pv/contracts';
import { useFailureToast, useToast } from '@pv/web-kit';
import { useMemo, useState } from 'react';
import { useDeleteUserMutation, useListUsersQuery } from '../../../api/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../format';
import { professionalLabel, T, USER_STATUS_LABELS } from '../../../messages';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UserProfileDialog } from './user-profile-dialog';
import { buildUserIndex, filterUsers, sortUserIndex } from './user-search';

/** jsdom has no layout, so component tests render every row; browsers virtualize. */
const VIRTUALIZE = import.meta.env.MODE !== 'test';
const PAGE_SIZES = [25, 50, 100];

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'reset'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'profile'; userId: string };

/** Spec 2 §2 "Usuários": search, list, create, edit, reset password, delete, full profile. */
export default function UsersTab() {
  const { data: users, isLoading, isError } = useListUsersQuery();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [deleteUser, deleting] = useDeleteUserMutation();
  const toast = useToast();
  const failed = useFailureToast();

  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);

  // The grid gets one page at a time: filtering, sorting and slicing 10,000 users here is a few
  // milliseconds, while handing the grid every row would make it rebuild its row tree per keystroke.
  const index = useMemo(() => buildUserIndex(users ?? []), [users]);
  const sorted = useMemo(
    () => sortUserIndex(index, sortModel[0]?.field, sortModel[0]?.sort),
    [index, sortModel],
  );
  const matches = useMemo(() => filterUsers(sorted, query), [sorted, query]);
  const rows = useMemo(
    () => matches.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize),
    [matches, paging],
  );
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
          onChange={(event) => {
            setQuery(event.target.value);
            setPaging((current) => (current.page === 0 ? current : { ...current, page: 0 }));
          }}
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
      <QueryState isLoading={isLoading} isError={isError}>
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
            rowCount={matches.length}
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
            {/* Spec 2 §2, §6: admin accounts cannot be deleted from the list. */}
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
