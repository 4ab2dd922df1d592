import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { CurrentUser } from '@pv/contracts';
import { useToast } from '@pv/web-kit';
import { type FormEvent, useId, useState } from 'react';
import {
  useSendVerificationEvidenceMutation,
  useVerifyByCertificateMutation,
} from '../../api/auth';
import { failureText } from '../../api/http';
import { VerificationStrings as S } from '../../strings/verification';

/** The file's bytes as base64, without the data-URL prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const dateBr = (iso: string) =>
  new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/**
 * Minha Área's "Verificação profissional" (issue 23): the state of the registry + CPF and the two
 * ways to verify them: an ICP-Brasil certificate of the same CPF (at once) or a photo/PDF of the
 * council card for staff review.
 */
export function VerificationSection({ user }: { user: CurrentUser }) {
  const verification = user.professionalVerification;
  const state = verification?.state ?? 'pendente';
  return (
    <Card sx={{ mt: 3 }} data-testid="professional-verification">
      <CardContent>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          {S.title}
        </Typography>
        {state === 'verificado' ? (
          <Alert severity="success">
            {S.verified(verification?.decidedAt ? dateBr(verification.decidedAt) : '')}
          </Alert>
        ) : (
          <Stack spacing={2}>
            {state === 'recusado' ? (
              <Alert severity="error">{S.refused(verification?.reason ?? '')}</Alert>
            ) : (
              <Alert severity="warning">
                {verification?.evidenceSubmitted ? S.waitingReview : S.pending}
              </Alert>
            )}
            <CertificateForm />
            <EvidenceForm />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function CertificateForm() {
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [verify, { isLoading }] = useVerifyByCertificateMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const toast = useToast();
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const result = await verify({ certificateBase64: await base64Of(file), password });
    if ('error' in result && result.error) {
      setProblem(failureText(result.error) || S.failed);
      return;
    }
    setProblem(null);
    setPassword('');
    toast({ title: S.verifiedNow, variant: 'success' });
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={S.certificateTitle}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {S.certificateTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {S.certificateHint}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <label htmlFor={inputId}>{S.certificateFile}</label>
        <input
          id={inputId}
          type="file"
          accept=".pfx,.p12,application/x-pkcs12"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <TextField
          size="small"
          type="password"
          label={S.certificatePassword}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="contained" disabled={!file || isLoading}>
          {S.verifyWithCertificate}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {problem}
        </Alert>
      )}
    </Box>
  );
}

function EvidenceForm() {
  const [file, setFile] = useState<File | null>(null);
  const [send, { isLoading }] = useSendVerificationEvidenceMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const toast = useToast();
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const result = await send({ contentType: file.type, dataBase64: await base64Of(file) });
    if ('error' in result && result.error) {
      setProblem(failureText(result.error) || S.failed);
      return;
    }
    setProblem(null);
    toast({ title: S.evidenceSent, variant: 'success' });
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={S.evidenceTitle}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {S.evidenceTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {S.evidenceHint}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <label htmlFor={inputId}>{S.evidenceFile}</label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,application/pdf"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button type="submit" variant="outlined" disabled={!file || isLoading}>
          {S.sendEvidence}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {problem}
        </Alert>
      )}
    </Box>
  );
}
