import { Alert, Button, TextField } from '@mui/material';
import { useToast } from '@pv/web-kit';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthStrings } from '../../strings/auth';

/** Redirects to / after `delayMs`; the timer dies with the page. */
export function useDelayedRedirect(delayMs: number): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    timer.current = setTimeout(() => navigate('/', { replace: true }), delayMs);
  };
}

/**
 * What every sign-in form keeps: the problem shown under it, and success: a toast, the submit
 * button disabled for good, and the redirect to / after `redirectDelayMs`.
 */
export function useAuthForm(redirectDelayMs: number) {
  const toast = useToast();
  const redirect = useDelayedRedirect(redirectDelayMs);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const succeed = (message: { title: string; description: string }) => {
    setDone(true);
    toast({ ...message, variant: 'success' });
    redirect();
  };
  return { toast, problem, setProblem, done, succeed };
}

interface BoundField {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** The required email field of the sign-in forms. */
export function EmailField(props: BoundField) {
  return (
    <TextField
      label={AuthStrings.email}
      type="email"
      autoComplete="email"
      {...props}
      required
      fullWidth
    />
  );
}

/** A required password field: the current one to sign in, a new one to sign up. */
export function PasswordField({
  label = AuthStrings.password,
  autoComplete,
  ...props
}: BoundField & {
  label?: string;
  autoComplete: 'current-password' | 'new-password';
  helperText?: string;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      {...props}
      required
      fullWidth
    />
  );
}

/** The problem under a sign-in form, if any, and its submit button. */
export function AuthSubmit(props: {
  problem: string | null;
  busy: boolean;
  done: boolean;
  label: string;
}) {
  return (
    <>
      {props.problem && <Alert severity="error">{props.problem}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={props.busy || props.done}>
        {props.busy ? AuthStrings.submitting : props.label}
      </Button>
    </>
  );
}
