import { Alert, Box, Button, CircularProgress, Container, Typography } from '@mui/material';
import { EmailMessages } from '@pv/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirmEmailMutation } from '../../api/auth';
import { failureText } from '../../api/http';

/** The token of `#token=...`: the fragment never reaches a server, nor its logs. */
function tokenFromFragment(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * Issue 23 item 1: the page a confirmation link opens. It posts the token once and shows the
 * server's pt-BR answer: confirmed, the new address confirmed, or why not (expired, used, invalid).
 */
export default function ConfirmEmailPage() {
  const [confirm] = useConfirmEmailMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = tokenFromFragment();
    if (!token) {
      setResult({ ok: false, message: EmailMessages.invalid });
      return;
    }
    // The token leaves the address bar: a shared screen or a bookmark does not keep it.
    window.history.replaceState(null, '', window.location.pathname);
    confirm({ token })
      .unwrap()
      .then((answer) => setResult({ ok: true, message: answer.message }))
      .catch((error: unknown) => setResult({ ok: false, message: failureText(error) }));
  }, [confirm]);

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        Confirmação de e-mail
      </Typography>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} data-testid="email-confirm-result">
          {result.message}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>{EmailMessages.confirming}</Typography>
        </Box>
      )}
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        Ir para o espaço de trabalho
      </Button>
    </Container>
  );
}
