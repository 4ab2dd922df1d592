import { Box, Stack, Typography } from '@mui/material';
import type { HospitalPrescription } from '@pv/contracts';
import type { ReactNode } from 'react';
import { WorkspaceStrings as S } from '../../../../strings/workspace';
import { EditorFrame, Field, Row, ViewLine } from './editor-parts';
import { MedicationRows } from './medication-rows';

/** The hospital prescription: patient data, medication rows and observations. */
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
