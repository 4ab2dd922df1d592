/**
 * What a heading of a formatted note is, one rule for every reader (the consultation parser that
 * cuts the note into sections, the PDF layout that sets headings in bold): a line of 3 to 80
 * characters written in capitals, not a list item, with no colon except one that ends it
 * ('CONDUTA:' is a heading a clinician typed; 'PA: 120X80 MMHG' is content in capitals).
 */
export function isNoteHeading(line: string): boolean {
  const t = line.trim();
  const colon = t.indexOf(':');
  return (
    t.length >= 3 &&
    t.length <= 80 &&
    /\p{Lu}/u.test(t) &&
    t === t.toLocaleUpperCase('pt-BR') &&
    !/^[-•*\d]/.test(t) &&
    (colon === -1 || colon === t.length - 1)
  );
}

/** A heading line as its section's name: trimmed, without the colon that may end it. */
export const headingName = (line: string) => line.trim().replace(/:$/, '').trimEnd();
