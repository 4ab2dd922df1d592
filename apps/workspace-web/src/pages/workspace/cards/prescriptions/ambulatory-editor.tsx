import { Box, Checkbox, Chip, FormControlLabel, Stack, Typography } from '@mui/material';
import type { AmbulatoryPrescription } from '@pv/contracts';
import type { ReactNode } from 'react';
import { WorkspaceStrings as S } from '../../../../strings/workspace';
import { EditorFrame, Field, Row, ViewLine } from './editor-parts';
import { MedicationRows } from './medication-rows';

/** The ambulatory prescription; saving marks it when any row is controlled. */
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
