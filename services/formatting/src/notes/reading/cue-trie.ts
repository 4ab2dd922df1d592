/**
 * A word trie of cue phrases, matched at a token of a dictation in time bounded by the longest
 * phrase (no regular expression over the text). Phrase syntax (folded words, space-separated):
 * '?' matches any one word; a word ending in '*' matches any word it starts ('hipertens*').
 * Words of a phrase must be separated by spaces or hyphens only; a phrase ending in ':' ('s:')
 * needs a colon after it.
 */
import type { Token } from './tokens.js';

interface Node<T> {
  next: Map<string, Node<T>>;
  prefixes: { prefix: string; node: Node<T> }[];
  any: Node<T> | null;
  /** Payloads of the phrases ending here. */
  values: { value: T; colon: boolean; chars: number }[];
}

const NONE: never[] = [];

const node = <T>(): Node<T> => ({ next: new Map(), prefixes: [], any: null, values: [] });

export interface TrieMatch<T> {
  value: T;
  /** Index of the first token after the phrase. */
  next: number;
  /** Offset where the phrase ends in the text. */
  end: number;
  /** Number of words of the phrase. */
  words: number;
}

export class CueTrie<T> {
  private readonly root: Node<T> = node<T>();
  private depth = 0;

  add(phrase: string, value: T): void {
    let text = phrase.trim();
    const colon = text.endsWith(':');
    if (colon) text = text.slice(0, -1);
    const parts = text.split(/[\s-]+/).filter((p) => p !== '');
    if (parts.length === 0) return;
    let current = this.root;
    for (const part of parts) {
      if (part === '?') {
        current.any ??= node<T>();
        current = current.any;
      } else if (part.endsWith('*')) {
        const prefix = part.slice(0, -1);
        let entry = current.prefixes.find((p) => p.prefix === prefix);
        if (!entry) {
          entry = { prefix, node: node<T>() };
          current.prefixes.push(entry);
        }
        current = entry.node;
      } else {
        let child = current.next.get(part);
        if (!child) {
          child = node<T>();
          current.next.set(part, child);
        }
        current = child;
      }
    }
    current.values.push({ value, colon, chars: text.length });
    this.depth = Math.max(this.depth, parts.length);
  }

  /**
   * Every phrase that matches at token `i` (tokens of `text`), longest first (by words, then by
   * characters). A phrase's words may only be separated by spaces or hyphens.
   */
  matchAt(text: string, tokens: readonly Token[], i: number): TrieMatch<T>[] {
    const first = tokens[i];
    if (!first) return NONE;
    // Most words start no phrase: answer without allocating.
    if (
      !this.root.any &&
      !this.root.next.has(first.text) &&
      !this.root.prefixes.some((p) => first.text.startsWith(p.prefix))
    ) {
      return NONE;
    }
    const found: (TrieMatch<T> & { chars: number })[] = [];
    // Iterative walk: (node, next token index, words so far).
    const stack: [Node<T>, number, number][] = [[this.root, i, 0]];
    while (stack.length > 0) {
      const [n, k, count] = stack.pop() as [Node<T>, number, number];
      if (count > 0 && n.values.length > 0) {
        const last = tokens[k - 1] as Token;
        const colonAfter = tokens[k]?.colon === true || text.charCodeAt(last.end) === 58;
        for (const v of n.values) {
          if (v.colon && !colonAfter) continue;
          found.push({ value: v.value, next: k, end: last.end, words: count, chars: v.chars });
        }
      }
      const t = tokens[k];
      if (!t || count >= this.depth) continue;
      if (count > 0 && !joinedBySpace(text, (tokens[k - 1] as Token).end, t.start)) continue;
      const exact = n.next.get(t.text);
      if (exact) stack.push([exact, k + 1, count + 1]);
      for (const p of n.prefixes)
        if (t.text.startsWith(p.prefix)) stack.push([p.node, k + 1, count + 1]);
      if (n.any) stack.push([n.any, k + 1, count + 1]);
    }
    if (found.length > 1) found.sort((a, b) => b.words - a.words || b.chars - a.chars);
    return found;
  }
}

/** Only spaces or hyphens (at most three characters) between two words of a phrase. */
function joinedBySpace(text: string, from: number, to: number): boolean {
  if (to - from > 3) return false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 45 && c !== 9) return false;
  }
  return true;
}
