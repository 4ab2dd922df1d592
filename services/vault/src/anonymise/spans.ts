/** What a detector reports: a stretch of the original text and the tag that replaces it. */
export type RedactionTag =
  | '[NOME]'
  | '[CPF]'
  | '[RG]'
  | '[CNS]'
  | '[TELEFONE]'
  | '[EMAIL]'
  | '[ENDERECO]'
  | '[CEP]'
  | '[DATA_NASCIMENTO]'
  | '[DATA]'
  | '[DOCUMENTO]';

export interface Span {
  start: number;
  end: number;
  tag: RedactionTag;
}

/**
 * Overlapping spans become one: earliest start wins, then the longest, and a span that overlaps
 * the one before extends it (one identifier touching another is replaced whole, under the first
 * tag). Names separated only by blanks merge too: 'Maria [NOME]' never shows, one person one tag.
 */
export function resolve(spans: readonly Span[], text: string): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const span of sorted) {
    const last = kept.at(-1);
    if (!last || span.start >= last.end) {
      if (
        last &&
        last.tag === '[NOME]' &&
        span.tag === '[NOME]' &&
        /^[ \t]+$/.test(text.slice(last.end, span.start))
      ) {
        last.end = Math.max(last.end, span.end);
        continue;
      }
      kept.push({ ...span });
    } else if (span.end > last.end) {
      last.end = span.end;
    }
  }
  return kept;
}

/** The text with every span replaced by its tag. */
export function render(text: string, spans: readonly Span[]): string {
  const parts: string[] = [];
  let position = 0;
  for (const span of spans) {
    parts.push(text.slice(position, span.start), span.tag);
    position = span.end;
  }
  parts.push(text.slice(position));
  return parts.join('');
}
