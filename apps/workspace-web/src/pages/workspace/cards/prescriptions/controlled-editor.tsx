import { Stack, TextField } from '@mui/material';
import type { ControlledMedication, ControlledPrescription } from '@pv/contracts';
import type { ReactNode } from 'react';
import { WorkspaceStrings as S } from '../../../../strings/workspace';
import { MedicationRows } from './medication-rows';

const blankControlled = (): ControlledMedication => ({
  medication: '',
  quantity: '',
  unit: '',
  posology: '',
});

/** An empty medication list in the controlled-drug editor becomes one blank row. */
export function withAtLeastOneRow(prescription: ControlledPrescription): ControlledPrescription {
  return prescription.medications.length > 0
    ? prescription
    : { ...prescription, medications: [blankControlled()] };
}

/** The controlled prescription, edited as free text with its medication rows. */
export function ControlledPrescriptionEditor(props: {
  value: ControlledPrescription;
  onChange: (value: ControlledPrescription) => void;
  actions?: ReactNode;
}) {
  const d = withAtLeastOneRow(props.value);
  const set = props.onChange;
  return (
    <Stack spacing={1.5} data-testid="controlled-editor">
      <TextField
        multiline
        minRows={8}
        fullWidth
        label={S.controlledText}
        value={d.text}
        onChange={(event) => set({ ...d, text: event.target.value })}
      />
      <MedicationRows
        rows={d.medications}
        onChange={(medications) => set({ ...d, medications })}
        blank={blankControlled}
        fields={[
          { key: 'medication', label: S.medication },
          { key: 'quantity', label: S.quantity },
          { key: 'unit', label: S.unit },
          { key: 'posology', label: S.posology },
        ]}
        actions={props.actions}
      />
    </Stack>
  );
}
