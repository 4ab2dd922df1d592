import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, CircularProgress, Grid, Typography } from '@mui/material';
import type { VaultRecord } from '@pv/contracts';
import { useToast } from '@pv/web-kit';
import { useEffect, useRef, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { formatDateTime } from '../../../format';
import { T } from '../../../messages';

interface LoadResult {
  unwrap: () => Promise<VaultRecord>;
}

/** 'Ver': the full anonymised record, loaded when opened, with copy buttons. */
export function VaultRecordDialog({
  consultId,
  load,
  onUnauthorized,
  onClose,
}: {
  consultId: string;
  load: (id: string) => LoadResult;
  onUnauthorized: (error: unknown) => boolean;
  onClose: () => void;
}) {
  const [record, setRecord] = useState<VaultRecord | null>(null);
  const [failed, setFailed] = useState(false);
  const toast = useToast();
  // The callbacks change on every render of the parent; the record loads once per id.
  const callbacks = useRef({ load, onUnauthorized, onClose, toast });
  callbacks.current = { load, onUnauthorized, onClose, toast };

  useEffect(() => {
    let active = true;
    const { load, onUnauthorized, onClose, toast } = callbacks.current;
    load(consultId)
      .unwrap()
      .then((loaded) => active && setRecord(loaded))
      .catch((error: unknown) => {
        if (!active) return;
        if (onUnauthorized(error)) {
          onClose();
          return;
        }
        setFailed(true);
        toast({ title: 'Erro', description: T.vaultLoadRecordError, variant: 'destructive' });
      });
    return () => {
      active = false;
    };
  }, [consultId]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: T.copied, variant: 'success' });
    } catch {
      toast({ title: 'Erro', description: 'Não foi possível copiar', variant: 'destructive' });
    }
  };

  return (
    <FormDialog
      title={`Registro ${consultId.slice(0, 8)}`}
      maxWidth="md"
      onClose={onClose}
      closeLabel={T.close}
      dividers
    >
      {failed ? (
        <Alert severity="error">{T.vaultLoadRecordError}</Alert>
      ) : !record ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : (
        <>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            {(
              [
                ['ID da consulta', record.consult_id],
                ['Mês', record.date_ym],
                ['UF', record.geo_region ?? '—'],
                ['Registrado em', formatDateTime(record.timestamp_utc)],
                [
                  'Duração do áudio',
                  record.audio_length_sec === null ? '—' : `${record.audio_length_sec} s`,
                ],
                ['Profissional', record.professional ?? '—'],
                ['Hash do paciente', record.patient_hash ?? '—'],
                ['Hash do profissional', record.professional_hash ?? '—'],
                ['Hash do IP', record.ip_hash ?? '—'],
              ] as const
            ).map(([label, value]) => (
              <Grid key={label} size={{ xs: 12, sm: 6 }}>
                <Typography variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography sx={{ wordBreak: 'break-all' }}>{value}</Typography>
              </Grid>
            ))}
          </Grid>
          <TextBlock title="Transcrição formatada" text={record.transcript} onCopy={copy} />
          {record.raw_transcript && (
            <TextBlock title="Transcrição original" text={record.raw_transcript} onCopy={copy} />
          )}
          {record.edited_transcript && (
            <TextBlock title="Texto editado" text={record.edited_transcript} onCopy={copy} />
          )}
        </>
      )}
    </FormDialog>
  );
}

function TextBlock({
  title,
  text,
  onCopy,
}: {
  title: string;
  text: string;
  onCopy: (text: string) => void;
}) {
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() => onCopy(text)}
          aria-label={`Copiar ${title.toLowerCase()}`}
        >
          Copiar
        </Button>
      </Box>
      <Typography
        component="pre"
        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', bgcolor: 'grey.50', p: 1.5 }}
      >
        {text}
      </Typography>
    </Box>
  );
}
