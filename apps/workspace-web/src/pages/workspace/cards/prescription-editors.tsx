import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type {
  AmbulatoryPrescription,
  ControlledMedication,
  ControlledPrescription,
  HospitalPrescription,
} from '@pv/contracts';
import { type ReactNode, useState } from 'react';
import { WorkspaceStrings as S } from '../../../strings/workspace';

/** A labelled text field bound to one string of a draft. */
function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
}) {
  return (
    <TextField
      size="small"
      label={props.label}
      value={props.value}
      multiline={props.multiline ?? false}
      minRows={props.multiline ? 2 : undefined}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ flex: 1, minWidth: 140 }}
    />
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {children}
    </Stack>
  );
}

/**
 * The medication rows of every prescription editor: a text field per column, optional extra
 * controls (the controlled flag), a remove button per row, and "add" appending a blank row.
 */
function MedicationRows<M extends object>(props: {
  rows: M[];
  onChange: (rows: M[]) => void;
  blank: () => M;
  fields: readonly { key: keyof M & string; label: string }[];
  extra?: (row: M, update: (patch: Partial<M>) => void) => ReactNode;
  actions?: ReactNode;
}) {
  const { rows, onChange } = props;
  return (
    <>
      {rows.map((row, i) => {
        const update = (patch: Partial<M>) =>
          onChange(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: editable rows have no identity of their own; inputs are controlled, so a removed row cannot leave stale state
          <Row key={i}>
            {props.fields.map(({ key, label }) => (
              <Field
                key={key}
                label={label}
                value={String(row[key] ?? '')}
                onChange={(v) => update({ [key]: v } as Partial<M>)}
              />
            ))}
            {props.extra?.(row, update)}
            <IconButton
              aria-label={S.removeMedication}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Row>
        );
      })}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, props.blank()])}>
          {S.addMedication}
        </Button>
        {props.actions}
      </Stack>
    </>
  );
}

function ViewLine({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value || '—'}
    </Typography>
  );
}

