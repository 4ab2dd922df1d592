import {
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Pagination, VaultRecordSummary } from '@pv/contracts';
import { VAULT_CONSULT_ID_PREVIEW_CHARS } from '@pv/contracts/constants';
import { formatDateTime } from '../../../format';

/** Spec 2 §5: one row per record, its consult id cut to 8 characters, with view and delete. */
export function VaultRecordsTable(props: {
  records: VaultRecordSummary[];
  onView: (consultId: string) => void;
  onDelete: (record: VaultRecordSummary) => void;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Registros do Transcript Vault">
        <TableHead>
          <TableRow>
            <TableCell>Consulta</TableCell>
            <TableCell>Mês</TableCell>
            <TableCell>UF</TableCell>
            <TableCell>Trecho</TableCell>
            <TableCell>Registrado em</TableCell>
            <TableCell align="right">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.records.map((record) => {
            const shortId = record.consult_id.slice(0, VAULT_CONSULT_ID_PREVIEW_CHARS);
            return (
              <TableRow key={record.consult_id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{shortId}</TableCell>
                <TableCell>{record.date_ym}</TableCell>
                <TableCell>{record.geo_region ?? '—'}</TableCell>
                <TableCell sx={{ maxWidth: 420 }}>{record.transcript_teaser}</TableCell>
                <TableCell>{formatDateTime(record.timestamp_utc)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    aria-label={`Ver registro ${shortId}`}
                    onClick={() => props.onView(record.consult_id)}
                  >
                    Ver
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Excluir registro ${shortId}`}
                    onClick={() => props.onDelete(record)}
                  >
                    Excluir
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** "Página N de M (T registros)" with the previous and next buttons. */
export function VaultPager(props: { pagination: Pagination; onStep: (pages: 1 | -1) => void }) {
  const { pagination } = props;
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 2 }}
    >
      <Typography variant="body2">
        Página {pagination.currentPage} de {pagination.totalPages} ({pagination.totalCount}{' '}
        registros)
      </Typography>
      <Button disabled={!pagination.hasPrev} onClick={() => props.onStep(-1)}>
        Anterior
      </Button>
      <Button disabled={!pagination.hasNext} onClick={() => props.onStep(1)}>
        Próxima
      </Button>
    </Stack>
  );
}
