import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { SigningCertificate } from '@pv/contracts';
import { useToast } from '@pv/web-kit';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  useDeleteSigningCertificateMutation,
  useSigningCertificateQuery,
  useUploadSigningCertificateMutation,
} from '../../api/documents';
import { failureText } from '../../api/http';
import { UserAreaStrings } from '../../strings/account';
import { SigningStrings as S } from '../../strings/signing';

const DAY_MS = 86_400_000;
const dateBr = (iso: string) =>
  new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** Minha Área's "Certificado digital" (issue 14): upload, details, expiry warning, remove. */
export function SigningCertificateSection({ isPremium }: { isPremium: boolean }) {
  return (
    <Card sx={{ mt: 3 }} data-testid="signing-certificate">
      <CardContent>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          {S.sectionTitle}
        </Typography>
        {isPremium ? (
          <CertificateManager />
        ) : (
          <>
            <Alert severity="info" sx={{ mb: 2 }}>
              {S.premiumOnly}
            </Alert>
            <Button component={RouterLink} to="/subscribe" variant="contained" color="secondary">
              {UserAreaStrings.upgradeButton}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CertificateManager() {
  const { data, isLoading, isFetching, error } = useSigningCertificateQuery();
  const [remove, removal] = useDeleteSigningCertificateMutation();
  const [replacing, setReplacing] = useState(false);
  const none = error && 'status' in error && error.status === 404;

  if (isLoading || (isFetching && !data && !none)) return <CircularProgress size={24} />;
  if (error && !none) return <Alert severity="error">{failureText(error)}</Alert>;
  if (!data || none || replacing)
    return <UploadForm onDone={() => setReplacing(false)} canCancel={replacing} />;
  return (
    <Stack spacing={2}>
      <ExpiryWarning certificate={data} />
      <CertificateDetails certificate={data} />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => setReplacing(true)}>
          {S.replace}
        </Button>
        <Button
          color="error"
          variant="outlined"
          disabled={removal.isLoading}
          onClick={() => {
            if (window.confirm(S.removeConfirm)) void remove();
          }}
        >
          {S.remove}
        </Button>
      </Stack>
    </Stack>
  );
}

function ExpiryWarning({ certificate }: { certificate: SigningCertificate }) {
  const left = new Date(certificate.notAfter).getTime() - Date.now();
  if (left <= 0) return <Alert severity="error">{S.expired(dateBr(certificate.notAfter))}</Alert>;
  if (left <= S.warningDays * DAY_MS)
    return <Alert severity="warning">{S.expiringSoon(dateBr(certificate.notAfter))}</Alert>;
  return null;
}

function CertificateDetails({ certificate }: { certificate: SigningCertificate }) {
  const rows: [string, string][] = [
    [S.holder, certificate.subjectName],
    ...(certificate.cpf ? [[S.cpf, certificate.cpf] as [string, string]] : []),
    [S.issuer, certificate.issuerName],
    [S.validity, S.validityRange(dateBr(certificate.notBefore), dateBr(certificate.notAfter))],
    [S.icpBrasil, certificate.icpBrasil ? S.yes : S.noIcp],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function UploadForm({ onDone, canCancel }: { onDone: () => void; canCancel: boolean }) {
  const [upload, state] = useUploadSigningCertificateMutation();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState('');
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !password) return;
    setFailure('');
    const result = await upload({ file, password });
    // The password leaves the page's state as soon as the call is answered.
    setPassword('');
    if ('error' in result && result.error) {
      setFailure(failureText(result.error));
      return;
    }
    toast({ title: S.uploaded, variant: 'success' });
    onDone();
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {S.sectionText}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button component="label" variant="outlined" htmlFor={inputId}>
            {S.chooseFile}
            <input
              id={inputId}
              hidden
              type="file"
              accept=".pfx,.p12,application/x-pkcs12"
              aria-label={S.fileLabel}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2">{file?.name ?? S.noFileChosen}</Typography>
        </Stack>
        <TextField
          type="password"
          label={S.passwordLabel}
          value={password}
          autoComplete="off"
          onChange={(e) => setPassword(e.target.value)}
        />
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="contained"
            disabled={!file || !password || state.isLoading}
          >
            {state.isLoading ? S.uploading : S.upload}
          </Button>
          {canCancel && (
            <Button onClick={onDone} disabled={state.isLoading}>
              {S.cancel}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
