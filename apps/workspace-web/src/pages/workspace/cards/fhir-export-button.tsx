import DataObjectIcon from '@mui/icons-material/DataObject';
import { Button, CircularProgress } from '@mui/material';
import type { FormattedNote } from '@pv/contracts';
import { useToast } from '@pv/web-kit';
import { useState } from 'react';
import { exportFhir } from '../../../api/documents';
import { failureText } from '../../../api/http';
import { FhirExportStrings as S } from '../../../strings/fhir-export';
import { downloadBlob } from '../download';

/**
 * 'Exportar FHIR' (issue 28): downloads the note (one patient's) as a FHIR R4 document Bundle,
 * built by the documents service from the note and its record; nothing is kept on the server.
 * Shown only for a note as formatted: an edited text no longer matches its record.
 */
export function FhirExportButton({ note, label }: { note: FormattedNote; label?: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await exportFhir({ note });
      downloadBlob(file.blob, file.fileName);
      toast({ title: S.done, description: S.doneText, variant: 'success' });
    } catch (error) {
      toast({ title: S.errorTitle, description: failureText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DataObjectIcon />}
      disabled={busy}
      onClick={() => void run()}
      aria-label={label ?? S.button}
    >
      {S.button}
    </Button>
  );
}
