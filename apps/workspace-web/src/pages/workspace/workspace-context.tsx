import { createContext, useContext, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import type { TranscriptStore } from '../../speech/transcript-store';
import type { AppStore } from '../../store';
import type { RecordingController } from './recording-controller';

export interface WorkspaceServices {
  transcript: TranscriptStore;
  recorder: RecordingController;
  /**
   * Whose dictation this is: the signed-in user's id, null for a visitor, undefined until the
   * viewer is known. Kept with the transcript (not in the page) so that a sign-out seen while the
   * page was elsewhere or reloading the user still clears it.
   */
  ownerId?: string | null;
}

export const WorkspaceContext = createContext<WorkspaceServices | null>(null);

export function useWorkspace(): WorkspaceServices {
  const services = useContext(WorkspaceContext);
  if (!services) throw new Error('useWorkspace outside the workspace page');
  return services;
}

/**
 * A value derived from the transcript, re-read at most every `throttleMs` after it changes
 * (interim updates are ignored unless `interim`), so a keystroke in an 80,000-word transcript
 * never waits for a recount.
 */
export function useTranscriptValue<T>(
  read: (t: TranscriptStore) => T,
  options: { interim?: boolean; throttleMs?: number } = {},
): T {
  const { transcript } = useWorkspace();
  const { interim = false, throttleMs = 0 } = options;
  const [value, setValue] = useState(() => read(transcript));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is a module-level function at every call site
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    setValue(read(transcript));
    const unsubscribe = transcript.subscribe((change) => {
      if (change.kind === 'interim' && !interim) return;
      if (throttleMs <= 0) {
        setValue(read(transcript));
        return;
      }
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        setValue(read(transcript));
      }, throttleMs);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [transcript, interim, throttleMs]);
  return value;
}

/** The store itself, for handlers that read state once instead of subscribing to it. */
export const useAppStore = () => useStore() as AppStore;
