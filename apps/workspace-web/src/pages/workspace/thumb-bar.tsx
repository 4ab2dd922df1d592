import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import MicIcon from '@mui/icons-material/Mic';
import NotesIcon from '@mui/icons-material/Notes';
import StopIcon from '@mui/icons-material/Stop';
import { Button, Paper, Stack } from '@mui/material';
import { useEffect } from 'react';
import { useViewer } from '../../api/auth';
import { BOTTOM_BAR_VARIABLE } from '../../layout/bottom-bar';
import { useAppSelector } from '../../store';
import { WorkspaceStrings as S } from '../../strings/workspace';
import { useFormatAction } from './use-format';
import { useTranscriptValue, useWorkspace } from './workspace-context';

/** The bar's height: the page keeps this much room below its last card. */
export const THUMB_BAR_HEIGHT_PX = 64;

const readHasText = (t: { hasText: boolean }) => t.hasText;

const scrollToCard = (id: string) =>
  document.querySelector(`[data-testid="${id}"]`)?.scrollIntoView({ block: 'start' });

/**
 * On a phone or a portrait tablet the cards stack in one column and the record button, the
 * transcript and 'Format with AI' end up far apart, at the top and in the middle of a long page.
 * This bar keeps the three within the thumb's reach at the bottom of the screen; each does what
 * its card does (one recorder, one format action).
 */
export function ThumbBar() {
  const { recorder } = useWorkspace();
  const viewer = useViewer();
  const active = useAppSelector((state) => state.workspace.recording.active);
  const superOn = useAppSelector((state) => state.workspace.superTranscritor);
  const pending = useAppSelector((state) => state.workspace.formatting.pending);
  const hasText = useTranscriptValue(readHasText, { throttleMs: 100 });
  const format = useFormatAction();

  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty(BOTTOM_BAR_VARIABLE, `${THUMB_BAR_HEIGHT_PX}px`);
    return () => {
      root.removeProperty(BOTTOM_BAR_VARIABLE);
    };
  }, []);

  const toggle = () => {
    if (active) void recorder.stop();
    else recorder.start(superOn && viewer.kind === 'user');
  };

  return (
    <Paper
      component="nav"
      aria-label={S.quickActions}
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: THUMB_BAR_HEIGHT_PX,
        zIndex: (theme) => theme.zIndex.appBar,
        px: 1,
        display: 'flex',
        alignItems: 'center',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'space-around' }}>
        <Button
          onClick={toggle}
          aria-pressed={active}
          variant="contained"
          color={active ? 'error' : 'primary'}
          startIcon={active ? <StopIcon /> : <MicIcon />}
        >
          {active ? S.quickStop : S.quickRecord}
        </Button>
        <Button
          variant="outlined"
          startIcon={<NotesIcon />}
          onClick={() => {
            scrollToCard('card-transcription');
            document
              .querySelector<HTMLElement>('[data-testid="card-transcription"] [role="textbox"]')
              ?.focus({ preventScroll: true });
          }}
        >
          {S.quickTranscript}
        </Button>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AutoFixHighIcon />}
          disabled={!hasText || pending}
          onClick={async () => {
            scrollToCard('card-formatted-text');
            await format();
            // Again once the note is in: the browser's scroll anchoring keeps the cards below
            // still while the note grows, which pushes the note's start off the top.
            scrollToCard('card-formatted-text');
          }}
        >
          {S.quickFormat}
        </Button>
      </Stack>
    </Paper>
  );
}
