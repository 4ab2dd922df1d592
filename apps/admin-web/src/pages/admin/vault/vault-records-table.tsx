import { Button, Paper, TableContainer } from '@mui/material';
import type { VaultRecordSummary } from '@pv/contracts';
import { VAULT_CONSULT_ID_PREVIEW_CHARS } from '@pv/contracts/constants';
import { SimpleTable } from '../../../components/simple-table';
import { formatDateTime } from '../../../format';

/** One row per record, its consult id cut to 8 characters, with view and delete. */
export function VaultRecordsTable(props: {
  records: VaultRecordSummary[];
  onView: (consultId: string) => void;
  onDelete: (record: VaultRecordSummary) => void;
}) {
  const shortId = (record: VaultRecordSummary) =>
    record.consult_id.slice(0, VAULT_CONSULT_ID_PREVIEW_CHARS);
  return (
    <TableContainer component={Paper} variant="outlined">
      <SimpleTable
        label="Registros do Transcript Vault"
        rows={props.records}
        rowKey={(record) => record.consult_id}
        columns={[
          { header: 'Consulta', sx: { fontFamily: 'monospace' }, cell: shortId },
          { header: 'Mês', cell: (record) => record.date_ym },
          { header: 'UF', cell: (record) => record.geo_region ?? '—' },
          { header: 'Trecho', sx: { maxWidth: 420 }, cell: (record) => record.transcript_teaser },
          { header: 'Registrado em', cell: (record) => formatDateTime(record.timestamp_utc) },
          {
            header: 'Ações',
            align: 'right',
            sx: { whiteSpace: 'nowrap' },
            cell: (record) => (
              <>
                <Button
                  size="small"
                  aria-label={`Ver registro ${shortId(record)}`}
                  onClick={() => props.onView(record.consult_id)}
                >
                  Ver
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={`Excluir registro ${shortId(record)}`}
                  onClick={() => props.onDelete(record)}
                >
                  Excluir
                </Button>
              </>
            ),
          },
        ]}
      />
    </TableContainer>
  );
}
