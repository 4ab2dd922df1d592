import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useFailureToast, useToast } from '@pv/web-kit';
import { useMemo, useState } from 'react';
import {
  type ContentItem,
  type ContentPath,
  useCreateContentMutation,
  useDeleteContentMutation,
  useListContentQuery,
  useUpdateContentMutation,
} from '../../../api/content';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { EmptyState, QueryState } from '../../../components/query-state';
import { crudErrorTitles, T } from '../../../messages';

export type ContentForm = Record<string, string | boolean>;

/** One field of a content form. Text-like kinds hold strings, `switch` a boolean. */
export interface ContentField<F extends ContentForm> {
  name: keyof F & string;
  label: string;
  kind: 'text' | 'multiline' | 'select' | 'switch' | 'number' | 'date';
  options?: readonly { value: string; label: string }[];
  /** Blank (after trimming) keeps the save button disabled. */
  required?: boolean;
  /** The error shown under the field for this value; undefined when it is acceptable. */
  validate?: (value: string) => string | undefined;
  /** The hint under the field; a function reads the form (a hint that depends on another field). */
  helperText?: string | ((form: F) => string | undefined);
}

/**
 * Everything that differs between the six admin content lists: where the list lives,
 * what its items and form look like, and the noun of its error toasts.
 */
export interface ContentListDefinition<TItem extends ContentItem, F extends ContentForm> {
  path: ContentPath;
  /** 'Erro ao criar {noun}', 'Erro ao atualizar {noun}', 'Erro ao deletar {noun}'. */
  noun: string;
  /** "Novo Template", "Nova Instrução"... */
  newLabel: string;
  /** The dialog title when editing. */
  editLabel: string;
  emptyText: string;
  fields: ContentField<F>[];
  emptyForm: F;
  toForm: (item: TItem) => F;
  toBody: (form: F) => object;
  title: (item: TItem) => string;
  /** The text under the title (previews are cut here). */
  body?: (item: TItem) => string;
  chips?: (item: TItem) => string[];
  order?: (a: TItem, b: TItem) => number;
}

/** True when every required field has text and no field reports an error. */
export function isContentFormValid<F extends ContentForm>(
  fields: readonly ContentField<F>[],
  form: F,
): boolean {
  return fields.every((field) => {
    const value = form[field.name];
    if (typeof value !== 'string') return true;
    if (field.required && value.trim() === '') return false;
    return field.validate?.(value) === undefined;
  });
}

type Editing<TItem> = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; item: TItem };

