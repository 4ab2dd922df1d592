import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { AuditEntry, AuditLogQuery } from '@pv/contracts';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction } from '@pv/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useAuditLogQuery } from '../../../api/audit';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { ListTable } from '../../../components/simple-table';
import { formatDateTime } from '../../../format';

interface Filters {
  action: AuditAction | '';
  actor: string;
  targetId: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { action: '', actor: '', targetId: '', from: '', to: '' };

/** Only the filters given, trimmed: an empty field asks for everything. */
function queryOf(filters: Filters, page: number): AuditLogQuery {
  const query: AuditLogQuery = { page };
  if (filters.action) query.action = filters.action;
  for (const key of ['actor', 'targetId', 'from', 'to'] as const) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

const detailsText = (entry: AuditEntry) =>
  Object.entries(entry.details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');

/**
 * 'Auditoria' (issue 15 item 8): who of the staff saw or changed sensitive data, newest first,
 * filtered by action, staff member, target and dates. Read-only: the log is append-only.
 */
export default function AuditTab() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const log = useAuditLogQuery(queryOf(applied, page));
  const entries = log.data?.entries ?? [];

  const search = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Registro permanente de acessos da equipe a dados sensíveis: cofre de transcrições, perfis,
        listas e buscas de usuários (cada usuário exibido), histórico de acesso e uso dos usuários,
        redefinições de senha, concessões de Premium e de administrador, tickets de suporte abertos,
        alterados ou buscados por texto e a lista de visitantes.
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        onSubmit={search}
        aria-label="Filtros da auditoria"
      >
        <TextField select size="small" label="Ação" sx={{ minWidth: 240 }} {...field('action')}>
          <MenuItem value="">Todas</MenuItem>
          {AUDIT_ACTION_NAMES.map((name) => (
            <MenuItem key={name} value={name}>
              {AUDIT_ACTIONS[name]}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Equipe (e-mail ou id)" {...field('actor')} />
        <TextField size="small" label="Alvo (id)" {...field('targetId')} />
        <TextField
          size="small"
          type="date"
          label="De"
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('from')}
        />
        <TextField
          size="small"
          type="date"
          label="Até"
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('to')}
        />
        <Button type="submit" variant="contained">
          Filtrar
        </Button>
      </Stack>
      <QueryState isLoading={log.isLoading} isError={log.isError}>
        <ListTable
          empty="Nenhum acesso registrado com esses filtros."
          label="Registro de auditoria"
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            { header: 'Quando', cell: (e) => formatDateTime(e.occurredAt) },
            { header: 'Quem', cell: (e) => e.actorEmail },
            { header: 'Ação', cell: (e) => AUDIT_ACTIONS[e.action] },
            { header: 'Alvo', cell: (e) => e.targetId ?? '—' },
            { header: 'Endereço', cell: (e) => e.ipAddress },
            { header: 'Detalhes', cell: detailsText },
          ]}
        />
        {log.data && log.data.pagination.totalPages > 0 && (
          <Pager pagination={log.data.pagination} onStep={(step) => setPage(page + step)} />
        )}
      </QueryState>
    </Stack>
  );
}
