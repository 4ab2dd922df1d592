import type { FormatTextResponse } from '@pv/contracts';
import { MAX_TRANSCRIPT_CHARS, VAULT_MAX_TEXT_CHARS } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { useCallback, useRef } from 'react';
import { formatWithRetry } from '../../api/formatting';
import { failureText } from '../../api/http';
import { archiveConsult } from '../../api/vault';
import { workspaceActions } from '../../state/workspace-slice';
import { useAppDispatch } from '../../store';
import { WorkspaceStrings as S } from '../../strings/workspace';
import { useAppStore, useWorkspace } from './workspace-context';

/**
 * Splits a transcript longer than one request takes (docs/decisions.md, "Errors and validation": text sizes) at
 * whitespace into parts of at most `max` characters.
 */
export function splitTranscript(text: string, max = MAX_TRANSCRIPT_CHARS): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = rest.lastIndexOf(' ', max);
    if (cut <= 0) cut = max;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest.trim() !== '') parts.push(rest);
  return parts;
}

/** The 'Format with AI' action: streams the note, replaces the result, archives it once. */
export function useFormatAction() {
  const { transcript } = useWorkspace();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const archived = useRef<string | null>(null);

  return useCallback(async () => {
    const state = store.getState().workspace;
    if (state.formatting.pending) return;
    const raw = transcript.value;
    if (raw.trim() === '') return;
    dispatch(workspaceActions.formattingStarted());
    // One id per dictation: formatting it again, or in parts, updates one vault record.
    let transcriptionId = state.transcriptionId;
    if (!transcriptionId) {
      transcriptionId = crypto.randomUUID();
      dispatch(workspaceActions.transcriptionStarted(transcriptionId));
    }
    const common = {
      language: 'pt-BR' as const,
      professional: state.professional,
      additionalContext: state.additionalInfo.trim() === '' ? null : state.additionalInfo,
      multiplePatients: state.multiplePatients,
      useMedicalDictionary: state.useMedicalDictionary,
      useSuperAI: state.useSuperAI,
      useAlternativeAI: state.useAlternativeAI,
      customTemplateId: state.customTemplateId,
      audioLengthSec: state.recording.elapsedSeconds,
    };
    try {
      const parts = splitTranscript(raw);
      let result: FormatTextResponse | null = null;
      const done: string[] = [];
      for (const [index, part] of parts.entries()) {
        const before = done.length ? `${done.join('\n\n')}\n\n` : '';
        const transcription = { id: transcriptionId, part: index + 1, parts: parts.length };
        const answer = await formatWithRetry({ ...common, text: part, transcription }, (soFar) =>
          dispatch(workspaceActions.formattingStreamed(before + soFar)),
        );
        done.push(answer.text);
        result = result
          ? { ...answer, consultId: result.consultId, text: done.join('\n\n') }
          : answer;
      }
      if (!result) throw new Error(S.nothingToExport);
      dispatch(workspaceActions.formattingSucceeded(result));
      // A successful run goes to the vault once per transcription (a format again
      // reaches the same record through consult.formatted.v1; an edit, from the note's card).
      if (archived.current !== raw) {
        archived.current = raw;
        void archiveConsult({
          consultId: result.consultId,
          transcriptionId,
          transcript: raw.slice(0, VAULT_MAX_TEXT_CHARS),
          rawTranscript: raw.slice(0, VAULT_MAX_TEXT_CHARS),
          formattedText: result.text.slice(0, VAULT_MAX_TEXT_CHARS),
          editedText: null,
          professional: state.professional,
          audioLengthSec: state.recording.elapsedSeconds,
        });
      }
    } catch (error) {
      dispatch(workspaceActions.formattingFailed());
      toast({
        title: S.errorTitle,
        description: `${S.formatError}${failureText(error)}`,
        variant: 'destructive',
      });
    }
  }, [transcript, store, dispatch, toast]);
}
