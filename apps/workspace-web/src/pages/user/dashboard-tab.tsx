import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  type SxProps,
  Typography,
} from '@mui/material';
import type { CurrentUser, UserMetrics } from '@pv/contracts';
import { FREE_LIMITS, PREMIUM_LIMITS } from '@pv/contracts/constants';
import { formatDate, useFailureToast, useToast } from '@pv/web-kit';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  useCancelSubscriptionMutation,
  useGetMySubscriptionQuery,
  useGetUserMetricsQuery,
  useOpenSubscriptionPortalMutation,
} from '../../api/billing';
import { openExternal } from '../../open-external';
import { PREMIUM_BENEFITS, UserAreaStrings as S } from '../../strings/account';

/**
 * When GET /api/user-metrics fails the dashboard shows sample data: the plan's
 * fallback limits, nothing used yet, member since the account's creation.
 */
export function sampleMetrics(user: CurrentUser, isPremium: boolean): UserMetrics {
  return {
    currentMonth: {
      transcriptionCount: 0,
      formattingCount: 0,
      pdfGenerationCount: 0,
      aiRequestCount: 0,
      extractionCount: 0,
      sessionDuration: 0,
    },
    limits: { ...(isPremium ? PREMIUM_LIMITS : FREE_LIMITS) },
    totalUsage: {
      totalTranscriptions: 0,
      totalFormatting: 0,
      totalPDFs: 0,
      totalAIRequests: 0,
      memberSince: user.createdAt,
    },
  };
}

