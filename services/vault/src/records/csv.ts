/**
 * RFC 4180 CSV: fields separated by commas (the declared separator: README, "CSV export"), records
 * ending in CRLF, a field quoted when it holds a comma, semicolon, tab, quote, CR or LF, quotes
 * doubled inside. The file starts with a UTF-8 BOM so spreadsheet programs read the accents of
 * pt-BR text correctly.
 */
export const UTF8_BOM = '\uFEFF';

/** A cell that a spreadsheet would run as a formula is written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A spreadsheet set to another separator (pt-BR Excel and LibreOffice split on `;`, some on tab)
 * ignores our quoting and starts a new cell after each of them: text there that would run as a
 * formula gets the apostrophe too (issue 24). Linear: one pass, no backtracking across the text.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t])([ ]*)(?=[=+\-@])/g;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1$2'");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
