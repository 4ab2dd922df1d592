import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useFailureToast, useToast } from '@pv/web-kit';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  type UserTemplate,
  useCreateUserTemplateMutation,
  useDeleteUserTemplateMutation,
  useGetUserTemplatesQuery,
  useUpdateUserTemplateMutation,
} from '../../api/account';
import { UserAreaStrings as S, TEMPLATE_PREVIEW_CHARS } from '../../strings/account';

/** The user area previews 100 characters of a template's content. */
export function templatePreview(content: string): string {
  return content.length > TEMPLATE_PREVIEW_CHARS
    ? `${content.slice(0, TEMPLATE_PREVIEW_CHARS)}...`
    : content;
}

/** Templates: Premium users manage their custom templates; others see an upgrade prompt. */
export function TemplatesTab({ isPremium }: { isPremium: boolean }) {
  if (!isPremium) {
    return (
      <Card>
        <CardContent>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
            {S.templatesTitle}
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            {S.templatesPremiumOnly}
          </Alert>
          <Button component={RouterLink} to="/subscribe" variant="contained" color="secondary">
            {S.upgradeButton}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <TemplateManager />;
}

type Editing = { mode: 'create' } | { mode: 'edit'; template: UserTemplate } | null;

function TemplateManager() {
  const { data, isLoading, isError } = useGetUserTemplatesQuery();
  const [deleteTemplate] = useDeleteUserTemplateMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<UserTemplate | null>(null);
  const confirmTitleId = useId();

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteTemplate(deleting.id);
    setDeleting(null);
    if ('error' in result && result.error) {
      failed(result.error, { title: S.templateDeleteError, fallback: S.tryAgain });
      return;
    }
    toast({ title: S.templateDeleted, variant: 'success' });
  };

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          {S.templatesTitle}
        </Typography>
        <Button variant="contained" onClick={() => setEditing({ mode: 'create' })}>
          {S.newTemplate}
        </Button>
      </Stack>
      {isLoading && <LinearProgress aria-label={S.templatesTitle} />}
      {isError && <Alert severity="error">{S.templatesLoadError}</Alert>}
      {data && data.length === 0 && (
        <Typography color="text.secondary">{S.templatesEmpty}</Typography>
      )}
      <Grid container spacing={2}>
        {data?.map((template) => (
          <Grid key={template.id} size={{ xs: 12, md: 6 }}>
            <Card
              component="article"
              aria-label={template.name}
              sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flex: 1 }}>
                <Typography component="h3" variant="h6">
                  {template.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                  {templatePreview(template.content)}
                </Typography>
              </CardContent>
              <CardActions>
                <Button
                  size="small"
                  onClick={() => setEditing({ mode: 'edit', template })}
                  aria-label={`${S.edit} ${template.name}`}
                >
                  {S.edit}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(template)}
                  aria-label={`${S.delete} ${template.name}`}
                >
                  {S.delete}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      {editing && <TemplateDialog editing={editing} onClose={() => setEditing(null)} />}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby={confirmTitleId}
      >
        <DialogTitle id={confirmTitleId}>{S.deleteConfirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting ? S.deleteConfirmText(deleting.name) : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{S.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()}>
            {S.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function TemplateDialog({
  editing,
  onClose,
}: {
  editing: NonNullable<Editing>;
  onClose: () => void;
}) {
  const existing = editing.mode === 'edit' ? editing.template : null;
  const [name, setName] = useState(existing?.name ?? '');
  const [content, setContent] = useState(existing?.content ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, createState] = useCreateUserTemplateMutation();
  const [update, updateState] = useUpdateUserTemplateMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || content.trim() === '') return setProblem(S.templateRequired);
    setProblem(null);
    const body = { name: name.trim(), content };
    const result = existing ? await update({ id: existing.id, ...body }) : await create(body);
    if ('error' in result && result.error) {
      const title = existing ? S.templateUpdateError : S.templateCreateError;
      failed(result.error, { title: title, fallback: S.tryAgain });
      return;
    }
    toast({ title: existing ? S.templateUpdated : S.templateCreated, variant: 'success' });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{existing ? S.editTemplate : S.newTemplate}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={S.templateName}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              fullWidth
            />
            <TextField
              label={S.templateContent}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              required
              fullWidth
              multiline
              minRows={8}
            />
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{S.cancel}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={createState.isLoading || updateState.isLoading}
          >
            {S.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
