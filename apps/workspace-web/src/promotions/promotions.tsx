import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import type { MarketingMessageType } from '@pv/contracts/constants';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useGetPromotionsQuery } from '../api/analytics';
import { useViewer, type Viewer } from '../api/auth';
import { aboveBottomBar } from '../layout/bottom-bar';
import { FallbackPromotions, ShellStrings } from '../strings/shell';
import { browserClock, type PromotionClock, startPromotionRotation } from './schedule';

/**
 * Anonymous visitors see sign-up promotions, free users premium ones; Premium
 * users and administrators see none.
 */
export function promotionTypeFor(viewer: Viewer): MarketingMessageType | null {
  if (viewer.kind === 'anonymous') return 'signup';
  if (viewer.kind === 'user' && !viewer.isPremium && !viewer.isAdmin) return 'premium';
  return null;
}

const ACTIONS: Record<MarketingMessageType, { label: string; to: string }> = {
  signup: { label: ShellStrings.signupAction, to: '/auth' },
  premium: { label: ShellStrings.premiumAction, to: '/subscribe' },
};

/** The rotating promotion card (bottom left), fed by GET /api/marketing-messages. */
export function Promotions({ clock = browserClock }: { clock?: PromotionClock }) {
  const type = promotionTypeFor(useViewer());
  if (!type) return null;
  return <PromotionRotation key={type} type={type} clock={clock} />;
}

function PromotionRotation({ type, clock }: { type: MarketingMessageType; clock: PromotionClock }) {
  const { data, isError, isLoading } = useGetPromotionsQuery(type);
  // A failed call falls back to the built-in messages; an empty list (all switched off) shows none.
  const messages = useMemo(
    () => (isError ? FallbackPromotions[type] : (data ?? [])),
    [isError, data, type],
  );
  const [visible, setVisible] = useState<number | null>(null);

  useEffect(() => {
    if (isLoading) return;
    return startPromotionRotation({
      count: messages.length,
      show: setVisible,
      hide: () => setVisible(null),
      clock,
    });
  }, [messages, isLoading, clock]);

  const promotion = visible === null ? undefined : messages[visible];
  if (!promotion) return null;
  const action = ACTIONS[type];
  return (
    <Paper
      role="status"
      aria-label={promotion.title}
      elevation={6}
      sx={{
        position: 'fixed',
        left: 16,
        bottom: aboveBottomBar(16),
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        maxWidth: 'min(360px, calc(100vw - 32px))',
        p: 2,
        pr: 5,
        borderTop: 4,
        borderColor: 'secondary.main',
      }}
    >
      <IconButton
        size="small"
        aria-label={ShellStrings.closePromotion}
        onClick={() => setVisible(null)}
        sx={{ position: 'absolute', top: 4, right: 4 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {promotion.title}
      </Typography>
      <Typography component="p" variant="body2" sx={{ mt: 0.5, mb: 1.5 }}>
        {promotion.message}
      </Typography>
      <Box>
        <Button
          size="small"
          variant="contained"
          color="secondary"
          component={RouterLink}
          to={action.to}
        >
          {action.label}
        </Button>
      </Box>
    </Paper>
  );
}