/** A content list with create, edit and delete, configured by a `ContentListDefinition`. */
export function ContentList<TItem extends ContentItem, F extends ContentForm>({
  definition,
}: {
  definition: ContentListDefinition<TItem, F>;
}) {
  const { data, isLoading, isError } = useListContentQuery(definition.path);
  const [editing, setEditing] = useState<Editing<TItem>>({ kind: 'none' });
  const [deleting, setDeleting] = useState<TItem | null>(null);
  const [removeItem, removal] = useDeleteContentMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const errors = crudErrorTitles(definition.noun);
  const items = useMemo(() => {
    const list = (data ?? []) as TItem[];
    return definition.order ? [...list].sort(definition.order) : list;
  }, [data, definition.order]);

  const confirmDelete = async (item: TItem) => {
    try {
      await removeItem({ path: definition.path, id: item.id }).unwrap();
      toast({ title: 'Excluído com sucesso', variant: 'success' });
      setDeleting(null);
    } catch (error) {
      failed(error, { title: errors.remove, fallback: 'Tente novamente' });
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ kind: 'create' })}
        >
          {definition.newLabel}
        </Button>
      </Box>
      <QueryState isLoading={isLoading} isError={isError}>
        {items.length === 0 ? (
          <EmptyState>{definition.emptyText}</EmptyState>
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ p: 0, m: 0 }}>
            {items.map((item) => {
              const title = definition.title(item);
              return (
                <Card key={item.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
                  <CardContent sx={{ pb: 1 }}>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                        {title}
                      </Typography>
                      {definition.chips?.(item).map((chip) => (
                        <Chip key={chip} size="small" label={chip} />
                      ))}
                    </Stack>
                    {definition.body && (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}
                        data-testid="content-body"
                      >
                        {definition.body(item)}
                      </Typography>
                    )}
                  </CardContent>
                  <CardActions>
                    <Button
                      size="small"
                      startIcon={<EditIcon />}
                      aria-label={`Editar ${title}`}
                      onClick={() => setEditing({ kind: 'edit', item })}
                    >
                      {T.edit}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      aria-label={`Excluir ${title}`}
                      onClick={() => setDeleting(item)}
                    >
                      {T.delete}
                    </Button>
                  </CardActions>
                </Card>
              );
            })}
          </Stack>
        )}
      </QueryState>
      {editing.kind !== 'none' && (
        <ContentDialog
          definition={definition}
          item={editing.kind === 'edit' ? editing.item : undefined}
          onClose={() => setEditing({ kind: 'none' })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Excluir ${definition.noun}`}
        message="Tem certeza que deseja excluir este item? Esta ação não pode ser desfeita."
        confirmLabel={T.delete}
        busy={removal.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </>
  );
}

function ContentDialog<TItem extends ContentItem, F extends ContentForm>({
  definition,
  item,
  onClose,
}: {
  definition: ContentListDefinition<TItem, F>;
  item: TItem | undefined;
  onClose: () => void;
}) {
  const [form, setForm] = useState<F>(() =>
    item ? definition.toForm(item) : { ...definition.emptyForm },
  );
  const [createItem, creating] = useCreateContentMutation();
  const [updateItem, updating] = useUpdateContentMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const errors = crudErrorTitles(definition.noun);
  const valid = isContentFormValid(definition.fields, form);

  const save = async () => {
    if (!valid) return;
    const body = definition.toBody(form);
    try {
      if (item) await updateItem({ path: definition.path, id: item.id, body }).unwrap();
      else await createItem({ path: definition.path, body }).unwrap();
      toast({ title: 'Salvo com sucesso', variant: 'success' });
      onClose();
    } catch (error) {
      failed(error, { title: item ? errors.update : errors.create, fallback: 'Tente novamente' });
    }
  };

  return (
    <FormDialog
      title={item ? definition.editLabel : definition.newLabel}
      maxWidth="md"
      onClose={onClose}
      submit={{
        label: item ? T.save : T.create,
        onClick: save,
        disabled: !valid || creating.isLoading || updating.isLoading,
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {definition.fields.map((field) => {
          const value = form[field.name];
          const set = (next: string | boolean) =>
            setForm((current) => ({ ...current, [field.name]: next }));
          if (field.kind === 'switch') {
            return (
              <FormControlLabel
                key={field.name}
                label={field.label}
                control={
                  <Switch
                    checked={value === true}
                    onChange={(event) => set(event.target.checked)}
                  />
                }
              />
            );
          }
          const text = typeof value === 'string' ? value : '';
          const error = field.validate?.(text);
          return (
            <TextField
              key={field.name}
              label={field.label}
              required={field.required}
              select={field.kind === 'select'}
              multiline={field.kind === 'multiline'}
              minRows={field.kind === 'multiline' ? 5 : undefined}
              type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
              value={text}
              onChange={(event) => set(event.target.value)}
              error={error !== undefined}
              helperText={
                error ??
                (typeof field.helperText === 'function' ? field.helperText(form) : field.helperText)
              }
              fullWidth
              slotProps={{
                inputLabel: field.kind === 'date' ? { shrink: true } : {},
                htmlInput: field.kind === 'number' ? { min: 0, step: 1 } : {},
              }}
            >
              {field.options?.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Stack>
    </FormDialog>
  );
}

/**
 * `displayOrder` is numeric and falls back to 0 (blank or not a number); the
 * instructions' minimum of 0 is checked by `nonNegativeOrder` before saving.
 */
export function displayOrderOf(value: string): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : 0;
}

export function nonNegativeOrder(value: string): string | undefined {
  const parsed = Number.parseInt(value, 10);
  return value.trim() !== '' && Number.isFinite(parsed) && parsed < 0
    ? 'A ordem de exibição deve ser maior ou igual a 0'
    : undefined;
}
