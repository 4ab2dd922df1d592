import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  TableContainer,
  TablePagination,
  TextField,
} from '@mui/material';
import type { AdminUser, AdminUserSort } from '@pv/contracts';
import { DEFAULT_USERS_PER_PAGE } from '@pv/contracts/constants';
import { useFailureToast, useRevealInSteps, useToast } from '@pv/web-kit';
import { useDeferredValue, useMemo, useState } from 'react';
import { FIRST_USERS_PAGE, useDeleteUserMutation, useListUsersQuery } from '../../../api/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { SimpleTable, type TableColumn, type TableSort } from '../../../components/simple-table';
import { formatDateTime } from '../../../format';
import { professionalLabel, T, USER_STATUS_LABELS } from '../../../messages';
import { useDebounced } from '../../../use-debounced';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UserProfileDialog } from './user-profile-dialog';

const PAGE_SIZES = [DEFAULT_USERS_PER_PAGE, 50, 100];
/**
 * Rows the first page commits at once (a phone's screenful); the rest follow as many per task.
 * Twenty-five rows of chips and buttons in one commit were a long task of their own at 4x.
 */
const ROWS_AT_ONCE = 8;
/** The search reaches the server once typing pauses this long (as the support queue's). */
export const USER_SEARCH_DELAY_MS = 300;

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
  const [paging, setPaging] = useState({
    page: FIRST_USERS_PAGE.page - 1,
    pageSize: FIRST_USERS_PAGE.limit,
  });
  const [sort, setSort] = useState<TableSort>();
  const q = useDebounced(query.trim(), USER_SEARCH_DELAY_MS);

  // The first console searched the list it fetched; with tens of thousands of users the server pages,
  // searches (name or email, case-insensitive) and sorts it instead (issue 17).
  const { data, isLoading, isFetching, isError } = useListUsersQuery({
    page: paging.page + 1,
    limit: paging.pageSize,
    ...(q ? { q } : {}),
    ...(sort ? { sort: sort.key as AdminUserSort, order: sort.order } : {}),
  });
  // A new search starts at page 1.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    if (paging.page !== 0) setPaging({ ...paging, page: 0 });
  }
  // A page of rows (an avatar, chips and four buttons each) renders as a transition, in slices
  // between the browser's other work, instead of in one task the moment the users arrive (an
  // answer reaches React synchronously). The progress bar follows the request at once. The
  // first page too: mounted with its users already cached (the console prefetches them), the
  // tab is first drawn with `null` (its spinner) and then with them, as a transition; without an
  // initial value React would draw them at once, in the synchronous render that mounts the tab.
  const shown = useDeferredValue(data, null);
  const users = shown?.users ?? [];
  const rows = users.slice(0, useRevealInSteps(users.length, ROWS_AT_ONCE, ROWS_AT_ONCE));
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
      <QueryState isLoading={isLoading || (!isError && !shown)} isError={isError}>
        <Paper variant="outlined">
          {/* Reserved while idle, so the table does not move when a page is being fetched. */}
          <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={T.loading} />}</Box>
          <TableContainer>
            <SimpleTable
              label="Usuários"
              columns={columns}
              rows={rows}
              rowKey={(user) => user.id}
              sort={sort}
              onSortChange={(next) => {
                setSort(next);
                setPaging((current) => ({ ...current, page: 0 }));
              }}
              empty="Nenhum usuário encontrado"
            />
          </TableContainer>
          <TablePagination
            component="div"
            count={shown?.pagination.totalCount ?? 0}
            page={paging.page}
            rowsPerPage={paging.pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, page) => setPaging((current) => ({ ...current, page }))}
            onRowsPerPageChange={(event) =>
              setPaging({ page: 0, pageSize: Number(event.target.value) })
            }
          />
        </Paper>
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

function userColumns(open: (dialog: Dialog) => void): TableColumn<AdminUser>[] {
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return [
    {
      header: 'Nome',
      sortKey: 'fullName' satisfies AdminUserSort,
      sx: { minWidth: 200 },
      cell: (row) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={row.picture ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {(row.fullName || row.email).charAt(0).toUpperCase()}
          </Avatar>
          <span>{row.fullName || T.nameMissing}</span>
        </Stack>
      ),
    },
    {
      header: 'Email',
      sortKey: 'email' satisfies AdminUserSort,
      sx: nowrap,
      cell: (row) => row.email,
    },
    {
      header: 'Situação',
      cell: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
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
      header: 'Especialidade',
      sortKey: 'specialty' satisfies AdminUserSort,
      cell: (row) => professionalLabel(row.specialty),
    },
    {
      header: 'Registro',
      sortKey: 'registry' satisfies AdminUserSort,
      sx: nowrap,
      cell: (row) => [row.professionalRegistry, row.registryNumber].filter(Boolean).join(' '),
    },
    {
      header: 'Último login',
      sortKey: 'lastLoginAt' satisfies AdminUserSort,
      sx: nowrap,
      cell: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt) : T.never),
    },
    {
      header: 'Ações',
      sx: nowrap,
      cell: (row) => {
        const name = row.fullName || row.email;
        return (
          <>
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
          </>
        );
      },
    },
  ];
}
