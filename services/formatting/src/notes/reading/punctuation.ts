/**
 * Dictated punctuation: 'vírgula', 'ponto e vírgula', 'dois pontos', 'ponto final', 'nova linha'
 * (and 'novo parágrafo', 'ponto parágrafo', 'próxima linha') become punctuation. A 'vírgula'
 * between two numbers is a decimal comma: 'trinta e seis vírgula oito' -> '36,8',
 * '38 vírgula 2' -> '38,2'. A word scanner over the folded text (no regular expression with a
 * quantifier over the dictation), so linear in its length.
 */

import { fold, numberText, type Word, words } from '@pv/pt-text';
import { readSpokenNumber } from './numbers.js';

interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** Words that say punctuation, or start a phrase that does (literal alternation: linear). */
const SPOKEN_MARK =
  /(?<![a-z0-9])(?:virgula|ponto|dois pontos|nova linha|novo paragrafo|proxima linha)(?![a-z0-9])/g;
/** A number said before or after a 'vírgula' is read within this many characters. */
const NUMBER_REACH = 60;

const isLetter = (c: string) => /[a-zà-öø-ÿ]/i.test(c);

/** The number that ends exactly at `end` (digits or words), as its start and digits. */
function numberEndingAt(folded: string, end: number): { start: number; digits: string } | null {
  const list = words(folded, Math.max(0, end - NUMBER_REACH), end);
  const last = list[list.length - 1];
  if (!last || !/^\s?$/.test(folded.slice(last.end, end))) return null;
  if (/^\d{1,6}$/.test(last.text)) return { start: last.start, digits: last.text };
  // The longest run of words that reads as one number and ends with the last word.
  for (let j = Math.max(0, list.length - 12); j < list.length; j++) {
    const read = readSpokenNumber(folded, list, j);
    if (read && read.next === list.length) {
      return { start: (list[j] as Word).start, digits: numberText(read.value) };
    }
  }
  return null;
}

/** The number that starts right after `start` (digits or words), as its end and digits. */
function numberStartingAt(folded: string, start: number): { end: number; digits: string } | null {
  const list = words(folded, start, Math.min(folded.length, start + NUMBER_REACH));
  const first = list[0];
  if (!first || !/^\s?$/.test(folded.slice(start, first.start))) return null;
  if (/^\d{1,3}$/.test(first.text)) return { end: first.end, digits: first.text };
  const read = readSpokenNumber(folded, list, 0);
  if (!read || read.value >= 1000 || !Number.isInteger(read.value)) return null;
  return { end: (list[read.next - 1] as Word).end, digits: numberText(read.value) };
}

/** Dictated punctuation becomes punctuation (see the file comment). */
export function applyDictatedPunctuation(input: string): string {
  const text = input.replace(/\r\n?/g, '\n').replace(/[ \t\u00a0]{1,1000}/g, ' ');
  const folded = fold(text);
  const replacements: Replacement[] = [];
  let floor = 0;
  SPOKEN_MARK.lastIndex = 0;
  for (let m = SPOKEN_MARK.exec(folded); m; m = SPOKEN_MARK.exec(folded)) {
    const word = m[0];
    let start = m.index;
    let end = start + word.length;
    let mark: string | null = null;
    if (word === 'virgula') {
      const before = numberEndingAt(folded, start);
      const after = before ? numberStartingAt(folded, end) : null;
      if (before && after && before.start >= floor) {
        // A decimal number: '36 vírgula 8', 'trinta e seis vírgula oito' -> '36,8'.
        replacements.push({
          start: before.start,
          end: after.end,
          text: `${before.digits},${after.digits}`,
        });
        floor = after.end;
        SPOKEN_MARK.lastIndex = after.end;
        continue;
      }
      mark = ', ';
    } else if (word === 'ponto') {
      const next = /^ (e virgula|final|paragrafo)(?![a-z0-9])/.exec(folded.slice(end, end + 16));
      if (next) {
        end += next[0].length;
        mark = next[1] === 'e virgula' ? '; ' : next[1] === 'final' ? '. ' : '.\n';
      }
    } else if (word === 'dois pontos') {
      const after = /^ ?(.)/.exec(text.slice(end, end + 2));
      if (after?.[1] && isLetter(after[1])) mark = ': ';
    } else {
      mark = '.\n';
    }
    if (mark === null || start < floor) continue;
    // Spaces around the spoken word go with it.
    if (start > 0 && text.charCodeAt(start - 1) === 32) start--;
    if (end < text.length && text.charCodeAt(end) === 32) end++;
    replacements.push({ start, end, text: mark });
    floor = end;
    SPOKEN_MARK.lastIndex = end;
  }
  let out = '';
  let pos = 0;
  for (const r of replacements) {
    out += text.slice(pos, r.start) + r.text;
    pos = r.end;
  }
  out += text.slice(pos);
  return collapseRepeatedPeriods(out);
}

/** '. .' and '..' become one period (a 'ponto final' after a typed period). Linear scan. */
function collapseRepeatedPeriods(text: string): string {
  const parts: string[] = [];
  let from = 0;
  let i = text.indexOf('.');
  while (i >= 0) {
    // Skip blanks and further periods after this one; drop the periods (and their blanks).
    let j = i + 1;
    let lastPeriod = i;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === 46) lastPeriod = j;
      else if (c !== 32 && c !== 9) break;
      j++;
    }
    if (lastPeriod > i) {
      parts.push(text.slice(from, i + 1));
      from = lastPeriod + 1;
    }
    i = text.indexOf('.', Math.max(j, i + 1));
  }
  parts.push(text.slice(from));
  return parts.join('');
}
