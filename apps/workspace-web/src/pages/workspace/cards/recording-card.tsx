import MicIcon from '@mui/icons-material/Mic';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import StopIcon from '@mui/icons-material/Stop';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { SPEECH_ALLOWANCE_SECONDS } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { memo } from 'react';
import { useViewer } from '../../../api/auth';
import { useSpeechUsageQuery } from '../../../api/speech';
import { formatElapsed } from '../../../speech/csv';
import { workspaceActions } from '../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../store';
import { WorkspaceStrings as S } from '../../../strings/workspace';
import { useTranscriptValue, useWorkspace } from '../workspace-context';

const readWordCount = (t: { wordCount: number }) => t.wordCount;
const readSpeaking = (t: { interim: string }) => t.interim !== '';

function EngineBadge() {
  const engine = useAppSelector((state) => state.workspace.recording.engine);
  const superOn = useAppSelector((state) => state.workspace.superTranscritor);
  const label =
    engine === 'connecting'
      ? S.engineConnecting
      : engine === 'soniox'
        ? S.engineSoniox
        : engine === 'browser'
          ? S.engineBrowser
          : superOn
            ? S.engineSuper
            : S.engineBrowser;
  return (
    <Chip
      size="small"
      data-testid="engine-badge"
      label={label}
      color={engine === 'soniox' || (!engine && superOn) ? 'secondary' : 'default'}
    />
  );
}

function Counter() {
  // Recounting reads the whole text back after an edit: at most twice a second.
  const words = useTranscriptValue(readWordCount, { throttleMs: 500 });
  const speaking = useTranscriptValue(readSpeaking, { interim: true });
  const active = useAppSelector((state) => state.workspace.recording.active);
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      {active && speaking ? S.speakingNow : S.wordsIdentified(words)}
    </Typography>
  );
}

function Timer() {
  const elapsed = useAppSelector((state) => state.workspace.recording.elapsedSeconds);
  return (
    <Typography
      variant="h4"
      component="p"
      sx={{ fontVariantNumeric: 'tabular-nums' }}
      data-testid="timer"
    >
      {formatElapsed(elapsed)}
    </Typography>
  );
}

/** The Super Transcritor checkbox, its usage in minutes and its limit notice. */
function SuperTranscritorOption() {
  const viewer = useViewer();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const checked = useAppSelector((state) => state.workspace.superTranscritor);
  const active = useAppSelector((state) => state.workspace.recording.active);
  const unreported = useAppSelector((state) => state.workspace.recording.unreportedSuperSeconds);
  const registered = viewer.kind === 'user';
  const usage = useSpeechUsageQuery(undefined, { skip: !registered });
  const allowance =
    viewer.kind === 'user' && viewer.isPremium
      ? SPEECH_ALLOWANCE_SECONDS.premium
      : SPEECH_ALLOWANCE_SECONDS.free;
  const used = (usage.data?.usedSeconds ?? 0) + unreported;
  const reached = registered && usage.data !== undefined && used >= allowance;

  const onChange = (value: boolean) => {
    if (value && !registered) {
      toast({ title: S.registeredOnlyTitle, description: S.registeredOnly(S.superTranscritor) });
      return;
    }
    dispatch(workspaceActions.optionSet({ option: 'superTranscritor', value }));
  };

  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked && registered}
            disabled={active}
            onChange={(event) => onChange(event.target.checked)}
          />
        }
        label={S.superTranscritor}
      />
      {registered &&
        (usage.data ? (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            data-testid="super-usage"
          >
            {S.superUsage(Math.floor(used / 60), allowance / 60)}
          </Typography>
        ) : (
          // The line's room while the usage loads: its arrival must not push the cards below.
          <Typography variant="caption" component="p" aria-hidden>
            {'\u00a0'}
          </Typography>
        ))}
      {reached && checked && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          <strong>{S.usageLimitTitle}</strong> {S.usageLimitReached(allowance / 60)}
          {viewer.kind === 'user' && !viewer.isPremium ? ` ${S.considerUpgrade}` : ''}
        </Alert>
      )}
    </Box>
  );
}

export const RecordingCardBody = memo(function RecordingCardBody() {
  const { recorder } = useWorkspace();
  const active = useAppSelector((state) => state.workspace.recording.active);
  const superOn = useAppSelector((state) => state.workspace.superTranscritor);
  const multiplePatients = useAppSelector((state) => state.workspace.multiplePatients);
  const viewer = useViewer();

  const toggle = () => {
    if (active) void recorder.stop();
    else recorder.start(superOn && viewer.kind === 'user');
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <EngineBadge />
      <Button
        onClick={toggle}
        aria-label={active ? S.stopRecording : S.startRecording}
        aria-pressed={active}
        variant="contained"
        color={active ? 'error' : 'primary'}
        sx={{ width: 96, height: 96, minWidth: 96, borderRadius: '50%' }}
      >
        {active ? <StopIcon sx={{ fontSize: 44 }} /> : <MicIcon sx={{ fontSize: 44 }} />}
      </Button>
      <Timer />
      <Counter />
      {multiplePatients && active && (
        <Button
          startIcon={<PersonAddIcon />}
          variant="outlined"
          onClick={() => recorder.addPatientMarker()}
        >
          {S.newPatient}
        </Button>
      )}
      <SuperTranscritorOption />
    </Stack>
  );
});

export function RecordingCardTitle() {
  const active = useAppSelector((state) => state.workspace.recording.active);
  return <>{active ? S.recordingTitle : S.idleTitle}</>;
}

export { EngineBadge };
