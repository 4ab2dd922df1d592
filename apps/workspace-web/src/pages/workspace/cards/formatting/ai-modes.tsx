import PsychologyIcon from '@mui/icons-material/Psychology';
import { Button, CircularProgress, FormControlLabel, Switch } from '@mui/material';
import { useToast } from '@pv/web-kit';
import { useViewer } from '../../../../api/auth';
import { useDiagnosticAnalysisMutation } from '../../../../api/formatting';
import { failureText } from '../../../../api/http';
import { workspaceActions } from '../../../../state/workspace-slice';
import { useAppDispatch, useAppSelector } from '../../../../store';
import { WorkspaceStrings as S } from '../../../../strings/workspace';
import { useAppStore, useWorkspace } from '../../workspace-context';

/** SUPER-IA and IA-ALTERNATIVA: registered users only, mutually exclusive. */
export function AiModes() {
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

/** Psiquiatria personalizado only: a diagnostic analysis of the transcript. */
export function DiagnosticButton() {
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
