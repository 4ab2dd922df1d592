import type { DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { WorkspaceStrings as S } from '../../../strings/workspace';

/** The frame of every workspace card: a title, a drag handle (pointer and keyboard), content. */
export function WorkspaceCard(props: {
  title: ReactNode;
  label: string;
  dragHandleProps: DraggableProvidedDragHandleProps | null;
  aside?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card
      variant="outlined"
      data-testid={props.testId}
      component="section"
      aria-label={props.label}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Box
            {...(props.dragHandleProps ?? {})}
            aria-label={S.dragHandle(props.label)}
            sx={{
              display: 'flex',
              color: 'text.secondary',
              cursor: 'grab',
              borderRadius: 1,
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <DragIndicatorIcon fontSize="small" />
          </Box>
          <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
            {props.title}
          </Typography>
          {props.aside}
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  );
}
