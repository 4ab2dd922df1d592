import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Box, Container, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { SPEECH_ALLOWANCE_SECONDS } from '@pv/contracts/constants';
import { useRevealInSteps, useToast } from '@pv/web-kit';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useViewer } from '../../api/auth';
import {
  speechApi,
  useAddSpeechUsageMutation,
  useCountTranscriptionSessionMutation,
} from '../../api/speech';
import { markOwnPage } from '../../shell/own-page';
import { TranscriptStore } from '../../speech/transcript-store';
import { type AppStore, useAppDispatch } from '../../store';
import { WorkspaceStrings as S } from '../../strings/workspace';
import {
  type CardId,
  type Column,
  columnOf,
  loadCardOrder,
  moveCard,
  saveCardOrder,
} from './card-order';
import { CardErrorBoundary } from './cards/card-error-boundary';
import { DocumentCardBody } from './cards/document-card';
import { FormattedTextCardBody } from './cards/formatted-text-card';
import { AdditionalInfoCardBody, FormattingCardBody } from './cards/formatting-card';
import { EngineBadge, RecordingCardBody, RecordingCardTitle } from './cards/recording-card';
import { TranscriptionCardBody } from './cards/transcription-card';
import { WorkspaceCard } from './cards/workspace-card';
import { RecordingController, type RecordingDeps } from './recording-controller';
import { THUMB_BAR_HEIGHT_PX, ThumbBar } from './thumb-bar';
import { useAppStore, WorkspaceContext, type WorkspaceServices } from './workspace-context';

/** Read by screen readers, not shown (the cards carry the visible titles). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Cards drawn with the page; the others follow one per task (`useRevealInSteps`). */
const FIRST_CARDS_AT_ONCE = 2;

const servicesByStore = new WeakMap<AppStore, WorkspaceServices>();

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

const CARDS: Record<
  CardId,
  { label: string; title: ReactNode; body: ReactNode; aside?: ReactNode }
> = {
  recording: {
    label: S.cards.recording,
    title: <RecordingCardTitle />,
    body: <RecordingCardBody />,
    aside: <EngineBadge />,
  },
  formatting: {
    label: S.cards.formatting,
    title: S.cards.formatting,
    body: <FormattingCardBody />,
  },
  'additional-info': {
    label: S.cards.additionalInfo,
    title: S.cards.additionalInfo,
    body: <AdditionalInfoCardBody />,
  },
  transcription: {
    label: S.cards.transcription,
    title: S.cards.transcription,
    body: <TranscriptionCardBody />,
  },
  'formatted-text': {
    label: S.cards.formattedText,
    title: S.cards.formattedText,
    body: <FormattedTextCardBody />,
  },
  'document-generation': {
    label: S.cards.documents,
    title: S.cards.documents,
    body: <DocumentCardBody />,
  },
};

/** One reorderable list of cards (a column on large screens, the whole page on small ones). */
function CardList({ droppableId, cards }: { droppableId: string; cards: CardId[] }) {
  return (
    <Droppable droppableId={droppableId}>
      {(provided) => (
        <Stack ref={provided.innerRef} {...provided.droppableProps} sx={{ minHeight: 8 }}>
          {cards.map((id, index) => (
            <Draggable key={id} draggableId={id} index={index}>
              {(drag) => (
                <Box ref={drag.innerRef} {...drag.draggableProps} sx={{ pb: 2 }}>
                  <WorkspaceCard
                    testId={`card-${id}`}
                    label={CARDS[id].label}
                    title={CARDS[id].title}
                    aside={id === 'recording' ? undefined : CARDS[id].aside}
                    dragHandleProps={drag.dragHandleProps}
                  >
                    <CardErrorBoundary>{CARDS[id].body}</CardErrorBoundary>
                  </WorkspaceCard>
                </Box>
              )}
            </Draggable>
          ))}
          {provided.placeholder}
        </Stack>
      )}
    </Droppable>
  );
}

/** The notice shown when the Super Transcritor allowance is used up. */
function limitNotice(isPremium: boolean) {
  const allowance = isPremium ? SPEECH_ALLOWANCE_SECONDS.premium : SPEECH_ALLOWANCE_SECONDS.free;
  const text = S.usageLimitReached(allowance / 60);
  return {
    title: S.usageLimitTitle,
    description: isPremium ? text : `${text} ${S.considerUpgrade}`,
  };
}

