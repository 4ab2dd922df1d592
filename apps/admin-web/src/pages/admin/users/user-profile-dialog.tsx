import {
  Chip,
  Grid,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { AUDIT_ACTIONS, formatRegistry } from '@pv/contracts/constants';
import { TabBar, TabPanel } from '@pv/web-kit';
import { useState } from 'react';
import { useAuditLogQuery } from '../../../api/audit';
import { useUserTicketsQuery } from '../../../api/support';
import {
  useLoginHistoryQuery,
  useUserProfileQuery,
  useUserSubscriptionsQuery,
  useUserUsageQuery,
} from '../../../api/users';
import { FormDialog } from '../../../components/form-dialog';
import { Pager } from '../../../components/pager';
import { EmptyState, QueryState } from '../../../components/query-state';
import { formatDateTime, formatMb, formatMoney, formatUsd4 } from '../../../format';
import {
  professionalLabel,
  T,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  USER_STATUS_LABELS,
} from '../../../messages';

/** Visão Geral shows the 5 most recent logins. */
const RECENT_LOGINS = 5;

const SECTIONS = [
  'Visão Geral',
  'Uso da Plataforma',
  'Assinaturas Premium',
  'Tickets de Suporte',
  'Acessos da equipe',
] as const;
const SECTION_TABS = SECTIONS.map((label, index) => ({ value: index, label }));

/**
 * The full profile of one user, in four tabs, and a fifth with the audit trail of
 * staff access to this user (the console shows no user ids, so 'Auditoria' alone cannot find them).
 */
export function UserProfileDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const [section, setSection] = useState(0);
  const profile = useUserProfileQuery(userId);
  return (
    <FormDialog
      title={`Perfil completo${profile.data ? ` — ${profile.data.fullName || T.nameMissing}` : ''}`}
      maxWidth="md"
      onClose={onClose}
      closeLabel={T.close}
      dividers
    >
      <TabBar
        items={SECTION_TABS}
        value={section}
        onChange={setSection}
        label="Seções do perfil"
        idPrefix="profile-tab"
        sx={{ mb: 2 }}
      />
      <TabPanel idPrefix="profile-tab" value={section}>
        {section === 0 && <Overview userId={userId} />}
        {section === 1 && <Usage userId={userId} />}
        {section === 2 && <Subscriptions userId={userId} />}
        {section === 3 && <Tickets userId={userId} />}
        {section === 4 && <StaffAccess userId={userId} />}
      </TabPanel>
    </FormDialog>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || '—'}</Typography>
    </Grid>
  );
}

