import { Grid, Typography } from '@mui/material';
import type { SupportTicket, UpdateTicketBody } from '@pv/contracts';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '@pv/contracts/constants';
import { GridSelect, GridTextField, useFailureToast, useFormFields, useToast } from '@pv/web-kit';
import { useTicketQuery, useUpdateTicketMutation } from '../../api/support';
import { FormDialog } from '../../components/form-dialog';
import { formatDateTime } from '../../format';
import {
  T,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from '../../messages';

interface TicketForm {
  status: TicketStatus;
  priority: TicketPriority;
  assignedTo: string;
  resolution: string;
  resolutionNotes: string;
}

/**
 * Only the fields the admin changed are sent. Resolving needs no resolvedAt from the
 * console: the support service stamps it when the status becomes resolved.
 */
export function changedTicketFields(ticket: SupportTicket, form: TicketForm): UpdateTicketBody {
  const body: UpdateTicketBody = {};
  if (form.status !== ticket.status) body.status = form.status;
  if (form.priority !== ticket.priority) body.priority = form.priority;
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  if (text(form.assignedTo) !== (ticket.assignedTo ?? null))
    body.assignedTo = text(form.assignedTo);
  if (text(form.resolution) !== (ticket.resolution ?? null))
    body.resolution = text(form.resolution);
  if (text(form.resolutionNotes) !== (ticket.resolutionNotes ?? null)) {
    body.resolutionNotes = text(form.resolutionNotes);
  }
  return body;
}

/**
 * The detail dialog: the whole ticket, and its status, priority, assignee and resolution. The
 * list carries only a preview of the message; the whole of it is fetched here (which the support
 * service records in the audit trail), the preview showing until it arrives.
 */
export function TicketDialog({ ticket, onClose }: { ticket: SupportTicket; onClose: () => void }) {
  const full = useTicketQuery(ticket.id);
  const { values: form, bind } = useFormFields<TicketForm>({
    status: ticket.status,
    priority: ticket.priority,
    assignedTo: ticket.assignedTo ?? '',
    resolution: ticket.resolution ?? '',
    resolutionNotes: ticket.resolutionNotes ?? '',
  });
  const [updateTicket, updating] = useUpdateTicketMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const changes = changedTicketFields(ticket, form);

  const save = async () => {
    try {
      await updateTicket({ id: ticket.id, body: changes }).unwrap();
      toast({ title: 'Ticket atualizado', variant: 'success' });
      onClose();
    } catch (error) {
      failed(error, { title: T.ticketUpdateErrorTitle, fallback: T.ticketUpdateErrorFallback });
    }
  };

  return (
    <FormDialog
      title={ticket.subject}
      maxWidth="md"
      onClose={onClose}
      dividers
      submit={{
        label: T.save,
        onClick: save,
        disabled: updating.isLoading || Object.keys(changes).length === 0,
      }}
    >
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {TICKET_CATEGORY_LABELS[ticket.category]} · Criado em {formatDateTime(ticket.createdAt)}
        {ticket.resolvedAt ? ` · Resolvido em ${formatDateTime(ticket.resolvedAt)}` : ''}
      </Typography>
      <Typography variant="body2" gutterBottom>
        Contato:{' '}
        {ticket.contactName
          ? `${ticket.contactName} <${ticket.contactEmail}>`
          : ticket.contactEmail}
      </Typography>
      {!ticket.userId && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Ticket anônimo · IP: {ticket.ipAddress ?? '—'} · Navegador: {ticket.userAgent ?? '—'}
        </Typography>
      )}
      <Typography
        sx={{ whiteSpace: 'pre-wrap', my: 2 }}
        data-testid="ticket-message"
        aria-busy={full.isLoading}
      >
        {full.data?.description ?? ticket.description}
      </Typography>
      {full.isError && (
        <Typography variant="body2" color="error" gutterBottom>
          Não foi possível carregar a mensagem completa; mostrando o início.
        </Typography>
      )}
      <Grid container spacing={2}>
        <GridSelect
          cell={{ xs: 12, sm: 6 }}
          label="Status"
          {...bind('status')}
          options={TICKET_STATUSES}
          optionLabel={(value) => TICKET_STATUS_LABELS[value]}
        />
        <GridSelect
          cell={{ xs: 12, sm: 6 }}
          label="Prioridade"
          {...bind('priority')}
          options={TICKET_PRIORITIES}
          optionLabel={(value) => TICKET_PRIORITY_LABELS[value]}
        />
        <GridTextField label="Responsável" {...bind('assignedTo')} />
        <GridTextField multiline minRows={2} label="Resolução" {...bind('resolution')} />
        <GridTextField
          multiline
          minRows={2}
          label="Notas internas da resolução"
          {...bind('resolutionNotes')}
        />
      </Grid>
    </FormDialog>
  );
}
