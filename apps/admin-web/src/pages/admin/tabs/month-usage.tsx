import { Paper, Stack, TextField, Typography } from '@mui/material';
import type { MonthlyUsage } from '@pv/contracts';
import { BILLING_TIME_ZONE } from '@pv/contracts/constants';
import { useState } from 'react';
import { useMonthUsageQuery } from '../../../api/users';
import { EmptyState, QueryState } from '../../../components/query-state';
import { SimpleTable, type TableColumn } from '../../../components/simple-table';
import { formatCount, formatUsd4 } from '../../../format';
import { T } from '../../../messages';

/** YYYY-MM of today in São Paulo, the month every counter is kept in. */
export function currentMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BILLING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** Most users shown: the busiest of the month (billing sorts by AI requests). */
export const MONTH_USAGE_ROWS = 50;

const COLUMNS: readonly TableColumn<MonthlyUsage>[] = [
  { header: 'Usuário', cell: (row) => row.fullName || row.email || T.nameMissing },
  { header: 'Email', cell: (row) => row.email ?? '' },
  { header: 'Logins', cell: (row) => formatCount(row.loginCount), align: 'right' },
  { header: 'Transcrições', cell: (row) => formatCount(row.transcriptionCount), align: 'right' },
  { header: 'PDFs', cell: (row) => formatCount(row.pdfGenerationCount), align: 'right' },
  { header: 'Requisições de IA', cell: (row) => formatCount(row.aiRequestCount), align: 'right' },
  { header: 'Custo de IA', cell: (row) => formatUsd4(row.aiCostUSD), align: 'right' },
];

/**
 * The month-level usage view (GET /api/admin/usage-metrics?year&month): who used the product in
 * a month, one row per user, so operations can see the month's heavy users without opening
 * profiles one at a time.
 */
export function MonthUsage() {
  const [month, setMonth] = useState(currentMonth);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const valid = Number.isInteger(year) && monthNumber >= 1 && monthNumber <= 12;
  const { data, isLoading, isError } = useMonthUsageQuery(
    { year, month: monthNumber },
    { skip: !valid },
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-label="Uso do mês">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          Uso do mês
        </Typography>
        <TextField
          type="month"
          size="small"
          label="Mês"
          value={month}
          onChange={(event) => event.target.value && setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <QueryState isLoading={isLoading} isError={isError}>
        {data && data.length === 0 ? (
          <EmptyState>{T.noUsageMetrics}</EmptyState>
        ) : (
          <SimpleTable
            label="Uso por usuário no mês"
            columns={COLUMNS}
            rows={(data ?? []).slice(0, MONTH_USAGE_ROWS)}
            rowKey={(row) => row.userId}
          />
        )}
      </QueryState>
    </Paper>
  );
}
