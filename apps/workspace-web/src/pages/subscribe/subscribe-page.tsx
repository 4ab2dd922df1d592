import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import type { CreateSubscriptionResponse } from '@pv/contracts';
import { errorMessage, formatBRL, useToast } from '@pv/web-kit';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useViewer } from '../../api/auth';
import { useCreateSubscriptionMutation } from '../../api/billing';
import { PageLoading } from '../../layout/app-layout';
import { SubscribeStrings as S } from '../../strings/account';
import { PremiumBenefits } from '../user/dashboard-tab';
import { SUBSCRIPTION_ID_KEY, useCompletePayment } from './complete-payment';

// Stripe.js and its React bindings load only here, never with the initial bundle.
const StripeCheckout = lazy(() => import('./stripe-checkout'));

/** R$ 29,90 per month (the billing contract's PREMIUM_PRICE_CENTS). */
const PREMIUM_PRICE_CENTS = 2990;
/** The success page follows after 1 second. */
const SUCCESS_REDIRECT_MS = 1_000;

type Setup =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; subscription: CreateSubscriptionResponse };

/** /subscribe: loading, error with retry, or the plan summary with the card form. */
export default function SubscribePage({
  reload = () => window.location.reload(),
}: {
  reload?: () => void;
}) {
  const viewer = useViewer();
  if (viewer.kind === 'loading') return <PageLoading />;
  if (viewer.kind === 'anonymous') {
    return (
      <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 2 }}>
          {S.title}
        </Typography>
        <Typography sx={{ mb: 3 }}>{S.loginRequired}</Typography>
        <Button component={RouterLink} to="/auth" variant="contained">
          {S.loginButton}
        </Button>
      </Container>
    );
  }
  return <Checkout reload={reload} />;
}

function Checkout({ reload }: { reload: () => void }) {
  const [createSubscription] = useCreateSubscriptionMutation();
  const completePayment = useCompletePayment();
  const toast = useToast();
  const navigate = useNavigate();
  const [setup, setSetup] = useState<Setup>({ state: 'loading' });
  const started = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    // One subscription per visit, even when StrictMode runs effects twice.
    if (started.current) return;
    started.current = true;
    void (async () => {
      const result = await createSubscription();
      if ('error' in result && result.error) {
        const message = errorMessage(result.error, S.initErrorToast);
        toast({ title: S.error, description: message, variant: 'destructive' });
        setSetup({ state: 'error', message });
        return;
      }
      if (!result.data.clientSecret) {
        toast({ title: S.error, description: S.missingClientSecret, variant: 'destructive' });
        setSetup({ state: 'error', message: S.missingClientSecret });
        return;
      }
      // A redirect-based payment (e.g. 3-D Secure) comes back to /subscribe-success without it.
      try {
        sessionStorage.setItem(SUBSCRIPTION_ID_KEY, result.data.subscriptionId);
      } catch {
        // Without storage the success page simply waits for the provider's confirmation.
      }
      setSetup({ state: 'ready', subscription: result.data });
    })();
  }, [createSubscription, toast]);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const price = formatBRL(PREMIUM_PRICE_CENTS);
  const onPaid = async (paymentIntentId: string) => {
    if (setup.state !== 'ready') return;
    const upgraded = await completePayment(paymentIntentId, setup.subscription.subscriptionId);
    toast({ title: S.paymentSucceeded, description: S.paymentSucceededText, variant: 'success' });
    redirect.current = setTimeout(
      () => navigate(upgraded ? '/subscribe-success?upgraded=true' : '/subscribe-success'),
      SUCCESS_REDIRECT_MS,
    );
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2 }}
      >
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {S.title}
        </Typography>
        <Button component={RouterLink} to="/user" startIcon={<ArrowBackIcon />} variant="outlined">
          {S.back}
        </Button>
      </Stack>
      {setup.state === 'loading' && (
        <Box>
          <Typography sx={{ textAlign: 'center' }}>{S.loading}</Typography>
          <PageLoading inline />
        </Box>
      )}
      {setup.state === 'error' && (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 5 }}>
            <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
              {S.initError}
            </Typography>
            <Alert severity="error" sx={{ mb: 3, textAlign: 'left' }}>
              {setup.message}
            </Alert>
            <Button variant="contained" onClick={reload}>
              {S.retry}
            </Button>
          </CardContent>
        </Card>
      )}
      {setup.state === 'ready' && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
                  {S.planName}
                </Typography>
                <Typography variant="h3" sx={{ fontWeight: 800, mt: 1 }}>
                  {price}
                </Typography>
                <Typography color="text.secondary">{S.perMonth}</Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {S.renewal}
                </Typography>
                <PremiumBenefits title={S.benefitsTitle} headingSx={{ mt: 2 }} />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card>
              <CardContent>
                <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
                  {S.paymentTitle}
                </Typography>
                {/* The test card only works against Stripe's test mode (pk_test_ keys); a live
                    page must not tell people that nothing is charged. */}
                {setup.subscription.publishableKey.startsWith('pk_test_') && (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    {S.testMode}
                  </Alert>
                )}
                <Suspense fallback={<PageLoading inline />}>
                  <StripeCheckout
                    publishableKey={setup.subscription.publishableKey}
                    clientSecret={setup.subscription.clientSecret}
                    priceLabel={price}
                    onPaid={onPaid}
                  />
                </Suspense>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </Container>
  );
}
