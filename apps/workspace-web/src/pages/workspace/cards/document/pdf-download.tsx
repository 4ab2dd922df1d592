import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, CircularProgress } from '@mui/material';
import { useToast } from '@pv/web-kit';
import { useState } from 'react';
import type { DownloadedFile } from '../../../../api/documents';
import { failureText } from '../../../../api/http';
import { WorkspaceStrings as S } from '../../../../strings/workspace';
import { downloadBlob, isAndroid, isMobileDevice, openBlobOnMobile } from '../../download';

/** Saves (desktop) or opens (mobile) a PDF; Android falls back to a text document. */
export function usePdfDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (
    make: () => Promise<DownloadedFile>,
    textFallback?: () => Promise<DownloadedFile>,
  ) => {
    setBusy(true);
    try {
      const file = await make();
      if (isMobileDevice()) openBlobOnMobile(file.blob);
      else downloadBlob(file.blob, file.fileName);
    } catch (error) {
      if (isAndroid() && textFallback) {
        try {
          const text = await textFallback();
          downloadBlob(text.blob, text.fileName);
          toast({ title: S.downloadPdf, description: S.androidPdfFallback });
          return;
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
