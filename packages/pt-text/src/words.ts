/** Words of a folded text: runs of letters a-z or of digits, with their offsets. Linear. */

/** A word of a text: folded letters or digits, with its offsets. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

const isLetter = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Calls `visit` with the offsets of each run of letters or of digits of a folded text, in order
 * ('50mg' is '50' then 'mg'). Linear.
 */
export function scanWords(
  folded: string,
  visit: (start: number, end: number) => void,
  from = 0,
  to = folded.length,
): void {
  let i = from;
  while (i < to) {
    const c = folded.charCodeAt(i);
    const letter = isLetter(c);
    if (!letter && !isDigit(c)) {
      i++;
      continue;
    }
    const start = i;
    while (i < to) {
      const d = folded.charCodeAt(i);
      if (letter ? !isLetter(d) : !isDigit(d)) break;
      i++;
    }
    visit(start, i);
  }
}

/** Letter and digit runs of a folded text. Linear. */
export function words(folded: string, from = 0, to = folded.length): Word[] {
  const out: Word[] = [];
  scanWords(
    folded,
    (start, end) => out.push({ text: folded.slice(start, end), start, end }),
    from,
    to,
  );
  return out;
}

/** Only spaces (at least one, at most `max`) between two offsets of a text. */
export function spacesBetween(text: string, from: number, to: number, max = 3): boolean {
  if (to - from < 1 || to - from > max) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}