/** The main workspace `/`: six reorderable cards around one dictation. */
export default function WorkspacePage() {
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'));
  // Phones and portrait tablets: the quick actions at the bottom (thumb-bar.tsx).
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const toast = useToast();
  const viewer = useViewer();
  const [addUsage] = useAddSpeechUsageMutation();
  const [countSession] = useCountTranscriptionSessionMutation();
  const [order, setOrder] = useState<CardId[]>(() => loadCardOrder(storage()));

  const deps: RecordingDeps = {
    dispatch,
    toast,
    superSecondsLeft: () => {
      if (viewer.kind !== 'user') return null;
      const state = store.getState();
      const usage = speechApi.endpoints.speechUsage.select()(state).data;
      const allowance = viewer.isPremium
        ? SPEECH_ALLOWANCE_SECONDS.premium
        : SPEECH_ALLOWANCE_SECONDS.free;
      return (
        allowance - (usage?.usedSeconds ?? 0) - state.workspace.recording.unreportedSuperSeconds
      );
    },
    notifyLimitReached: () =>
      toast({ ...limitNotice(viewer.kind === 'user' && viewer.isPremium), variant: 'destructive' }),
    reportUsage: async (seconds, streamEnded) => {
      await addUsage({ secondsToAdd: seconds, ...(streamEnded ? { streamEnded } : {}) }).unwrap();
    },
    countSession: async (sessionId) => {
      if (viewer.kind === 'user') await countSession({ sessionId }).unwrap();
    },
  };

  // One transcript per app store: it survives a visit to another page (/support, /user).
  let services = servicesByStore.get(store);
  if (!services) {
    const transcript = new TranscriptStore();
    services = { transcript, recorder: new RecordingController(transcript, deps) };
    servicesByStore.set(store, services);
  }
  services.recorder.deps = deps;
  const recorder = services.recorder;
  useEffect(() => () => recorder.dispose(), [recorder]);

  // Logout clears all data, the transcript included. The transcript lives outside the
  // store (which sessionEnded resets), so it goes whenever its owner, a signed-in user, is no
  // longer the viewer: signed out on this page (user, then loading while the session query
  // refetches, then anonymous), elsewhere, or replaced by another user.
  const viewerId =
    viewer.kind === 'user' ? viewer.user.id : viewer.kind === 'loading' ? undefined : null;
  useEffect(() => {
    if (viewerId === undefined) return;
    const owner = services.ownerId;
    services.ownerId = viewerId;
    if (owner && owner !== viewerId) {
      void services.recorder.stop();
      services.transcript.replace('');
      services.recorder.resetSessions();
    }
  }, [viewerId, services]);

  const onDragEnd = useCallback((drop: DropResult) => {
    if (!drop.destination || drop.destination.droppableId !== drop.source.droppableId) return;
    setOrder((current) => {
      const visible =
        drop.source.droppableId === 'all'
          ? current
          : current.filter((id) => columnOf(id) === (drop.source.droppableId as Column));
      const next = moveCard({
        order: current,
        visible,
        from: drop.source.index,
        to: drop.destination?.index ?? 0,
      });
      saveCardOrder(storage(), next);
      markOwnPage('cards');
      return next;
    });
  }, []);

  // The first cards commit with the page, the others one per task after it (a phone's CPU
  // commits all six in one long task); `order` is the reading order, so later cards are the
  // ones below.
  const shown = order.slice(0, useRevealInSteps(order.length, FIRST_CARDS_AT_ONCE));
  const inColumn = (column: Column) => shown.filter((id) => columnOf(id) === column);

  return (
    <WorkspaceContext.Provider value={services}>
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <Typography component="h1" sx={visuallyHidden}>
          {S.pageTitle}
        </Typography>
        <DragDropContext onDragEnd={onDragEnd}>
          {large ? (
            <>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2 }}>
                <CardList droppableId="left" cards={inColumn('left')} />
                <CardList droppableId="right" cards={inColumn('right')} />
              </Box>
              <CardList droppableId="bottom" cards={inColumn('bottom')} />
            </>
          ) : (
            <CardList droppableId="all" cards={shown} />
          )}
        </DragDropContext>
        {narrow && <Box sx={{ height: THUMB_BAR_HEIGHT_PX }} />}
      </Container>
      {narrow && <ThumbBar />}
    </WorkspaceContext.Provider>
  );
}
