import { Button, Stack, Typography } from '@mui/material';
import type { Pagination } from '@pv/contracts';

/** "Página N de M (T registros)" with the previous and next buttons (vault records, audit log). */
export function Pager(props: { pagination: Pagination; onStep: (pages: 1 | -1) => void }) {
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
