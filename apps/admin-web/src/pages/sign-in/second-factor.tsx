import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { errorMessage } from '@pv/web-kit';
import qrcode from 'qrcode-generator';
import type { FormEvent, ReactNode } from 'react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import {
  authApi,
  useConfirmMfaEnrolmentMutation,
  useGetMfaStatusQuery,
  useStartMfaEnrolmentMutation,
  useVerifyMfaMutation,
} from '../../api/auth';
import { PageLoading } from '../../layout/admin-layout';
import { T } from '../../messages';
import { useAppDispatch } from '../../store';
import { useSignOut } from './use-sign-out';

/**
 * The console opens only to a session that passed the admin's second factor (issue 23 item 4):
 * an admin without an authenticator enrols here (QR code, then the ten recovery codes once); an
 * enrolled one signed in with the password only types the code of the moment or a recovery code.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { data, isLoading, isError } = useGetMfaStatusQuery();
  // The answer reaches React in a synchronous render (RTK Query goes through
  // useSyncExternalStore), and what it opens is the whole console: drawn in that render, it was
  // one long task of a phone's CPU (~300 ms at 4x). The gate keeps its spinner in that render
  // and draws what the answer says as a transition after it, in slices. The build's pre-render
  // (no document, its answer in the store already) draws it at once.
  const secondFactor = useDeferredValue(
    data?.secondFactor,
    typeof document === 'undefined' ? data?.secondFactor : NOT_DRAWN_YET,
  );
  if (isLoading || (data && secondFactor !== data.secondFactor)) return <PageLoading />;
  if (isError || !data) {
    return (
      <Container sx={{ py: 6 }}>
        <Alert severity="error">{T.loadError}</Alert>
      </Container>
    );
  }
  if (secondFactor === 'enrolment-required') return <MfaEnrolment />;
  if (secondFactor === 'required') return <MfaVerify />;
  return <>{children}</>;
}

/** The gate's deferred answer before its first transition has drawn it. */
const NOT_DRAWN_YET = 'not-drawn-yet';

function MfaCard({ children }: { children: ReactNode }) {
  const signOut = useSignOut();
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Card component="section" aria-labelledby="mfa-title">
        <CardContent>
          <Typography id="mfa-title" component="h1" variant="h5" sx={{ mb: 1 }}>
            {T.mfaTitle}
          </Typography>
          {children}
          <Button sx={{ mt: 2 }} onClick={() => void signOut()}>
            {T.signOut}
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}

/** The otpauth:// URI as an SVG QR code (React elements: nothing injected as HTML). */
function QrCode({ text }: { text: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const count = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    return { size: count, path: d };
  }, [text]);
  const margin = 4;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={T.mfaQrAlt}
      viewBox={`${-margin} ${-margin} ${size + 2 * margin} ${size + 2 * margin}`}
      sx={{ width: 220, height: 220, bgcolor: '#fff', display: 'block', mx: 'auto' }}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </Box>
  );
}

function MfaEnrolment() {
  const [start, started] = useStartMfaEnrolmentMutation();
  const [confirm, { isLoading }] = useConfirmMfaEnrolmentMutation();
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void start();
  }, [start]);

  if (recoveryCodes) {
    return (
      <MfaCard>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {T.mfaRecoveryTitle}
        </Typography>
        <Typography sx={{ mb: 2 }}>{T.mfaRecoveryText}</Typography>
        <Box
          component="ul"
          aria-label={T.mfaRecoveryTitle}
          data-testid="mfa-recovery-codes"
          sx={{ fontFamily: 'monospace', columns: 2, pl: 3, mb: 2 }}
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Button
          variant="contained"
          onClick={() => dispatch(authApi.util.invalidateTags(['MfaStatus']))}
        >
          {T.mfaRecoveryDone}
        </Button>
      </MfaCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await confirm({ code: code.trim() });
    if ('error' in result && result.error) {
      setProblem(errorMessage(result.error, T.mfaError));
      return;
    }
    setRecoveryCodes(result.data.recoveryCodes);
  };

  const enrolment = started.data;
  return (
    <MfaCard>
      <Typography sx={{ mb: 2 }}>{T.mfaEnrolText}</Typography>
      {started.isError && (
        <Alert severity="error">{errorMessage(started.error, T.loadError)}</Alert>
      )}
      {enrolment ? (
        <Stack spacing={2}>
          <QrCode text={enrolment.otpauthUrl} />
          <Typography variant="body2">
            {T.mfaSecretLabel}{' '}
            <Box component="code" data-testid="mfa-secret" sx={{ wordBreak: 'break-all' }}>
              {enrolment.secret}
            </Box>
          </Typography>
          <CodeForm
            field={{
              label: T.mfaCode,
              helperText: T.mfaEnrolCodeHelp,
              inputMode: 'numeric',
              value: code,
              onChange: setCode,
            }}
            problem={problem}
            busy={isLoading}
            onSubmit={submit}
          />
        </Stack>
      ) : (
        !started.isError && <PageLoading />
      )}
    </MfaCard>
  );
}

function MfaVerify() {
  const [verify, { isLoading }] = useVerifyMfaMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    const result = await verify(useRecovery ? { recoveryCode: text } : { code: text });
    if ('error' in result && result.error) setProblem(errorMessage(result.error, T.mfaError));
  };

  return (
    <MfaCard>
      <Typography sx={{ mb: 2 }}>{useRecovery ? T.mfaRequired : T.mfaVerifyText}</Typography>
      <CodeForm
        field={{
          // A new input when the kind of code changes (another label, keyboard and value).
          key: useRecovery ? 'recovery' : 'code',
          label: useRecovery ? T.mfaRecoveryCode : T.mfaCode,
          inputMode: useRecovery ? 'text' : 'numeric',
          value,
          onChange: setValue,
        }}
        problem={problem}
        busy={isLoading}
        onSubmit={submit}
      >
        <Button
          variant="text"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setProblem(null);
          }}
        >
          {useRecovery ? T.mfaUseApp : T.mfaUseRecovery}
        </Button>
      </CodeForm>
    </MfaCard>
  );
}

/**
 * A one-time code form, to enrol or to sign in: the field, the problem of the last try, the
 * confirm button, then any other buttons (children).
 */
function CodeForm(props: {
  field: {
    key?: string;
    label: string;
    helperText?: string;
    inputMode: 'numeric' | 'text';
    value: string;
    onChange: (value: string) => void;
  };
  problem: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  children?: ReactNode;
}) {
  const { field, problem } = props;
  return (
    <Stack component="form" spacing={2} onSubmit={props.onSubmit} noValidate>
      <TextField
        key={field.key}
        label={field.label}
        helperText={field.helperText}
        inputMode={field.inputMode}
        autoComplete="one-time-code"
        value={field.value}
        onChange={(e) => field.onChange(e.target.value)}
        required
        fullWidth
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="contained" disabled={props.busy}>
        {T.mfaConfirm}
      </Button>
      {props.children}
    </Stack>
  );
}
