import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { CurrentUser } from '@pv/contracts';
import { useToast } from '@pv/web-kit';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
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
    <UploadForm
      texts={{ title: S.certificateTitle, hint: S.certificateHint, file: S.certificateFile }}
      accept=".pfx,.p12,application/x-pkcs12"
      onFile={setFile}
      onSubmit={submit}
      problem={problem}
    >
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
    </UploadForm>
  );
}

function EvidenceForm() {
  const [file, setFile] = useState<File | null>(null);
  const [send, { isLoading }] = useSendVerificationEvidenceMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const toast = useToast();

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
    <UploadForm
      texts={{ title: S.evidenceTitle, hint: S.evidenceHint, file: S.evidenceFile }}
      accept="image/jpeg,image/png,application/pdf"
      onFile={setFile}
      onSubmit={submit}
      problem={problem}
    >
      <Button type="submit" variant="outlined" disabled={!file || isLoading}>
        {S.sendEvidence}
      </Button>
    </UploadForm>
  );
}

/**
 * The frame both ways to verify share: a titled form with one file input, the form's own fields
 * and button (children), and the problem of the last try.
 */
function UploadForm(props: {
  texts: { title: string; hint: string; file: string };
  accept: string;
  onFile: (file: File | null) => void;
  onSubmit: (event: FormEvent) => void;
  problem: string | null;
  children: ReactNode;
}) {
  const { texts, problem } = props;
  const inputId = useId();
  return (
    <Box component="form" onSubmit={props.onSubmit} aria-label={texts.title}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {texts.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {texts.hint}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <label htmlFor={inputId}>{texts.file}</label>
        <input
          id={inputId}
          type="file"
          accept={props.accept}
          onChange={(e) => props.onFile(e.target.files?.[0] ?? null)}
        />
        {props.children}
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {problem}
        </Alert>
      )}
    </Box>
  );
}
