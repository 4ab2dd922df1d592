import {
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { SupportTicket, TicketListQuery } from '@pv/contracts';
import {
  DEFAULT_TICKETS_PER_PAGE,
  TICKET_CATEGORIES,
  TICKET_DESCRIPTION_PREVIEW_CHARS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '@pv/contracts/constants';
import { useState } from 'react';
import { useListTicketsQuery } from '../../api/support';
import { EmptyState, QueryState } from '../../components/query-state';
import { StatCard } from '../../components/stat-card';
import { formatCount, formatDateTime, formatOneDecimal, preview } from '../../format';
import {
  T,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from '../../messages';
import { useDebounced } from '../../use-debounced';
import { TicketDialog } from './ticket-dialog';

type Filters = Required<Pick<TicketListQuery, 'status' | 'priority' | 'category'>> & {
  search: string;
};

const ALL = 'all';
const SEARCH_DELAY_MS = 300;

/** The "Suporte" tab (the console's tab and /admin/support): counters, filters, list, detail. */
export default function SupportPanel() {
  const [filters, setFilters] = useState<Filters>({
    status: ALL,
    priority: ALL,
    category: ALL,
    search: '',
  });
  // The server pages the queue (it may hold thousands of tickets); a new filter starts at page 1.
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search.trim(), SEARCH_DELAY_MS);
  const { data, isLoading, isError, isFetching } = useListTicketsQuery({
    status: filters.status,
    priority: filters.priority,
    category: filters.category,
    ...(search ? { search } : {}),
    page,
    limit: DEFAULT_TICKETS_PER_PAGE,
  });
  const [openTicket, setOpenTicket] = useState<SupportTicket | null>(null);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

  return (
    <>
      {data && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard label="Total de tickets" value={formatCount(data.stats.total)} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard label="Abertos" value={formatCount(data.stats.open)} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard label="Resolvidos" value={formatCount(data.stats.resolved)} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatCard
              label="Tempo médio de resolução"
              value={`${formatOneDecimal(data.stats.avgResolutionTime)} h`}
            />
          </Grid>
        </Grid>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Buscar tickets"
          size="small"
          type="search"
          value={filters.search}
          onChange={(event) => set('search', event.target.value)}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={filters.status}
          onChange={(event) => set('status', event.target.value as Filters['status'])}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value={ALL}>Todos</MenuItem>
          {TICKET_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {TICKET_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Prioridade"
          value={filters.priority}
          onChange={(event) => set('priority', event.target.value as Filters['priority'])}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value={ALL}>Todas</MenuItem>
          {TICKET_PRIORITIES.map((value) => (
            <MenuItem key={value} value={value}>
              {TICKET_PRIORITY_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Categoria"
          value={filters.category}
          onChange={(event) => set('category', event.target.value as Filters['category'])}
          sx={{ minWidth: 190 }}
        >
          <MenuItem value={ALL}>Todas</MenuItem>
          {TICKET_CATEGORIES.map((value) => (
            <MenuItem key={value} value={value}>
              {TICKET_CATEGORY_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <QueryState isLoading={isLoading} isError={isError}>
        {data && data.tickets.length === 0 ? (
          <EmptyState>{T.noTicketsForFilters}</EmptyState>
        ) : (
          <Stack spacing={1.5} aria-busy={isFetching} component="ul" sx={{ p: 0, m: 0 }}>
            {(data?.tickets ?? []).map((ticket) => (
              <Card key={ticket.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
                <CardContent sx={{ pb: 1 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
                  >
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
                      {ticket.subject}
                    </Typography>
                    <Chip size="small" label={TICKET_STATUS_LABELS[ticket.status]} />
                    <Chip
                      size="small"
                      variant="outlined"
                      label={TICKET_PRIORITY_LABELS[ticket.priority]}
                    />
                    <Chip
                      size="small"
                      variant="outlined"
                      label={TICKET_CATEGORY_LABELS[ticket.category]}
                    />
                  </Stack>
                  <Typography variant="body2" data-testid="ticket-description">
                    {preview(ticket.description, TICKET_DESCRIPTION_PREVIEW_CHARS)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {ticket.contactName ? `${ticket.contactName} · ` : ''}
                    {ticket.contactEmail} · {formatDateTime(ticket.createdAt)}
                    {ticket.userId ? '' : ' · Anônimo'}
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button
                    size="small"
                    onClick={() => setOpenTicket(ticket)}
                    aria-label={`Ver detalhes do ticket ${ticket.subject}`}
                  >
                    Ver detalhes
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Stack>
        )}
        {data && data.pagination.totalPages > 1 && (
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Pagination
              count={data.pagination.totalPages}
              page={data.pagination.currentPage}
              onChange={(_event, next) => setPage(next)}
              getItemAriaLabel={(type, item) =>
                type === 'page'
                  ? `Página ${item}`
                  : type === 'next'
                    ? 'Próxima página'
                    : 'Página anterior'
              }
              aria-label="Páginas de tickets"
            />
            <Typography variant="body2" color="text.secondary">
              {formatCount(data.pagination.totalCount)} tickets
            </Typography>
          </Stack>
        )}
      </QueryState>
      {openTicket && <TicketDialog ticket={openTicket} onClose={() => setOpenTicket(null)} />}
    </>
  );
}
