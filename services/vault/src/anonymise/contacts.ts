/**
 * E-mail addresses, written ('ana.lima@clinica.com.br') or dictated ('ana ponto lima arroba gmail
 * ponto com'). Written ones are found from each '@' outwards over the characters an address may
 * hold; the scan never crosses the previous address, so the work is linear in the text.
 */

import type { Token } from '@pv/pt-text';
import type { Span } from './spans.js';

const LOCAL = /[\p{L}\p{N}._%+-]/u;
const DOMAIN = /[\p{L}\p{N}.-]/u;
/** RFC 5321 limits: 64 for the local part, 255 for the domain. */
const MAX_LOCAL = 64;
const MAX_DOMAIN = 255;

function writtenEmails(text: string): Span[] {
  const spans: Span[] = [];
  let floor = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > floor && at - start < MAX_LOCAL && LOCAL.test(text[start - 1] as string))
      start--;
    let end = at + 1;
    while (end < text.length && end - at <= MAX_DOMAIN && DOMAIN.test(text[end] as string)) end++;
    // Trailing dots end the sentence, not the domain.
    while (end > at + 1 && text[end - 1] === '.') end--;
    let dot = end - 1;
    while (dot > at && text[dot] !== '.') dot--;
    floor = at + 1;
    if (start === at || dot <= at + 1 || dot >= end - 1) continue;
    spans.push({ start, end, tag: '[EMAIL]' });
    floor = end;
  }
  return spans;
}

const SAID_DOT = new Set(['ponto']);
const SAID_JOIN = new Set(['ponto', 'underline', 'underscore', 'traco', 'hifen', 'tracinho']);
/** Words that introduce the address rather than belong to it. */
const EMAIL_LEAD = new Set(['email', 'mail', 'e', 'o', 'a', 'eh', 'seu', 'sua', 'dele', 'dela']);

/** 'maria.souza arroba gmail ponto com', 'joao ponto silva arroba hotmail ponto com ponto br'. */
function spokenEmails(toks: readonly Token[]): Span[] {
  const spans: Span[] = [];
  for (let a = 0; a < toks.length; a++) {
    if (toks[a]?.folded !== 'arroba') continue;
    // Domain: word, then ('ponto' | '.') word, at least once.
    let last = a;
    let dots = 0;
    let k = a + 1;
    if (toks[k]?.kind === 'word' || toks[k]?.kind === 'number') {
      last = k;
      k++;
      for (let parts = 0; parts < 6; parts++) {
        const sep = toks[k];
        const label = toks[k + 1];
        const isDot = sep !== undefined && (SAID_DOT.has(sep.folded) || sep.text === '.');
        if (!isDot || !label || label.kind === 'punct') break;
        last = k + 1;
        dots++;
        k += 2;
      }
    }
    if (dots === 0) continue;
    // Local part: up to 6 tokens back, words and numbers joined by dots or said joiners.
    let first = a;
    for (let back = a - 1, n = 0; back >= 0 && n < 6; back--, n++) {
      const t = toks[back] as Token;
      if (t.kind === 'word' && EMAIL_LEAD.has(t.folded)) break;
      if (t.kind === 'punct' && !'._-'.includes(t.text)) break;
      if (t.lineBefore && back !== a - 1) {
        first = back;
        break;
      }
      if (t.kind !== 'punct' || SAID_JOIN.has(t.folded)) first = back;
    }
    if (first === a) continue;
    spans.push({
      start: (toks[first] as Token).start,
      end: (toks[last] as Token).end,
      tag: '[EMAIL]',
    });
  }
  return spans;
}

export function emailSpans(text: string, toks: readonly Token[]): Span[] {
  return [...writtenEmails(text), ...spokenEmails(toks)];
}