/** View and edit modes around a draft that is committed on save and dropped on cancel. */
function EditorFrame<T>(props: {
  value: T;
  onSave: (value: T) => void;
  view: (value: T) => ReactNode;
  edit: (draft: T, setDraft: (next: T) => void) => ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  const [draft, setDraft] = useState<T | null>(null);
  return (
    <Stack spacing={1.5} data-testid={props.testId}>
      {draft === null ? props.view(props.value) : props.edit(draft, setDraft)}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {draft === null ? (
          <>
            <Button variant="outlined" onClick={() => setDraft(structuredClone(props.value))}>
              {S.edit}
            </Button>
            {props.actions}
          </>
        ) : (
          <>
            <Button
              variant="contained"
              onClick={() => {
                props.onSave(draft);
                setDraft(null);
              }}
            >
              {S.save}
            </Button>
            <Button onClick={() => setDraft(null)}>{S.cancel}</Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}

export function HospitalPrescriptionEditor(props: {
  value: HospitalPrescription;
  onSave: (value: HospitalPrescription) => void;
  actions?: ReactNode;
}) {
  return (
    <EditorFrame
      testId="hospital-editor"
      value={props.value}
      onSave={props.onSave}
      actions={props.actions}
      view={(p) => (
        <Box>
          <ViewLine label={S.patientName} value={p.patientData.name} />
          <ViewLine label={S.patientAge} value={p.patientData.age} />
          <ViewLine label={S.patientGender} value={p.patientData.gender} />
          <ViewLine label={S.medicalRecord} value={p.patientData.medicalRecord} />
          <Box component="ol" sx={{ pl: 3 }}>
            {p.medications.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: editable rows have no identity of their own; inputs are controlled, so a removed row cannot leave stale state
              <li key={`${i}-${m.medication}`}>
                <Typography variant="body2">
                  <strong>{m.medication}</strong> — {S.route}: {m.route || '—'}; {S.dilution}:{' '}
                  {m.dilution || '—'}; {S.schedule}: {m.schedule || '—'}
                  {m.observations ? `; ${m.observations}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
          <ViewLine label={S.generalObservations} value={p.generalObservations} />
          <ViewLine label={S.prescribingPhysician} value={p.prescribingPhysician} />
        </Box>
      )}
      edit={(d, set) => (
        <Stack spacing={1.5}>
          <Row>
            {(['name', 'age', 'gender', 'medicalRecord'] as const).map((key) => (
              <Field
                key={key}
                label={
                  {
                    name: S.patientName,
                    age: S.patientAge,
                    gender: S.patientGender,
                    medicalRecord: S.medicalRecord,
                  }[key]
                }
                value={d.patientData[key]}
                onChange={(v) => set({ ...d, patientData: { ...d.patientData, [key]: v } })}
              />
            ))}
          </Row>
          <MedicationRows
            rows={d.medications}
            onChange={(medications) => set({ ...d, medications })}
            blank={() => ({
              medication: '',
              route: '',
              dilution: '',
              schedule: '',
              observations: '',
            })}
            fields={[
              { key: 'medication', label: S.medication },
              { key: 'route', label: S.route },
              { key: 'dilution', label: S.dilution },
              { key: 'schedule', label: S.schedule },
              { key: 'observations', label: S.observations },
            ]}
          />
          <Field
            label={S.generalObservations}
            multiline
            value={d.generalObservations}
            onChange={(v) => set({ ...d, generalObservations: v })}
          />
          <Field
            label={S.prescribingPhysician}
            value={d.prescribingPhysician}
            onChange={(v) => set({ ...d, prescribingPhysician: v })}
          />
        </Stack>
      )}
    />
  );
}

export function AmbulatoryPrescriptionEditor(props: {
  value: AmbulatoryPrescription;
  onSave: (value: AmbulatoryPrescription) => void;
  actions?: ReactNode;
}) {
  const patientLabels = {
    name: S.patientName,
    birthDate: S.birthDate,
    cpf: S.cpf,
    rg: S.rg,
    address: S.address,
    phone: S.phone,
  } as const;
  return (
    <EditorFrame
      testId="ambulatory-editor"
      value={props.value}
      onSave={(value) =>
        props.onSave({
          ...value,
          hasControlledMedications: value.medications.some((m) => m.isControlled),
        })
      }
      actions={props.actions}
      view={(p) => (
        <Box>
          {(Object.keys(patientLabels) as (keyof typeof patientLabels)[]).map((key) => (
            <ViewLine key={key} label={patientLabels[key]} value={p.patientData[key]} />
          ))}
          <ViewLine label={S.prescriptionDate} value={p.prescriptionDate} />
          <Box component="ol" sx={{ pl: 3 }}>
            {p.medications.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: editable rows have no identity of their own; inputs are controlled, so a removed row cannot leave stale state
              <li key={`${i}-${m.medication}`}>
                <Typography variant="body2">
                  <strong>{m.medication}</strong> — {m.dosage} {m.instructions}{' '}
                  {m.isControlled && <Chip size="small" color="warning" label={S.controlled} />}
                </Typography>
              </li>
            ))}
          </Box>
          <ViewLine label={S.generalInstructions} value={p.generalInstructions} />
          <ViewLine label={S.returnDate} value={p.returnDate} />
          <ViewLine
            label={S.prescribingPhysician}
            value={[
              p.prescribingPhysician.name,
              p.prescribingPhysician.crm,
              p.prescribingPhysician.date,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
          {p.hasControlledMedications && (
            <Chip size="small" color="warning" label={S.hasControlled} />
          )}
        </Box>
      )}
      edit={(d, set) => (
        <Stack spacing={1.5}>
          <Row>
            {(Object.keys(patientLabels) as (keyof typeof patientLabels)[]).map((key) => (
              <Field
                key={key}
                label={patientLabels[key]}
                value={d.patientData[key]}
                onChange={(v) => set({ ...d, patientData: { ...d.patientData, [key]: v } })}
              />
            ))}
            <Field
              label={S.prescriptionDate}
              value={d.prescriptionDate}
              onChange={(v) => set({ ...d, prescriptionDate: v })}
            />
          </Row>
          <MedicationRows
            rows={d.medications}
            onChange={(medications) => set({ ...d, medications })}
            blank={() => ({ medication: '', dosage: '', instructions: '', isControlled: false })}
            fields={[
              { key: 'medication', label: S.medication },
              { key: 'dosage', label: S.dosage },
              { key: 'instructions', label: S.instructions },
            ]}
            extra={(row, update) => (
              <FormControlLabel
                label={S.controlled}
                control={
                  <Checkbox
                    checked={row.isControlled}
                    onChange={(event) => update({ isControlled: event.target.checked })}
                  />
                }
              />
            )}
          />
          <Field
            label={S.generalInstructions}
            multiline
            value={d.generalInstructions}
            onChange={(v) => set({ ...d, generalInstructions: v })}
          />
          <Row>
            <Field
              label={S.returnDate}
              value={d.returnDate}
              onChange={(v) => set({ ...d, returnDate: v })}
            />
            <Field
              label={S.prescribingPhysician}
              value={d.prescribingPhysician.name}
              onChange={(v) =>
                set({ ...d, prescribingPhysician: { ...d.prescribingPhysician, name: v } })
              }
            />
            <Field
              label={S.crm}
              value={d.prescribingPhysician.crm}
              onChange={(v) =>
                set({ ...d, prescribingPhysician: { ...d.prescribingPhysician, crm: v } })
              }
            />
            <Field
              label={S.date}
              value={d.prescribingPhysician.date}
              onChange={(v) =>
                set({ ...d, prescribingPhysician: { ...d.prescribingPhysician, date: v } })
              }
            />
          </Row>
        </Stack>
      )}
    />
  );
}

const blankControlled = (): ControlledMedication => ({
  medication: '',
  quantity: '',
  unit: '',
  posology: '',
});

/** Spec 1 §5: an empty medication list in the controlled-drug editor becomes one blank row. */
export function withAtLeastOneRow(prescription: ControlledPrescription): ControlledPrescription {
  return prescription.medications.length > 0
    ? prescription
    : { ...prescription, medications: [blankControlled()] };
}

/** The controlled prescription, edited as free text (spec 1 §2) with its medication rows. */
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
