import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import PsychologyIcon from '@mui/icons-material/Psychology';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { SPECIALTIES, type Specialty } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useGetUserTemplatesQuery } from '../../../api/account';
import { useViewer } from '../../../api/auth';
import { useDiagnosticAnalysisMutation } from '../../../api/formatting';
import { failureText } from '../../../api/http';
import { workspaceActions } from '../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { WorkspaceStrings as S, SPECIALTY_LABELS } from '../../../strings/workspace';
import { useFormatAction } from '../use-format';
import { useAppStore, useTranscriptValue, useWorkspace } from '../workspace-context';

const readHasText = (t: { hasText: boolean }) => t.hasText;
const DEFAULT_TEMPLATE = '__default__';

function TemplatePicker() {
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

/** SUPER-IA and IA-ALTERNATIVA: registered users only, mutually exclusive (spec 1 §4, §5). */
function AiModes() {
  const viewer = useViewer();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const superAI = useAppSelector((state) => state.workspace.useSuperAI);
  const alternativeAI = useAppSelector((state) => state.workspace.useAlternativeAI);
  const set = (mode: 'super' | 'alternative', on: boolean) => {
    if (on && viewer.kind !== 'user') {
      toast({
        title: S.registeredOnlyTitle,
        description: S.registeredOnly(mode === 'super' ? S.superAI : S.alternativeAI),
      });
      return;
    }
    dispatch(workspaceActions.aiModeSet({ mode, on }));
  };
  return (
    <>
      <FormControlLabel
        control={<Switch checked={superAI} onChange={(e) => set('super', e.target.checked)} />}
        label={S.superAI}
      />
      <FormControlLabel
        control={
          <Switch checked={alternativeAI} onChange={(e) => set('alternative', e.target.checked)} />
        }
        label={S.alternativeAI}
      />
    </>
  );
}

function DiagnosticButton() {
  const { transcript } = useWorkspace();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [analyse, { isLoading }] = useDiagnosticAnalysisMutation();
  const run = async () => {
    try {
      const additional = store.getState().workspace.additionalInfo;
      const answer = await analyse({
        rawText: transcript.value,
        additionalContext: additional.trim() === '' ? null : additional,
      }).unwrap();
      dispatch(workspaceActions.diagnosticAnalysisReceived(answer.analysis));
    } catch (error) {
      toast({
        title: S.errorTitle,
        description: `${S.diagnosticError}${failureText(error)}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={isLoading ? <CircularProgress size={16} /> : <PsychologyIcon />}
      disabled={isLoading}
      onClick={() => void run()}
    >
      {S.diagnosticAnalysis}
    </Button>
  );
}

export const FormattingCardBody = memo(function FormattingCardBody() {
  const dispatch = useAppDispatch();
  const professional = useAppSelector((state) => state.workspace.professional);
  const multiplePatients = useAppSelector((state) => state.workspace.multiplePatients);
  const dictionary = useAppSelector((state) => state.workspace.useMedicalDictionary);
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
        <FormControlLabel
          control={
            <Switch
              checked={multiplePatients}
              onChange={(e) =>
                dispatch(
                  workspaceActions.optionSet({
                    option: 'multiplePatients',
                    value: e.target.checked,
                  }),
                )
              }
            />
          }
          label={S.multiplePatients}
        />
        <FormControlLabel
          control={
            <Switch
              checked={dictionary}
              onChange={(e) =>
                dispatch(
                  workspaceActions.optionSet({
                    option: 'useMedicalDictionary',
                    value: e.target.checked,
                  }),
                )
              }
            />
          }
          label={S.medicalDictionary}
        />
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
