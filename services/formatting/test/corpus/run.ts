/** Formats every dictation of a corpus offline and scores the notes. */
import { formatOffline } from '../../src/notes/index.js';
import { type DictationScore, scoreNote } from './scorer.js';
import type { LabelledDictation } from './types.js';

export function scoreCorpus(corpus: readonly LabelledDictation[]): DictationScore[] {
  return corpus.map((dictation) => {
    const result = formatOffline({ text: dictation.text, professional: dictation.professional });
    if (!result.formatted) throw new Error(`${dictation.id}: expected one note`);
    return scoreNote(dictation, result.formatted);
  });
}