export function DashboardTab({ user, isPremium }: { user: CurrentUser; isPremium: boolean }) {
  const { data, isLoading, isError } = useGetUserMetricsQuery();
  if (isLoading)
    return (
      // A screen tall while loading, so the footer is below the fold and the figures arriving
      // move nothing the visitor saw.
      <Box sx={{ minHeight: '100vh' }}>
        <LinearProgress aria-label={S.usageTitle} />
      </Box>
    );
  const metrics = isError || !data ? sampleMetrics(user, isPremium) : data;
  const { currentMonth: month, limits, totalUsage: totals } = metrics;
  const usage = [
    {
      label: S.cardTranscriptions,
      used: month.transcriptionCount,
      limit: limits.transcriptionLimit,
    },
    { label: S.cardFormatting, used: month.formattingCount, limit: limits.formattingLimit },
    { label: S.cardPdfs, used: month.pdfGenerationCount, limit: limits.pdfLimit },
    { label: S.cardAiRequests, used: month.aiRequestCount, limit: limits.aiRequestLimit },
    { label: S.cardExtractions, used: month.extractionCount, limit: limits.extractionLimit },
  ];
  const memberSince = totals.memberSince ?? user.createdAt;

  return (
    <Box>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {S.welcome(user.firstName || user.fullName)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {S.welcomeText}
      </Typography>
      {isError && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {S.metricsFallback}
        </Alert>
      )}
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {S.usageTitle}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {usage.map((item) => (
          <Grid key={item.label} size={{ xs: 12, sm: 6, md: 3 }}>
            <UsageCard {...item} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PlanCard isPremium={isPremium} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-label={S.totalsTitle} sx={{ height: '100%' }}>
            <CardContent>
              <Typography component="h3" variant="h6">
                {S.totalsTitle}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {S.memberSince(formatDate(memberSince))}
              </Typography>
              <List dense>
                <ListItem>
                  <ListItemText
                    primary={S.totalTranscriptions}
                    secondary={totals.totalTranscriptions}
                  />
                </ListItem>
                <ListItem>
                  <ListItemText primary={S.totalFormatting} secondary={totals.totalFormatting} />
                </ListItem>
                <ListItem>
                  <ListItemText primary={S.totalPdfs} secondary={totals.totalPDFs} />
                </ListItem>
                <ListItem>
                  <ListItemText primary={S.totalAiRequests} secondary={totals.totalAIRequests} />
                </ListItem>
              </List>
            </CardContent>
          </Card>
        </Grid>
        {!isPremium && (
          <Grid size={12}>
            <Card component="section" aria-label={S.benefitsTitle}>
              <CardContent>
                <PremiumBenefits title={S.benefitsTitle} />
              </CardContent>
            </Card>
          </Grid>
        )}
      </Grid>
    </Box>
  );
}

function UsageCard({ label, used, limit }: { label: string; used: number; limit: number }) {
  const unlimited = limit < 0;
  const percent = unlimited || limit === 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <Card component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h4" variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700, my: 1 }}>
          {unlimited ? used : S.usageOf(used, limit)}
        </Typography>
        {unlimited ? (
          <Typography variant="body2" color="text.secondary">
            {S.unlimited}
          </Typography>
        ) : (
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={`${label}: ${S.usageOf(used, limit)}`}
          />
        )}
      </CardContent>
    </Card>
  );
}

function PlanCard({ isPremium }: { isPremium: boolean }) {
  // Only a Premium user can have a subscription to cancel (an admin's grant has none).
  const { data } = useGetMySubscriptionQuery(undefined, { skip: !isPremium });
  const subscription = data?.subscription ?? null;
  const endsOn = formatDate(subscription?.currentPeriodEnd ?? null);
  return (
    <Card component="section" aria-label={S.planTitle} sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h3" variant="h6">
          {S.planTitle}
        </Typography>
        <Typography sx={{ fontWeight: 700, mt: 1 }}>
          {isPremium ? S.planPremium : S.planFree}
        </Typography>
        {isPremium ? (
          <>
            <List dense>
              <ListItem>
                <ListItemText
                  primary={S.planStatus}
                  secondary={subscription?.cancelAtPeriodEnd ? S.planCanceled : S.planActive}
                />
              </ListItem>
              {subscription?.cancelAtPeriodEnd ? (
                <ListItem>
                  <ListItemText primary={S.planEndsOn} secondary={endsOn} />
                </ListItem>
              ) : (
                <ListItem>
                  <ListItemText primary={S.planRenewal} secondary={S.planMonthly} />
                </ListItem>
              )}
            </List>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
              {data?.portalAvailable && <ManageSubscription />}
              {subscription && !subscription.cancelAtPeriodEnd && (
                <CancelSubscription until={endsOn} />
              )}
            </Stack>
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
              {S.planFreeText}
            </Typography>
            <Button component={RouterLink} to="/subscribe" variant="contained" color="secondary">
              {S.upgradeButton}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Stripe's Customer Portal (card, invoices, renewal), beside 'Cancelar assinatura' (issue 17). */
function ManageSubscription() {
  const [open, { isLoading }] = useOpenSubscriptionPortalMutation();
  const failed = useFailureToast();
  const go = async () => {
    try {
      openExternal((await open().unwrap()).url);
    } catch (error) {
      failed(error, { title: S.portalError, fallback: S.tryAgain });
    }
  };
  return (
    <Button variant="outlined" onClick={go} disabled={isLoading} title={S.manageSubscriptionHint}>
      {S.manageSubscription}
    </Button>
  );
}

/** 'Cancelar assinatura' with its confirmation: Premium lasts until the paid period ends. */
function CancelSubscription({ until }: { until: string }) {
  const [open, setOpen] = useState(false);
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const titleId = useId();
  const confirm = async () => {
    try {
      const result = await cancel().unwrap();
      toast({ title: S.planCanceled, description: result.message, variant: 'success' });
      setOpen(false);
    } catch (error) {
      failed(error, { title: S.cancelError, fallback: S.tryAgain });
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {S.cancelSubscription}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{S.cancelConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{S.cancelConfirmText(until)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{S.keepSubscription}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
            {S.cancelSubscription}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The Premium benefits under a heading: the dashboard's card and the subscribe page. */
export function PremiumBenefits({ title, headingSx }: { title: string; headingSx?: SxProps }) {
  return (
    <>
      <Typography component="h3" variant="h6" sx={headingSx}>
        {title}
      </Typography>
      <List dense>
        {PREMIUM_BENEFITS.map((benefit) => (
          <ListItem key={benefit}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleIcon color="success" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={benefit} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
