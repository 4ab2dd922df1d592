import DrawIcon from '@mui/icons-material/Draw';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { SignatureRequest } from '@pv/contracts';
import { useToast } from '@pv/web-kit';
import { type FormEvent, useId, useState } from 'react';
import { useViewer } from '../../../../api/auth';
import type { DownloadedFile } from '../../../../api/documents';
import { failureText } from '../../../../api/http';
import { SigningStrings } from '../../../../strings/signing';
import { WorkspaceStrings as S } from '../../../../strings/workspace';
import { downloadBlob, isAndroid, isMobileDevice, openBlobOnMobile } from '../../download';

/** Saves (desktop) or opens (mobile) a PDF; Android falls back to a text document. */
export function usePdfDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (
    make: () => Promise<DownloadedFile>,
    textFallback?: () => Promise<DownloadedFile>,
  ): Promise<boolean> => {
    setBusy(true);
    try {
      const file = await make();
      if (isMobileDevice()) openBlobOnMobile(file.blob);
      else downloadBlob(file.blob, file.fileName);
      if (file.verificationCode)
        toast({
          title: SigningStrings.signedToast,
          description: SigningStrings.signedText(file.verificationCode),
          variant: 'success',
        });
      return true;
    } catch (error) {
      if (isAndroid() && textFallback) {
        try {
          const text = await textFallback();
          downloadBlob(text.blob, text.fileName);
          toast({ title: S.downloadPdf, description: S.androidPdfFallback });
          return true;
        } catch {
          // report the PDF failure below
        }
      }
      const suffix = isMobileDevice() ? ` ${S.tryDesktop}` : '';
      toast({
        title: S.errorTitle,
        description: `${S.pdfError}${failureText(error)}${suffix}`,
        variant: 'destructive',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

export function PdfButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button
      variant="contained"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfIcon />}
      disabled={busy}
      onClick={onClick}
    >
      {S.downloadPdf}
    </Button>
  );
}

/**
 * The certificate password, kept in this page's memory only (issue 14 allows it for the page's
 * life): asked once, reused for the next signatures, forgotten on reload or when refused.
 */
let rememberedPassword = '';

/**
 * "Baixar PDF", and for Premium users "Assinar digitalmente": the certificate password is asked
 * in a dialog and the same PDF call carries `signature: { password }`.
 */
export function PdfActions({
  busy,
  onPdf,
}: {
  busy: boolean;
  onPdf: (signature?: SignatureRequest) => Promise<boolean>;
}) {
  const viewer = useViewer();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const titleId = useId();
  const premium = viewer.kind === 'user' && viewer.isPremium;

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setAsking(false);
    rememberedPassword = password;
    const ok = await onPdf({ password });
    if (ok === false) rememberedPassword = '';
    setPassword('');
  };

  return (
    <Stack direction="row" spacing={1}>
      <PdfButton busy={busy} onClick={() => void onPdf()} />
      {premium && (
        <Button
          variant="outlined"
          startIcon={<DrawIcon />}
          disabled={busy}
          onClick={() => {
            setPassword(rememberedPassword);
            setAsking(true);
          }}
        >
          {SigningStrings.sign}
        </Button>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <form onSubmit={(e) => void sign(e)} noValidate>
          <DialogTitle id={titleId}>{SigningStrings.signTitle}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{SigningStrings.signText}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              type="password"
              autoComplete="off"
              label={SigningStrings.passwordLabel}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>{SigningStrings.cancel}</Button>
            <Button type="submit" variant="contained" disabled={!password}>
              {SigningStrings.signAndDownload}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
