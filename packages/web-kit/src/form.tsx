import {
  FormControlLabel,
  Grid,
  type GridProps,
  MenuItem,
  Switch,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { type ChangeEvent, useState } from 'react';

/** The grid cell's width (`size` would clash with the text field's own `size`). */
type Cell = GridProps['size'];

/**
 * A form's values with a binder per field: `bind(name)` gives a text or select field its value
 * and onChange, `check(name)` a switch or checkbox its checked state and onChange.
 * @example const { values, bind } = useFormFields({ email: '' }); <TextField {...bind('email')} />
 */
export function useFormFields<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const update = <K extends keyof T>(field: K, value: T[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const bind = <K extends keyof T>(field: K) => ({
    value: values[field],
    // A select offers only values of the field's type, so the cast cannot widen it.
    onChange: (event: { target: { value: string } }) => update(field, event.target.value as T[K]),
  });
  const check = <K extends keyof T>(field: K) => ({
    checked: Boolean(values[field]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.checked as T[K]),
  });
  return { values, setValues, bind, check };
}

/** A full-width text field in a grid cell (the forms of the profile, support and dialogs). */
export function GridTextField({ cell = 12, ...props }: TextFieldProps & { cell?: Cell }) {
  return (
    <Grid size={cell}>
      <TextField fullWidth {...props} />
    </Grid>
  );
}

/**
 * A full-width select of `options` in a grid cell, each shown by `optionLabel`; `emptyLabel`
 * adds a first item for "none" (value '').
 */
export function GridSelect<V extends string>({
  options,
  optionLabel = (value) => value,
  emptyLabel,
  ...props
}: TextFieldProps & {
  cell?: Cell;
  options: readonly V[];
  optionLabel?: (value: V) => string;
  emptyLabel?: string;
}) {
  return (
    <GridTextField select {...props}>
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {optionLabel(value)}
        </MenuItem>
      ))}
    </GridTextField>
  );
}

/** A labelled switch in a grid cell, bound with `check(name)`. */
export function GridSwitch(props: {
  cell?: Cell;
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Grid size={props.cell ?? 12}>
      <FormControlLabel
        control={<Switch checked={props.checked} onChange={props.onChange} />}
        label={props.label}
      />
    </Grid>
  );
}
