import {
  Avatar,
  Grid,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useDashboardQuery } from '../../../api/analytics';
import { EmptyState, QueryState } from '../../../components/query-state';
import { StatCard } from '../../../components/stat-card';
import { formatCount, formatDateTime, formatOneDecimal, formatUsd4 } from '../../../format';
import { T } from '../../../messages';
import { MonthUsage } from './month-usage';

/** The "Dashboard" tab: users, Premium share, AI use this month, the 5 newest users. */
export default function DashboardTab() {
  const { data, isLoading, isError } = useDashboardQuery();
  return (
    <QueryState isLoading={isLoading} isError={isError || (!isLoading && !data)}>
      {data && (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                label="Total de Usuários"
                value={formatCount(data.totalUsers)}
                detail={`${formatCount(data.activeUsers)} ativos`}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                label="Usuários Premium"
                value={formatCount(data.premiumUsers)}
                detail={`${formatOneDecimal(data.premiumPercentage)}% do total`}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                label="Requisições de IA (mês)"
                value={formatCount(data.aiRequestsThisMonth)}
                detail={`Mês ${data.month}`}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard
                label="Custo estimado de IA (mês)"
                value={formatUsd4(data.aiCostUSDThisMonth)}
                detail="Em dólares (USD)"
              />
            </Grid>
          </Grid>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography component="h2" variant="h6">
              Usuários recentes
            </Typography>
            {data.recentUsers.length === 0 ? (
              <EmptyState>Nenhum usuário cadastrado</EmptyState>
            ) : (
              <List aria-label="Usuários recentes">
                {data.recentUsers.map((user) => (
                  <ListItem key={user.id} divider>
                    <ListItemAvatar>
                      <Avatar alt="">
                        {(user.fullName || user.email).charAt(0).toUpperCase()}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText primary={user.fullName || T.nameMissing} secondary={user.email} />
                    <Typography variant="body2" color="text.secondary">
                      Último login: {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : T.never}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
          <MonthUsage />
        </>
      )}
    </QueryState>
  );
}
