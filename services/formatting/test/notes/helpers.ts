import type { FormattedNote, Professional } from '@pv/contracts';
import { type FormatResult, formatOffline } from '../../src/notes/index.js';
import { CORPUS } from './corpus.js';

/** The content of a section by key; fails loudly when the key does not exist. */
export function section(note: FormattedNote, key: string): string {
  const found = note.sections.find((s) => s.key === key);
  if (!found) throw new Error(`no section '${key}' in ${note.professional}`);
  return found.content;
}

export function single(result: FormatResult): FormattedNote {
  if (!result.formatted) throw new Error('expected a single formatted note');
  return result.formatted;
}

/** Formats the corpus dictation of a professional value. */
export function formatCorpus(professional: Professional): FormattedNote {
  const entry = CORPUS[professional];
  return single(
    formatOffline({
      text: entry.text,
      professional,
      additionalContext: entry.additionalContext ?? null,
    }),
  );
}
