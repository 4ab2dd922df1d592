import {
  Chip,
  Grid,
  Paper,
  TableContainer,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD } from '@pv/contracts/constants';
import { useState } from 'react';
import { useSiteAnalyticsQuery, useVisitorTrackingQuery } from '../../../api/analytics';
import { EmptyState, QueryState } from '../../../components/query-state';
import { SimpleTable } from '../../../components/simple-table';
import { StatCard } from '../../../components/stat-card';
import { formatCount, formatDateTime, formatDay, formatOneDecimal } from '../../../format';

/** The visitor table shows the first 20 rows; the last-days list 7 days. */
const VISITOR_ROWS = 20;
const LAST_DAYS = 7;

/** The "Analytics" tab: period figures with today's, a chart, last 7 days, visitor tracking. */
export default function AnalyticsTab() {
  const [days, setDays] = useState<number>(DEFAULT_ANALYTICS_PERIOD);
  const site = useSiteAnalyticsQuery(days);
  const visitors = useVisitorTrackingQuery();
  const data = site.data;
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={days}
        onChange={(_event, value: number | null) => value !== null && setDays(value)}
        aria-label="Período"
        sx={{ mb: 2 }}
      >
        {ANALYTICS_PERIODS.map((period) => (
          <ToggleButton key={period} value={period}>
            {period} dias
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <QueryState isLoading={site.isLoading} isError={site.isError}>
        {data && (
          <>
            <Grid container spacing={2} sx={{ mb: 3 }}>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard
                  label="Visitantes Únicos"
                  value={formatCount(data.summary.totalVisitors)}
                  detail={`Hoje: ${formatCount(data.todayAnalytics.uniqueVisitors)}`}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard
                  label="Visualizações de Página"
                  value={formatCount(data.summary.totalPageViews)}
                  detail={`Hoje: ${formatCount(data.todayAnalytics.totalPageViews)}`}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard
                  label="Requisições de IA"
                  value={formatCount(data.summary.totalAiRequests)}
                  detail={`Hoje: ${formatCount(data.todayAnalytics.totalAiRequests)}`}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard
                  label="Tokens de IA"
                  value={formatCount(data.summary.totalAiTokensUsed)}
                  detail={`Hoje: ${formatCount(data.todayAnalytics.totalAiTokensUsed)}`}
                />
              </Grid>
            </Grid>
            <Grid container spacing={2} sx={{ mb: 3 }}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
                  <Typography component="h2" variant="h6" gutterBottom>
                    Resumo do período ({data.period.days} dias)
                  </Typography>
                  <Typography>Visitantes: {formatCount(data.summary.totalVisitors)}</Typography>
                  <Typography>Visualizações: {formatCount(data.summary.totalPageViews)}</Typography>
                  <Typography>
                    Média diária de visitantes: {formatOneDecimal(data.summary.avgDailyVisitors)}
                  </Typography>
                  <Typography>
                    Média diária de visualizações:{' '}
                    {formatOneDecimal(data.summary.avgDailyPageViews)}
                  </Typography>
                </Paper>
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography component="h2" variant="h6">
                    Evolução no período
                  </Typography>
                  <LineChart
                    height={260}
                    xAxis={[
                      {
                        scaleType: 'point',
                        data: data.analytics.map((day) => formatDay(day.date).slice(0, 5)),
                      },
                    ]}
                    series={[
                      {
                        data: data.analytics.map((day) => day.uniqueVisitors),
                        label: 'Visitantes',
                        curve: 'linear',
                      },
                      {
                        data: data.analytics.map((day) => day.totalPageViews),
                        label: 'Visualizações',
                        curve: 'linear',
                      },
                    ]}
                  />
                </Paper>
              </Grid>
            </Grid>
            <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
              <Typography component="h2" variant="h6">
                Últimos 7 dias
              </Typography>
              <SimpleTable
                label="Últimos 7 dias"
                rows={data.analytics.slice(-LAST_DAYS).reverse()}
                rowKey={(day) => day.date}
                columns={[
                  { header: 'Data', cell: (day) => formatDay(day.date) },
                  {
                    header: 'Visitantes',
                    align: 'right',
                    cell: (day) => formatCount(day.uniqueVisitors),
                  },
                  {
                    header: 'Visualizações',
                    align: 'right',
                    cell: (day) => formatCount(day.totalPageViews),
                  },
                ]}
              />
            </Paper>
          </>
        )}
      </QueryState>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          Rastreamento de visitantes
        </Typography>
        <QueryState isLoading={visitors.isLoading} isError={visitors.isError}>
          {visitors.data && (
            <>
              <Grid container spacing={2} sx={{ mb: 2 }}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <StatCard label="Visitantes hoje" value={formatCount(visitors.data.todayCount)} />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <StatCard
                    label="IPs únicos hoje"
                    value={formatCount(visitors.data.uniqueIpsToday)}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <StatCard
                    label="Total (últimos 7 dias)"
                    value={formatCount(visitors.data.totalLast7Days)}
                  />
                </Grid>
              </Grid>
              {visitors.data.visitors.length === 0 ? (
                <EmptyState>Nenhum visitante nos últimos 7 dias</EmptyState>
              ) : (
                <TableContainer>
                  <SimpleTable
                    label="Visitantes recentes"
                    rows={visitors.data.visitors.slice(0, VISITOR_ROWS)}
                    // Page views have no id; the snapshot never reorders.
                    rowKey={(visitor, index) => `${visitor.date}-${visitor.ipAddress}-${index}`}
                    columns={[
                      { header: 'Data', cell: (visitor) => formatDateTime(visitor.date) },
                      { header: 'IP', cell: (visitor) => visitor.ipAddress },
                      {
                        header: 'Navegador',
                        sx: { maxWidth: 360, wordBreak: 'break-all' },
                        cell: (visitor) => visitor.userAgent,
                      },
                      {
                        header: 'Usuário',
                        cell: (visitor) => (
                          <Chip
                            size="small"
                            label={visitor.userId ? 'Auth' : 'Anônimo'}
                            color={visitor.userId ? 'primary' : 'default'}
                          />
                        ),
                      },
                    ]}
                  />
                </TableContainer>
              )}
            </>
          )}
        </QueryState>
      </Paper>
    </>
  );
}
