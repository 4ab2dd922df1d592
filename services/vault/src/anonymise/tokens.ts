import type { Token } from '@pv/pt-text';

/** Tokens that end a sentence or a field: after them capitals carry no meaning. */
export const isBreak = (t: Token | undefined) =>
  t === undefined || (t.kind === 'punct' && '.!?:;|\n'.includes(t.text));

/** A word that starts a sentence, a line or a field (looking back over at most 3 opening marks). */
export function sentenceStart(toks: readonly Token[], i: number): boolean {
  let k = i;
  for (let step = 0; step < 4; step++) {
    const t = toks[k];
    if (!t || t.lineBefore || k === 0) return true;
    const prev = toks[k - 1];
    if (isBreak(prev)) return true;
    // '- Maria', '"Maria', '(Maria'
    if (!(prev?.kind === 'punct' && '-–—"“(['.includes(prev.text))) return false;
    k--;
  }
  return false;
}
