import { Box, Chip, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useGetUserTemplatesQuery } from '../../../../api/account';
import { useViewer } from '../../../../api/auth';
import { workspaceActions } from '../../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../../store';
import { WorkspaceStrings as S } from '../../../../strings/workspace';

const DEFAULT_TEMPLATE = '__default__';

/** The formatting template: the default one or a custom one of the user. */
export function TemplatePicker() {
  const viewer = useViewer();
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((state) => state.workspace.customTemplateId);
  const templates = useGetUserTemplatesQuery(undefined, { skip: viewer.kind !== 'user' });
  const list = templates.data ?? [];
  return (
    <Box>
      <TextField
        select
        fullWidth
        size="small"
        label={S.template}
        value={chosen && list.some((t) => t.id === chosen) ? chosen : DEFAULT_TEMPLATE}
        onChange={(event) =>
          dispatch(
            workspaceActions.templateChosen(
              event.target.value === DEFAULT_TEMPLATE ? null : event.target.value,
            ),
          )
        }
      >
        <MenuItem value={DEFAULT_TEMPLATE}>{S.defaultTemplate}</MenuItem>
        {list.map((template) => (
          <MenuItem key={template.id} value={template.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{template.name}</span>
              <Chip size="small" label={S.customBadge} color="secondary" variant="outlined" />
            </Stack>
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        {list.length > 0 ? (
          <Link component={RouterLink} to="/profile">
            {S.manageTemplates}
          </Link>
        ) : (
          <>
            {S.noCustomTemplates} ·{' '}
            <Link component={RouterLink} to="/profile">
              {S.createTemplate}
            </Link>
          </>
        )}
      </Typography>
    </Box>
  );
}
