import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { VerificationQueueEntry } from '@pv/contracts';
import { useFailureToast, useToast } from '@pv/web-kit';
import { useState } from 'react';
import {
  evidenceUrl,
  useApproveVerificationMutation,
  useRefuseVerificationMutation,
  useVerificationQueueQuery,
} from '../../../api/verifications';
import { QueryState } from '../../../components/query-state';
import { ListTable } from '../../../components/simple-table';
import { formatDateTime } from '../../../format';

const cpfText = (cpf: string | null) =>
  cpf ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : '—';
const registryText = (e: VerificationQueueEntry) =>
  e.professionalRegistry && e.registryNumber
    ? `${e.professionalRegistry}/${e.registryUf ?? '??'} ${e.registryNumber}`
    : '—';

/**
 * 'Verificações' (issue 23 item 2): professionals whose registry and CPF wait for review, those
 * who sent a photo or PDF of the council card first. Staff open the card (audited), check the
 * council's public registry, and approve or refuse with a reason the professional reads; the card
 * is deleted at the decision.
 */
export default function VerificationsTab() {
  const queue = useVerificationQueueQuery();
  const [approve] = useApproveVerificationMutation();
  const [refuse, refusing] = useRefuseVerificationMutation();
  const [refusingEntry, setRefusingEntry] = useState<VerificationQueueEntry | null>(null);
  const [reason, setReason] = useState('');
  const toast = useToast();
  const failed = useFailureToast();
  const entries = queue.data ?? [];

  const onApprove = async (entry: VerificationQueueEntry) => {
    try {
      await approve(entry.userId).unwrap();
      toast({ title: 'Identificação aprovada', description: entry.fullName, variant: 'success' });
    } catch (error) {
      failed(error, { title: 'Erro ao aprovar', fallback: 'Tente novamente' });
    }
  };
  const onRefuse = async () => {
    if (!refusingEntry) return;
    try {
      await refuse({ userId: refusingEntry.userId, reason }).unwrap();
      toast({
        title: 'Identificação recusada',
        description: refusingEntry.fullName,
        variant: 'success',
      });
      setRefusingEntry(null);
      setReason('');
    } catch (error) {
      failed(error, { title: 'Erro ao recusar', fallback: 'Tente novamente' });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Profissionais cujo registro no conselho e CPF aguardam conferência. Abra o documento
        enviado, confira o registro na consulta pública do conselho e aprove ou recuse informando o
        motivo. O documento é apagado após a decisão; cada decisão fica na auditoria.
      </Typography>
      <QueryState isLoading={queue.isLoading} isError={queue.isError}>
        <ListTable
          empty="Nenhuma verificação pendente."
          label="Verificações pendentes"
          rows={entries}
          rowKey={(e) => e.userId}
          columns={[
            { header: 'Profissional', cell: (e) => e.fullName },
            { header: 'E-mail', cell: (e) => e.email },
            { header: 'Registro', cell: registryText },
            { header: 'CPF', cell: (e) => cpfText(e.cpf) },
            {
              header: 'Documento',
              cell: (e) =>
                e.evidenceContentType ? (
                  <Button
                    size="small"
                    href={evidenceUrl(e.userId)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Ver documento
                  </Button>
                ) : (
                  'Não enviado'
                ),
            },
            {
              header: 'Enviado em',
              cell: (e) => (e.requestedAt ? formatDateTime(e.requestedAt) : '—'),
            },
            {
              header: 'Decisão',
              cell: (e) => (
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() => onApprove(e)}
                    aria-label={`Aprovar ${e.fullName}`}
                  >
                    Aprovar
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRefusingEntry(e)}
                    aria-label={`Recusar ${e.fullName}`}
                  >
                    Recusar
                  </Button>
                </Stack>
              ),
            },
          ]}
        />
      </QueryState>
      <Dialog open={refusingEntry !== null} onClose={() => setRefusingEntry(null)} fullWidth>
        <DialogTitle>Recusar a identificação de {refusingEntry?.fullName}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label="Motivo (o profissional vai lê-lo)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRefusingEntry(null)}>Cancelar</Button>
          <Button
            color="error"
            variant="contained"
            disabled={!reason.trim() || refusing.isLoading}
            onClick={onRefuse}
          >
            Recusar
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
