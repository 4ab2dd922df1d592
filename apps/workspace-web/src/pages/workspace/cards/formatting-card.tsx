import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import {
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { SPECIALTIES, type Specialty } from '@pv/contracts/constants';
import { memo } from 'react';
import { workspaceActions } from '../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { WorkspaceStrings as S, SPECIALTY_LABELS } from '../../../strings/workspace';
import { useFormatAction } from '../use-format';
import { useTranscriptValue } from '../workspace-context';
import { AiModes, DiagnosticButton } from './formatting/ai-modes';
import { TemplatePicker } from './formatting/template-picker';

const readHasText = (t: { hasText: boolean }) => t.hasText;

/** A formatting option kept in the workspace state, as a switch. */
function OptionSwitch(props: {
  option: 'multiplePatients' | 'useMedicalDictionary';
  label: string;
}) {
  const dispatch = useAppDispatch();
  const checked = useAppSelector((state) => state.workspace[props.option]);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(e) =>
            dispatch(workspaceActions.optionSet({ option: props.option, value: e.target.checked }))
          }
        />
      }
      label={props.label}
    />
  );
}

export const FormattingCardBody = memo(function FormattingCardBody() {
  const dispatch = useAppDispatch();
  const professional = useAppSelector((state) => state.workspace.professional);
  const pending = useAppSelector((state) => state.workspace.formatting.pending);
  const result = useAppSelector((state) => state.workspace.formatting.result);
  const hasText = useTranscriptValue(readHasText, { throttleMs: 100 });
  const format = useFormatAction();

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={S.professional}
        value={professional}
        onChange={(event) =>
          dispatch(workspaceActions.professionalChosen(event.target.value as Specialty))
        }
      >
        {SPECIALTIES.map((value) => (
          <MenuItem key={value} value={value}>
            {SPECIALTY_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
        <OptionSwitch option="multiplePatients" label={S.multiplePatients} />
        <OptionSwitch option="useMedicalDictionary" label={S.medicalDictionary} />
        <AiModes />
      </Stack>
      <TemplatePicker />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          size="large"
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : <AutoFixHighIcon />}
          disabled={!hasText || pending}
          onClick={() => void format()}
        >
          {S.formatButton}
        </Button>
        {professional === 'psiquiatria_personalizado' && <DiagnosticButton />}
      </Stack>
      {result && (
        <Chip
          size="small"
          data-testid="formatting-engine"
          label={result.engine === 'llm' ? S.engineLlm(result.model) : S.engineOffline}
          sx={{ alignSelf: 'flex-start' }}
        />
      )}
    </Stack>
  );
});

export const AdditionalInfoCardBody = memo(function AdditionalInfoCardBody() {
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => state.workspace.additionalInfo);
  return (
    <TextField
      multiline
      minRows={3}
      maxRows={12}
      fullWidth
      label={S.additionalInfoLabel}
      value={value}
      onChange={(event) => dispatch(workspaceActions.additionalInfoChanged(event.target.value))}
    />
  );
});