function Overview({ userId }: { userId: string }) {
  const profile = useUserProfileQuery(userId);
  const logins = useLoginHistoryQuery(userId);
  const user = profile.data;
  return (
    <QueryState isLoading={profile.isLoading} isError={profile.isError}>
      {user && (
        <>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <Field label="Nome" value={user.fullName || T.nameMissing} />
            <Field label="Email" value={user.email} />
            <Field label="Status" value={USER_STATUS_LABELS[user.userStatus]} />
            <Field
              label="Plano"
              value={
                user.isPremium || user.subscriptionStatus === 'active' ? 'Premium' : 'Gratuito'
              }
            />
            <Field label="Especialidade" value={professionalLabel(user.specialty)} />
            <Field
              label="Registro profissional"
              value={
                user.professionalRegistry && user.registryNumber
                  ? formatRegistry(user.professionalRegistry, user.registryUf, user.registryNumber)
                  : ''
              }
            />
            <Field label="RQE" value={user.rqe} />
            <Field label="Telefone da clínica" value={user.clinicPhone} />
            <Field label="Endereço da clínica" value={user.clinicAddress} />
            <Field label="Cadastrado em" value={formatDateTime(user.createdAt)} />
            <Field
              label="Último login"
              value={user.lastLoginAt ? formatDateTime(user.lastLoginAt) : T.never}
            />
            <Field
              label="Termos aceitos"
              value={
                user.termsAcceptance
                  ? `Versão ${user.termsAcceptance.version} em ${formatDateTime(user.termsAcceptance.acceptedAt)}`
                  : 'Não registrado'
              }
            />
            <Field label="IP do aceite" value={user.termsAcceptance?.ipAddress} />
          </Grid>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Logins recentes
          </Typography>
          <QueryState isLoading={logins.isLoading} isError={logins.isError}>
            {logins.data && logins.data.length === 0 ? (
              <EmptyState>{T.noLogins}</EmptyState>
            ) : (
              <List dense aria-label="Logins recentes">
                {(logins.data ?? []).slice(0, RECENT_LOGINS).map((login) => (
                  <ListItem key={login.id} divider>
                    <ListItemText
                      primary={formatDateTime(login.loginDate)}
                      secondary={`IP: ${login.ipAddress ?? '—'} · Sessão: ${Math.round(login.sessionDuration / 60)} min`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </QueryState>
        </>
      )}
    </QueryState>
  );
}

function Usage({ userId }: { userId: string }) {
  const { data, isLoading, isError } = useUserUsageQuery(userId);
  return (
    <QueryState isLoading={isLoading} isError={isError}>
      {data && data.length === 0 ? (
        <EmptyState>{T.noUsageMetrics}</EmptyState>
      ) : (
        <Table size="small" aria-label="Uso mensal">
          <TableHead>
            <TableRow>
              <TableCell>Mês</TableCell>
              <TableCell align="right">Logins</TableCell>
              <TableCell align="right">Transcrições</TableCell>
              <TableCell align="right">PDFs</TableCell>
              <TableCell align="right">Requisições IA</TableCell>
              <TableCell align="right">Custo IA</TableCell>
              <TableCell align="right">Armazenamento (MB)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((month) => (
              <TableRow key={`${month.year}-${month.month}`}>
                <TableCell>
                  {String(month.month).padStart(2, '0')}/{month.year}
                </TableCell>
                <TableCell align="right">{month.loginCount}</TableCell>
                <TableCell align="right">{month.transcriptionCount}</TableCell>
                <TableCell align="right">{month.pdfGenerationCount}</TableCell>
                <TableCell align="right">{month.aiRequestCount}</TableCell>
                <TableCell align="right">{formatUsd4(month.aiCostUSD)}</TableCell>
                <TableCell align="right">{formatMb(month.storageUsedMB)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </QueryState>
  );
}

function Subscriptions({ userId }: { userId: string }) {
  const { data, isLoading, isError } = useUserSubscriptionsQuery(userId);
  return (
    <QueryState isLoading={isLoading} isError={isError}>
      {data && data.length === 0 ? (
        <EmptyState>{T.noPremiumSubscriptions}</EmptyState>
      ) : (
        <List aria-label="Assinaturas Premium">
          {(data ?? []).map((subscription) => (
            <ListItem key={subscription.subscriptionId} divider>
              <ListItemText
                primary={`${subscription.subscriptionType} · ${formatMoney(subscription.paymentAmount, subscription.paymentCurrency)}`}
                secondary={`Início: ${formatDateTime(subscription.startDate) || '—'} · Fim: ${formatDateTime(subscription.endDate) || '—'} · ${subscription.paymentMethod}`}
              />
              <Chip
                size="small"
                color={subscription.isActive ? 'success' : 'default'}
                label={subscription.isActive ? T.active : T.inactive}
              />
            </ListItem>
          ))}
        </List>
      )}
    </QueryState>
  );
}

function Tickets({ userId }: { userId: string }) {
  const { data, isLoading, isError } = useUserTicketsQuery(userId);
  return (
    <QueryState isLoading={isLoading} isError={isError}>
      {data && data.length === 0 ? (
        <EmptyState>{T.noUserTickets}</EmptyState>
      ) : (
        <List aria-label="Tickets de suporte">
          {(data ?? []).map((ticket) => (
            <ListItem key={ticket.id} divider>
              <ListItemText primary={ticket.subject} secondary={formatDateTime(ticket.createdAt)} />
              <Chip size="small" label={TICKET_STATUS_LABELS[ticket.status]} sx={{ mr: 1 }} />
              <Chip
                size="small"
                variant="outlined"
                label={TICKET_PRIORITY_LABELS[ticket.priority]}
              />
            </ListItem>
          ))}
        </List>
      )}
    </QueryState>
  );
}

/** Who of the staff saw or changed this user, newest first (GET /api/admin/audit-log?targetId). */
function StaffAccess({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useAuditLogQuery({ targetId: userId, page });
  return (
    <QueryState isLoading={isLoading} isError={isError}>
      {data && data.entries.length === 0 ? (
        <EmptyState>Nenhum acesso da equipe registrado para este usuário.</EmptyState>
      ) : (
        <Table size="small" aria-label="Acessos da equipe">
          <TableHead>
            <TableRow>
              <TableCell>Quando</TableCell>
              <TableCell>Quem</TableCell>
              <TableCell>Ação</TableCell>
              <TableCell>Endereço</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.entries ?? []).map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{formatDateTime(entry.occurredAt)}</TableCell>
                <TableCell>{entry.actorEmail}</TableCell>
                <TableCell>{AUDIT_ACTIONS[entry.action]}</TableCell>
                <TableCell>{entry.ipAddress}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {data && data.pagination.totalPages > 1 && (
        <Pager pagination={data.pagination} onStep={(step) => setPage(page + step)} />
      )}
    </QueryState>
  );
}
