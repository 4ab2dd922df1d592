import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { useAppDispatch } from '../../store';
import { SubscribeStrings as S } from '../../strings/account';
import { SUBSCRIPTION_ID_KEY, useCompletePayment } from './complete-payment';

/**
 * /subscribe-success: `upgraded=true` when the upgrade worked. A payment that went
 * through a provider redirect arrives with payment_intent and redirect_status instead; then the
 * confirmation and upgrade run here.
 */
export default function SubscribeSuccessPage() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const completePayment = useCompletePayment();
  const [upgraded, setUpgraded] = useState(params.get('upgraded') === 'true');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The plan changed: the header, the user area and the workspace must see it.
    dispatch(authApi.util.invalidateTags(['CurrentUser', 'UserMetrics', 'SpeechUsage']));
    const paymentIntentId = params.get('payment_intent');
    const subscriptionId = sessionStorage.getItem(SUBSCRIPTION_ID_KEY);
    if (
      upgraded ||
      !paymentIntentId ||
      params.get('redirect_status') !== 'succeeded' ||
      !subscriptionId
    )
      return;
    void completePayment(paymentIntentId, subscriptionId).then((ok) => {
      if (ok) setUpgraded(true);
    });
  }, [params, upgraded, dispatch, completePayment]);

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          {upgraded ? (
            <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
          ) : (
            <ScheduleIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
          )}
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700, my: 2 }}>
            {upgraded ? S.successTitle : S.pendingTitle}
          </Typography>
          <Typography sx={{ mb: 3 }}>{upgraded ? S.successText : S.pendingText}</Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center' }}
          >
            <Button component={RouterLink} to="/user" variant="contained">
              {S.goToUserArea}
            </Button>
            <Button component={RouterLink} to="/" variant="outlined">
              {S.backHome}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
