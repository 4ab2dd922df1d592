import { Alert, Button, Container } from '@mui/material';
import { EmailMessages } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { useResendEmailConfirmationMutation, useViewer } from '../api/auth';
import { failureText } from '../api/http';

/**
 * Issue 23 item 1: while the account has not confirmed its e-mail, every screen (the workspace
 * and Minha Área) says what that costs and offers a new link.
 */
export function EmailPendingBanner() {
  const viewer = useViewer();
  const toast = useToast();
  const [resend, { isLoading }] = useResendEmailConfirmationMutation();
  if (viewer.kind !== 'user' || viewer.user.emailVerified !== false) return null;
  const onResend = async () => {
    try {
      const answer = await resend().unwrap();
      toast({ title: answer.message, variant: 'success' });
    } catch (error) {
      toast({ title: failureText(error), variant: 'destructive' });
    }
  };
  return (
    <Container maxWidth="xl" sx={{ pt: 2 }}>
      <Alert
        severity="warning"
        data-testid="email-pending"
        action={
          <Button color="inherit" size="small" onClick={onResend} disabled={isLoading}>
            {EmailMessages.resendButton}
          </Button>
        }
      >
        {EmailMessages.pendingBanner}
      </Alert>
    </Container>
  );
}
