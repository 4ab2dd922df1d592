import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { T } from '../messages';

/**
 * The console's dialogs: a title, the content, a close button ('Cancelar' unless `closeLabel`
 * says otherwise) and, when there is a `submit`, the contained button that runs it.
 * @example <FormDialog title="Novo Usuário" maxWidth="sm" onClose={close} submit={{ label: 'Criar', onClick: save, disabled: !valid }}>...</FormDialog>
 */
export function FormDialog(props: {
  title: ReactNode;
  maxWidth: 'xs' | 'sm' | 'md';
  onClose: () => void;
  submit?: { label: string; onClick: () => void; disabled: boolean };
  closeLabel?: string;
  /** Lines above and below a content that scrolls (long records and profiles). */
  dividers?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={props.maxWidth}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers={props.dividers ?? false}>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{props.closeLabel ?? T.cancel}</Button>
        {props.submit && (
          <Button
            variant="contained"
            onClick={props.submit.onClick}
            disabled={props.submit.disabled}
          >
            {props.submit.label}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
