import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, Button, IconButton } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useViewer } from '../api/auth';
import { markOwnPage } from '../shell/own-page';
import { ShellStrings } from '../strings/shell';

const DISMISSED_KEY = 'pv.notice-card.dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The dismissible notice card for anonymous or free users, on the workspace, whose
 * action button leads to /auth/login for both (a signed-in free user finds Premium offered there).
 * Dismissing it lasts for the browser tab's session.
 */
export function NoticeCard() {
  const viewer = useViewer();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed || viewer.kind === 'loading') return null;
  if (viewer.kind === 'user' && (viewer.isPremium || viewer.isAdmin)) return null;

  const anonymous = viewer.kind === 'anonymous';
  const dismiss = () => {
    setDismissed(true);
    markOwnPage('notice');
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: the card simply comes back on the next visit.
    }
  };
  const title = anonymous ? ShellStrings.noticeAnonymousTitle : ShellStrings.noticeFreeTitle;
  return (
    <Alert
      // A standing notice, not an urgent message: a labelled region, not role="alert".
      role="region"
      aria-label={title}
      severity="info"
      variant="outlined"
      sx={{ mb: 2, bgcolor: 'background.paper', alignItems: 'center' }}
      action={
        <>
          <Button
            component={RouterLink}
            to="/auth/login"
            variant="contained"
            size="small"
            aria-label={anonymous ? ShellStrings.noticeAnonymousActionLabel : undefined}
          >
            {anonymous ? ShellStrings.noticeAnonymousAction : ShellStrings.noticeFreeAction}
          </Button>
          <IconButton
            aria-label={ShellStrings.noticeDismiss}
            size="small"
            onClick={dismiss}
            sx={{ ml: 1 }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {anonymous ? ShellStrings.noticeAnonymousText : ShellStrings.noticeFreeText}
    </Alert>
  );
}
