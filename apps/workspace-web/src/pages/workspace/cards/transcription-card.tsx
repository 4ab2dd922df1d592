import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Stack,
  Typography,
} from '@mui/material';
import { useToast } from '@pv/web-kit';
import { memo, useRef, useState } from 'react';
import { extractPdfText } from '../../../api/documents';
import { failureText } from '../../../api/http';
import { transcriptToCsv } from '../../../speech/csv';
import { workspaceActions } from '../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { WorkspaceStrings as S } from '../../../strings/workspace';
import { downloadBlob, fileStamp } from '../download';
import { useAppStore, useTranscriptValue, useWorkspace } from '../workspace-context';
import { TranscriptEditor } from './transcript-editor';

const readInterim = (t: { interim: string }) => t.interim;

/** A file's text as UTF-8 (FileReader: also available where Blob.text is not). */
function readAsText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('leitura falhou'));
    reader.readAsText(file, 'utf-8');
  });
}

function InterimTail() {
  const interim = useTranscriptValue(readInterim, { interim: true });
  if (!interim) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ fontStyle: 'italic', mt: 1 }}
      data-testid="interim"
    >
      {interim}
    </Typography>
  );
}

function ClearAll() {
  const [open, setOpen] = useState(false);
  const { transcript, recorder } = useWorkspace();
  const dispatch = useAppDispatch();
  const confirm = async () => {
    setOpen(false);
    await recorder.stop();
    transcript.replace('');
    recorder.resetSessions();
    dispatch(workspaceActions.everythingCleared());
  };
  return (
    <>
      <Button startIcon={<DeleteSweepIcon />} color="error" onClick={() => setOpen(true)}>
        {S.clearAll}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogContent>
          <DialogContentText>{S.confirmClearAll}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{S.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => void confirm()}>
            {S.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A PDF is sent for extraction, Word files only noted, anything else read as text. */
function PreviousReportUpload() {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [busy, setBusy] = useState(false);

  const onFile = async (file: File) => {
    setBusy(true);
    try {
      const name = file.name.toLowerCase();
      let addition: string;
      if (name.endsWith('.pdf')) {
        const { text } = await extractPdfText(file);
        addition = `${S.previousReportHeading(file.name)}\n${text.trim()}`;
      } else if (name.endsWith('.doc') || name.endsWith('.docx')) {
        addition = S.wordFileNoted(file.name);
      } else {
        addition = `${S.previousReportHeading(file.name)}\n${(await readAsText(file)).trim()}`;
      }
      const current = store.getState().workspace.additionalInfo;
      dispatch(
        workspaceActions.additionalInfoChanged(current ? `${current}\n\n${addition}` : addition),
      );
      toast({
        title: S.uploadPreviousReport,
        description: S.previousReportAdded,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: S.errorTitle,
        description: `${S.fileError}${failureText(error)}`,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept=".pdf,.doc,.docx,.txt"
        data-testid="previous-report-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void onFile(file);
        }}
      />
      <Button startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {S.uploadPreviousReport}
      </Button>
    </>
  );
}

export const TranscriptionCardBody = memo(function TranscriptionCardBody() {
  const { transcript } = useWorkspace();
  const toast = useToast();
  const store = useAppStore();
  const professional = useAppSelector((state) => state.workspace.professional);

  const exportCsv = () => {
    if (transcript.value.trim() === '') {
      toast({ title: S.errorTitle, description: S.nothingToExport, variant: 'destructive' });
      return;
    }
    const seconds = store.getState().workspace.recording.elapsedSeconds;
    const csv = transcriptToCsv(transcript.value, seconds);
    downloadBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `transcricao-${fileStamp()}.csv`,
    );
  };

  return (
    <Stack spacing={1.5}>
      <TranscriptEditor />
      <InterimTail />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button startIcon={<FileDownloadIcon />} onClick={exportCsv}>
          {S.exportCsv}
        </Button>
        <ClearAll />
        {professional === 'medico_visitador' && <PreviousReportUpload />}
      </Stack>
    </Stack>
  );
});
